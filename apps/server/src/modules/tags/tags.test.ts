import { HistoryEvent, TagType } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { userTags } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createTag } from '../../seed/courses-factories.js';
import { insertLeads } from '../../seed/leads-factories.js';
import { openCatalogCompany } from '../courses/test-support.js';

const { app, database } = await openTestApp();
const { company, api, historyOf, other } = await openCatalogCompany(app, database, 'tags');

describe('tags', () => {
  it('creates tags of each type and lists them by type', async () => {
    const vip = await api('POST', '/tags', { name: ' VIP ', type: TagType.student, color: '#faad14' });
    expect(vip.status).toBe(200);
    expect(vip.body).toEqual({ id: expect.any(Number), name: 'VIP', type: 1, color: '#FAAD14', usage_count: 0 });
    await api('POST', '/tags', { name: 'Intensive', type: TagType.group });
    await api('POST', '/tags', { name: 'VIP', type: TagType.lead });
    const students = await api('GET', `/tags?type=${TagType.student}`);
    expect(students.body.data.map((t: { name: string }) => t.name)).toEqual(['VIP']);
    const all = await api('GET', '/tags');
    expect(all.body.data.map((t: { type: number }) => t.type)).toEqual([1, 2, 3]);
    expect(all.body.data[1].color).toBeNull();
  });

  it('refuses a second tag of one type with the same name, ignoring case (tag_exists)', async () => {
    await api('POST', '/tags', { name: 'Olympiad', type: TagType.student });
    const dup = await api('POST', '/tags', { name: 'OLYMPIAD', type: TagType.student });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 'tag_exists', details: { field: 'name' } });
    const { body: other } = await api('POST', '/tags', { name: 'Discount', type: TagType.student });
    const rename = await api('PUT', `/tags/${other.id}`, { name: 'olympiad' });
    expect(rename.body.error.code).toBe('tag_exists');
  });

  it.each([
    [{ name: '', type: 1 }, 'name', 'required'],
    [{ name: 'x'.repeat(51), type: 1 }, 'name', 'too_big'],
    [{ name: 'A', type: 9 }, 'type', 'custom'],
    [{ name: 'A' }, 'type', 'required'],
    [{ name: 'A', type: 1, color: 'red' }, 'color', 'invalid_format'],
  ])('refuses %j naming the field', async (input, field, rule) => {
    const res = await api('POST', '/tags', input);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it("counts a lead tag's leads as its usage", async () => {
    const { body: tag } = await api('POST', '/tags', { name: 'Warm', type: TagType.lead });
    await insertLeads(database.db, company.id, [
      { branchId: company.branchIds[0]!, name: 'Tagged', phone: '951234567', tagIds: [tag.id] },
    ]);
    const listed = (await api('GET', `/tags?type=${TagType.lead}`)).body.data.find(
      (t: { id: number }) => t.id === tag.id,
    );
    expect(listed.usage_count).toBe(1);
  });

  it('edits name and colour, keeps the type, deletes with the assignments, and records each change', async () => {
    const { body: tag } = await api('POST', '/tags', { name: 'Debt', type: TagType.student, color: '#F5222D' });
    await inCompany(database.db, company.id, (tx) =>
      tx.insert(userTags).values({ companyId: company.id, userId: company.users.student.id, tagId: tag.id }),
    );
    const put = await api('PUT', `/tags/${tag.id}`, { name: 'Debtor', color: null, type: TagType.lead });
    expect(put.body).toEqual({ id: tag.id, name: 'Debtor', type: TagType.student, color: null, usage_count: 1 });
    expect((await api('DELETE', `/tags/${tag.id}`)).body).toEqual({ ok: true });
    expect((await api('GET', '/tags')).body.data.map((t: { id: number }) => t.id)).not.toContain(tag.id);
    const events = await historyOf('tag', tag.id);
    expect(events.every((e) => e.type === HistoryEvent.tagChanged)).toBe(true);
    expect(events.map((e) => e.data.action).sort()).toEqual(['created', 'deleted', 'updated']);
  });

  it('lets a cashier read student tags only, and no one outside the tags area change them', async () => {
    const cashier = await loginAs(app, company.subdomain, '900000004');
    const list = await api('GET', '/tags', undefined, cashier);
    expect(list.status).toBe(200);
    expect(list.body.data.every((t: { type: number }) => t.type === TagType.student)).toBe(true);
    expect((await api('GET', `/tags?type=${TagType.lead}`, undefined, cashier)).status).toBe(403);
    expect((await api('POST', '/tags', { name: 'Mine', type: 1 }, cashier)).status).toBe(403);
    const marketer = await loginAs(app, company.subdomain, '900000005');
    expect((await api('POST', '/tags', { name: 'Hot', type: TagType.lead }, marketer)).status).toBe(200);
  });

  it("answers 404 for another company's tag", async () => {
    const theirs = await createTag(database.db, (await other()).id, 'Theirs');
    expect((await api('PUT', `/tags/${theirs}`, { name: 'Mine' })).status).toBe(404);
    expect((await api('DELETE', `/tags/${theirs}`)).status).toBe(404);
    expect((await api('POST', '/tags', { name: 'Theirs', type: 1 })).status).toBe(200);
  });
});
