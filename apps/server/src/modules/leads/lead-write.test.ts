import type { Lead, LeadBoard } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createLeadsApiWorld, type LeadsApiWorld } from './leads-api-test-world.js';
import { nextLeadPhone } from './leads-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsApiWorld;

beforeAll(async () => {
  w = await createLeadsApiWorld(app, database.db);
});

const create = (body: Record<string, unknown>, token = w.tokens.admin, path = '/leadData') =>
  w.api(token, 'POST', path, { branch_id: w.main, name: 'New Lead', phone: nextLeadPhone(), ...body });
const incoming = async () => {
  const board = (await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${w.main}`)).body as LeadBoard;
  return board.columns[0]?.leads ?? [];
};

describe('creating a lead', () => {
  it('puts the card at the top of "incoming" with its tags, history and a create record for open boards', async () => {
    await w.lead({ name: 'Older', position: -5000 });
    const before = await w.boardTime();
    const res = await create({
      name: 'Madina',
      phone: '+998 90 123 45 67',
      comment: 'Evening groups',
      course_id: w.course,
      source_id: w.source,
      admin_id: w.company.users.admin.id,
      tag_ids: [w.leadTag],
    });
    expect(res.status).toBe(200);
    const lead = res.body as Lead;
    expect(lead).toMatchObject({
      name: 'Madina',
      phone: '901234567',
      comment: 'Evening groups',
      course: 'English',
      source: 'Instagram',
      admin: { id: w.company.users.admin.id },
      column: 'incoming',
      section_id: null,
      tags: [{ id: w.leadTag, name: 'Hot', color: '#ff4d4f' }],
      archived_at: null,
      student_id: null,
    });
    expect((await incoming())[0]?.id).toBe(lead.id);
    const records = await w.recordsAfter(before);
    expect(records).toEqual([
      expect.objectContaining({
        action: 'create',
        type: 'lead',
        uuid: lead.uuid,
        time: before + 1,
        location: { column: 'incoming', section: null },
        data: expect.objectContaining({ id: lead.id, name: 'Madina', phone: '901234567' }),
        author_id: w.company.users.admin.id,
      }),
    ]);
    const [added] = await w.historyOf('leadAdded', lead.id);
    expect(added?.data).toMatchObject({ name: 'Madina', phone: '901234567', column: 'incoming' });
  });

  it('takes the spec §7 fields from the query or the body: course by name, section with its column', async () => {
    const section = await w.api(w.tokens.admin, 'POST', '/leadSection', {
      branch_id: w.main,
      column: 'waiting',
      title: 'Call back',
    });
    const phone = nextLeadPhone();
    const byQuery = await w.api(
      w.tokens.marketer,
      'POST',
      `/leads/lead?branch_id=${w.main}&name=Query%20Lead&phone=${phone}&course=english&section=${section.body.id}`,
    );
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toMatchObject({
      name: 'Query Lead',
      course_id: w.course,
      column: 'waiting',
      section_id: section.body.id,
    });
    const quick = await create({ comment: 'walk-in', course: String(w.course) }, w.tokens.admin, '/create_lead');
    expect(quick.status).toBe(200);
    expect(quick.body).toMatchObject({ course_id: w.course, column: 'incoming', comment: 'walk-in' });
    const unknownCourse = await create({ course: 'Chinese' }, w.tokens.admin, '/leads/lead');
    expect(unknownCourse.status).toBe(400);
    expect(unknownCourse.body.error.details).toEqual([expect.objectContaining({ field: 'course' })]);
  });

  it('allows a second live lead with the same phone (people call twice)', async () => {
    const first = await create({ phone: '901112233' });
    const second = await create({ phone: '90 111 22 33' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.phone).toBe('901112233');
  });

  it('refuses bad input with field errors, and references that are not the leads of this company', async () => {
    const empty = await w.api(w.tokens.admin, 'POST', '/leadData', { branch_id: w.main, name: ' ', phone: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['name', 'phone']);
    const shortPhone = await create({ phone: '90123' });
    expect(shortPhone.body.error.details).toEqual([expect.objectContaining({ field: 'phone', rule: 'phone_invalid' })]);
    const cases: [Record<string, unknown>, string][] = [
      [{ tag_ids: [w.studentTag] }, 'tag_ids'],
      [{ source_id: 999_999 }, 'source_id'],
      [{ course_id: 999_999 }, 'course_id'],
      [{ admin_id: w.company.users.teacher.id }, 'admin_id'],
      [{ section_id: 999_999 }, 'section_id'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, field).toBe(400);
      expect(res.body.error.details, field).toEqual([expect.objectContaining({ field })]);
    }
  });

  it('lets a marketer add leads and refuses a teacher and a branch the caller does not work in', async () => {
    expect((await create({}, w.tokens.marketer)).status).toBe(200);
    const teacher = await create({}, w.tokens.teacher);
    expect(teacher.status).toBe(403);
    const otherBranch = await create({}, w.tokens.northAdmin);
    expect(otherBranch.status).toBe(403);
    expect(otherBranch.body.error.code).toBe('branch_forbidden');
    expect((await create({ branch_id: w.north }, w.tokens.northAdmin)).status).toBe(200);
  });
});

describe('reading, editing and archiving one lead', () => {
  it('edits the fields sent, keeps the tags when none are sent, and writes leadEdited and an update record', async () => {
    const made = (await create({ name: 'Edit Me', tag_ids: [w.leadTag] })).body as Lead;
    const before = await w.boardTime();
    const res = await w.api(w.tokens.marketer, 'PUT', `/leadData/${made.id}`, {
      name: 'Edited',
      phone: '+998 93 000 00 01',
      comment: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Edited', phone: '930000001', comment: null, tags: [{ id: w.leadTag }] });
    const retagged = await w.api(w.tokens.admin, 'PUT', `/leadData/${made.id}`, { tag_ids: [w.otherLeadTag] });
    expect(retagged.body.tags.map((t: { id: number }) => t.id)).toEqual([w.otherLeadTag]);
    const records = await w.recordsAfter(before);
    expect(records.map((r) => [r.action, r.uuid])).toEqual([
      ['update', made.uuid],
      ['update', made.uuid],
    ]);
    expect(records[1]?.data).toMatchObject({ name: 'Edited', tags: [expect.objectContaining({ name: 'Evening' })] });
    const edits = await w.historyOf('leadEdited', made.id);
    expect(edits[0]?.data).toMatchObject({
      changed: { name: { before: 'Edit Me', after: 'Edited' }, phone: { after: '930000001' } },
    });
    const unchanged = await w.api(w.tokens.admin, 'PUT', `/leadData/${made.id}`, { name: 'Edited' });
    expect(unchanged.status).toBe(200);
    expect(await w.recordsAfter(before)).toHaveLength(2);
    expect((await w.api(w.tokens.admin, 'GET', `/leadData/${made.id}`)).body).toMatchObject({ name: 'Edited' });
  });

  it('archives with a deletion reason (a delete record), and then refuses to edit it', async () => {
    const made = (await create({ name: 'Leaving' })).body as Lead;
    const noReason = await w.api(w.tokens.admin, 'DELETE', `/leadData/${made.id}`);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe('lead_reason_required');
    const before = await w.boardTime();
    const res = await w.api(w.tokens.marketer, 'DELETE', `/leadData/${made.id}?reason_id=${w.reason}`);
    expect(res.status).toBe(200);
    expect(await w.recordsAfter(before)).toEqual([
      expect.objectContaining({ action: 'delete', uuid: made.uuid, data: { id: made.id, reason_id: w.reason } }),
    ]);
    const shown = await w.api(w.tokens.admin, 'GET', `/leadData/${made.id}`);
    expect(shown.body).toMatchObject({ archive_reason: { id: w.reason, title: 'Too expensive' } });
    expect(shown.body.archived_at).not.toBeNull();
    const edit = await w.api(w.tokens.admin, 'PUT', `/leadData/${made.id}`, { name: 'Too late' });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('lead_not_on_board');
  });

  it('refuses a teacher, another branch and an unknown id', async () => {
    const made = (await create({})).body as Lead;
    expect((await w.api(w.tokens.teacher, 'GET', `/leadData/${made.id}`)).status).toBe(403);
    expect((await w.api(w.tokens.northAdmin, 'GET', `/leadData/${made.id}`)).status).toBe(403);
    expect((await w.api(w.tokens.northAdmin, 'PUT', `/leadData/${made.id}`, { name: 'X' })).status).toBe(403);
    expect((await w.api(w.tokens.admin, 'GET', '/leadData/99999999')).status).toBe(404);
    const badEdit = await w.api(w.tokens.admin, 'PUT', `/leadData/${made.id}`, { phone: 'abc' });
    expect(badEdit.status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('describes the leads routes, with the spec §7 fields of POST /leads/lead', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const path of ['/api/v1/leadData/{id}', '/api/v1/leads/archive/{id}/restore', '/api/v1/group/lead/{id}']) {
      expect(paths).toContain(path);
    }
    const body = doc.paths['/api/v1/leads/lead'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['branch_id', 'course', 'section']));
  });
});
