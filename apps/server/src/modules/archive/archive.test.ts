import { type ArchiveItem, type ArchiveList, GroupStatus, localDate } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { type ArchiveWorld, createArchiveWorld } from './archive-test-world.js';

const { app, database } = await openTestApp();
let w: ArchiveWorld;

beforeAll(async () => {
  w = await createArchiveWorld(app, database.db);
}, 120_000);

const list = async (query: string, token = w.tokens.admin) =>
  (await w.api(token, 'GET', `/archive?branch_id=${w.main}${query ? `&${query}` : ''}`)) as {
    status: number;
    body: ArchiveList & { error?: { code: string } };
  };
const names = (body: ArchiveList) => body.data.map((row) => `${row.kind}:${row.name}`);
const rowOf = (body: ArchiveList, name: string) => body.data.find((row) => row.name === name) as ArchiveItem;

describe('GET /archive', () => {
  it("lists the branch's archive newest first, with who archived each, when and why", async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(names(body)).toEqual([
      'lead:Dono Lead',
      'group:Alpha',
      'staff:Sevara Cashier',
      'teacher:Botir Teacher',
      'student:Aziz Archived',
    ]);
    expect(body.counts).toEqual({ all: 5, student: 1, teacher: 1, staff: 1, group: 1, lead: 1 });
    expect(body.pagination).toMatchObject({ total: 5, count: 5, current_page: 1 });
    expect(rowOf(body, 'Aziz Archived')).toMatchObject({
      kind: 'student',
      id: w.ids.student,
      phone: '960000011',
      archived_by: { id: w.users.admin.id, name: 'Malika Yusupova' },
      reason: 'Moved away',
    });
    expect(rowOf(body, 'Dono Lead')).toMatchObject({
      archived_by: { id: w.users.marketer.id, name: 'Otabek Saidov' },
      reason: 'Too expensive',
    });
    expect(rowOf(body, 'Alpha')).toMatchObject({
      course: 'English',
      reason: null,
      archived_by: { name: 'Malika Yusupova' },
    });
    expect(rowOf(body, 'Sevara Cashier').archived_by?.name).toBe('Bobur Karimov');
    expect(body.data.every((row) => row.archived_at.slice(0, 10) >= localDate(new Date(Date.now() - 86_400_000)))).toBe(
      true,
    );
  });

  it('tells each row what the caller may do, by the owning module’s rules', async () => {
    const asAdmin = (await list('')).body;
    expect(rowOf(asAdmin, 'Aziz Archived').policies).toEqual({ restore: true, open: true });
    expect(rowOf(asAdmin, 'Botir Teacher').policies).toEqual({ restore: true, open: true });
    // Staff are the owner's and the CEO's (spec §6): an administrator sees the row, restores and opens nothing.
    expect(rowOf(asAdmin, 'Sevara Cashier').policies).toEqual({ restore: false, open: false });
    expect(rowOf(asAdmin, 'Alpha').policies).toEqual({ restore: true, open: true });
    expect(rowOf(asAdmin, 'Dono Lead').policies).toEqual({ restore: true, open: false });
    const asOwner = (await list('', w.tokens.owner)).body;
    expect(rowOf(asOwner, 'Sevara Cashier').policies).toEqual({ restore: true, open: true });
  });

  it('filters by kind, search and period, paging within the kind', async () => {
    expect(names((await list('kind=teacher')).body)).toEqual(['teacher:Botir Teacher']);
    const people = await list('search=aziz');
    expect(names(people.body)).toEqual(['student:Aziz Archived']);
    expect(people.body.counts.all).toBe(1);
    expect(names((await list('search=960000021')).body)).toEqual(['lead:Dono Lead']);
    expect(names((await list('search=ENG')).body)).toEqual(['group:Alpha']);
    const page2 = await list('per_page=2&page=2');
    expect(names(page2.body)).toEqual(['staff:Sevara Cashier', 'teacher:Botir Teacher']);
    expect(page2.body.pagination).toMatchObject({ total: 5, total_pages: 3 });
    expect((await list('from=2000-01-01&till=2000-01-31')).body.counts.all).toBe(0);
    expect((await list('from=2000-01-31&till=2000-01-01')).status).toBe(400);
  });

  it("keeps to the branch and the company: North's archive is North's, another company's is never shown", async () => {
    const north = await w.api(w.tokens.owner, 'GET', `/archive?branch_id=${w.north}`);
    expect(north.body.data.map((row: ArchiveItem) => row.name)).toEqual(['Nodir North']);
    expect((await list('search=Elsewhere', w.tokens.owner)).body.counts.all).toBe(0);
    expect((await w.api(w.tokens.mainAdmin, 'GET', `/archive?branch_id=${w.north}`)).status).toBe(403);
  });

  it('admits administrators and the branch director, refuses the limited admin, cashier and marketer', async () => {
    for (const token of [w.tokens.secondAdmin, w.tokens.director, w.tokens.mainAdmin])
      expect((await list('', token)).status).toBe(200);
    for (const token of [w.tokens.limitedAdmin, w.tokens.cashier, w.tokens.marketer])
      expect((await list('', token)).status).toBe(403);
  });
});

describe('POST /archive/:kind/:id/restore', () => {
  const restore = (kind: string, id: number, token = w.tokens.admin) =>
    w.api(token, 'POST', `/archive/${kind}/${id}/restore`);

  it('refuses what the owning module refuses: staff for an administrator, another branch, a wrong kind', async () => {
    expect((await restore('staff', w.ids.staff)).status).toBe(403);
    expect((await restore('student', w.ids.northStudent, w.tokens.mainAdmin)).status).toBe(404);
    expect((await restore('teacher', w.ids.student)).status).toBe(404);
    expect((await restore('student', w.ids.student, w.tokens.limitedAdmin)).status).toBe(403);
    expect((await list('')).body.counts.all).toBe(5);
  });

  it('restores a student through the users module, who then leaves the archive', async () => {
    const res = await restore('student', w.ids.student);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, kind: 'student', id: w.ids.student });
    const profile = await w.api(w.tokens.admin, 'GET', `/user/${w.ids.student}`);
    expect(profile.body.archived_at).toBeNull();
    const history = await w.api(w.tokens.owner, 'GET', `/user/${w.ids.student}/history`);
    expect(history.body.data[0]).toMatchObject({ name: 'userRestored', actor: { id: w.users.admin.id } });
    expect((await list('')).body.counts).toMatchObject({ all: 4, student: 0 });
    // Restored already: the list the caller saw is out of date.
    expect((await restore('student', w.ids.student)).status).toBe(409);
  });

  it('restores staff as the owner', async () => {
    expect((await restore('staff', w.ids.staff, w.tokens.owner)).status).toBe(200);
  });

  it('reopens a group with the status it had before the archive', async () => {
    expect((await restore('group', w.ids.group)).status).toBe(200);
    const group = await w.api(w.tokens.admin, 'GET', `/group/${w.ids.group}`);
    expect(group.body.status).toBe(GroupStatus.active);
    expect((await restore('group', w.ids.group)).status).toBe(409);
  });

  it('puts a lead back on the board through the leads module', async () => {
    expect((await restore('lead', w.ids.lead)).status).toBe(200);
    const lead = await w.api(w.tokens.admin, 'GET', `/leadData/${w.ids.lead}`);
    expect(lead.body).toMatchObject({ archived_at: null, column: 'incoming' });
    expect((await list('')).body.counts).toEqual({ all: 1, student: 0, teacher: 1, staff: 0, group: 0, lead: 0 });
  });
});
