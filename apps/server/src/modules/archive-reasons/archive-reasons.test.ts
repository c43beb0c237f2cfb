import { HistoryEvent } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { groupStudents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createArchiveReason, createCourse } from '../../seed/courses-factories.js';
import { insertGroupRow, openCatalogCompany } from '../courses/test-support.js';

const { app, database } = await openTestApp();
const { company, api, historyOf, other } = await openCatalogCompany(app, database, 'reasons');

/** A student who left a group for this reason. */
async function departFor(reasonId: number) {
  const groupId = await insertGroupRow(
    database,
    company,
    await createCourse(database.db, company.id, { name: 'English' }),
  );
  await inCompany(database.db, company.id, (tx) =>
    tx.insert(groupStudents).values({
      companyId: company.id,
      groupId,
      studentId: company.users.student.id,
      createdDate: '2026-01-10',
      status: 6,
      leftDate: '2026-02-01',
      archiveReasonId: reasonId,
    }),
  );
}

describe('archive reasons', () => {
  it('creates reasons, active by default, and lists active ones first', async () => {
    const moved = await api('POST', '/archive_reasons', { name: ' Moved away ' });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ id: expect.any(Number), name: 'Moved away', active: true, usage_count: 0 });
    await api('POST', '/archive_reasons', { name: 'Old reason', active: false });
    await api('POST', '/archive_reasons', { name: 'Price', active: true });
    const all = await api('GET', '/archive_reasons');
    expect(all.body.data.map((r: { name: string }) => r.name)).toEqual(['Moved away', 'Price', 'Old reason']);
    const active = await api('GET', '/archive_reasons?active=1');
    expect(active.body.data.map((r: { name: string }) => r.name)).toEqual(['Moved away', 'Price']);
    const inactive = await api('GET', '/archive_reasons?active=0');
    expect(inactive.body.data.map((r: { name: string }) => r.name)).toEqual(['Old reason']);
  });

  it('renames, deactivates and activates a reason, recording each change', async () => {
    const { body: r } = await api('POST', '/archive_reasons', { name: 'Schedule' });
    const off = await api('PUT', `/archive_reasons/${r.id}`, { name: 'Schedule did not fit', active: false });
    expect(off.body).toEqual({ id: r.id, name: 'Schedule did not fit', active: false, usage_count: 0 });
    const on = await api('PUT', `/archive_reasons/${r.id}`, { name: 'Schedule did not fit', active: true });
    expect(on.body.active).toBe(true);
    const events = await historyOf('archive_reason', r.id);
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.type === HistoryEvent.archiveReasonChanged)).toBe(true);
  });

  it('deletes an unused reason, and only deactivates one that departures name', async () => {
    const { body: unused } = await api('POST', '/archive_reasons', { name: 'Unused' });
    expect((await api('DELETE', `/archive_reasons/${unused.id}`)).body).toEqual({ ok: true, deactivated: false });
    expect((await api('DELETE', `/archive_reasons/${unused.id}`)).status).toBe(404);

    const { body: used } = await api('POST', '/archive_reasons', { name: 'Finished the course' });
    await departFor(used.id);
    const del = await api('DELETE', `/archive_reasons/${used.id}`);
    expect(del.body).toEqual({ ok: true, deactivated: true });
    const after = (await api('GET', '/archive_reasons')).body.data.find((r: { id: number }) => r.id === used.id);
    expect(after).toEqual({ id: used.id, name: 'Finished the course', active: false, usage_count: 1 });
  });

  it.each([
    [{ name: '' }, 'name', 'required'],
    [{ name: 'x'.repeat(101) }, 'name', 'too_big'],
    [{ name: 'A', active: 'yes' }, 'active', 'invalid_type'],
  ])('refuses %j naming the field', async (input, field, rule) => {
    const res = await api('POST', '/archive_reasons', input);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('lets a cashier read the list for archiving students, but not change it', async () => {
    const cashier = await loginAs(app, company.subdomain, '900000004');
    expect((await api('GET', '/archive_reasons', undefined, cashier)).status).toBe(200);
    expect((await api('POST', '/archive_reasons', { name: 'X' }, cashier)).status).toBe(403);
  });

  it("answers 404 for another company's reason", async () => {
    const theirs = await createArchiveReason(database.db, (await other()).id, 'Theirs');
    expect((await api('PUT', `/archive_reasons/${theirs}`, { name: 'Mine', active: true })).status).toBe(404);
    expect((await api('DELETE', `/archive_reasons/${theirs}`)).status).toBe(404);
  });
});
