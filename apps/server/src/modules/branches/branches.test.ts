import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { openBranchCompany } from './test-support.js';

const { app, database } = await openTestApp();
let ctx: Awaited<ReturnType<typeof openBranchCompany>>;

beforeAll(async () => {
  ctx = await openBranchCompany(app, database, ['Main', 'North']);
  const [main] = ctx.company.branchIds as [number];
  const course = await createCourse(database.db, ctx.company.id, { name: 'English', code: 'ENG' });
  await createGroupRow(database.db, ctx.company.id, {
    branchId: main,
    courseId: course,
    teacherId: ctx.company.users.teacher.id,
  });
});

describe('GET /branch/all', () => {
  it('lists the working branches with their people and running groups, and what the caller may do', async () => {
    const res = await ctx.api('GET', '/branch/all', undefined, ctx.tokens.ceo);
    expect(res.status).toBe(200);
    expect(res.body.data.map((b: { name: string }) => b.name)).toEqual(['Main', 'North']);
    // The factory puts all ten role users in every branch; one group runs in Main.
    expect(res.body.data[0]).toMatchObject({ name: 'Main', people: 10, active_groups: 1, archived_at: null });
    expect(res.body.data[1]).toMatchObject({ name: 'North', people: 10, active_groups: 0 });
    expect(res.body.policies).toEqual({ can_create: true, can_edit: true, can_archive: true });
    expect((await ctx.api('GET', '/branch/all?archived=1')).body.data).toEqual([]);
  });

  it('is for owner and CEO only (403), and signed-in callers (401)', async () => {
    expect((await ctx.api('GET', '/branch/all', undefined, ctx.tokens.director)).status).toBe(403);
    expect((await ctx.api('GET', '/branch/all', undefined, ctx.tokens.admin)).status).toBe(403);
    expect((await ctx.api('GET', '/branch/all', undefined, '')).status).toBe(401);
  });
});

describe('POST /branch and PUT /branch/{id}', () => {
  let east: number;

  it('opens a branch with its phone, hours and landmark; GET /branch lists it for everyday screens', async () => {
    const res = await ctx.api('POST', '/branch', {
      name: ' East ',
      address: 'Amir Temur 1',
      phone: '+998 90 765 43 21',
      start_of_working_day: '08:00',
      end_of_working_day: '20:00',
      landmark: 'Opposite the metro',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'East',
      phone: '907654321',
      landmark: 'Opposite the metro',
      archived_at: null,
    });
    east = res.body.id;
    const list = await ctx.api('GET', '/branch', undefined, ctx.tokens.ceo);
    expect(list.body.data.find((b: { id: number }) => b.id === east)).toEqual({
      id: east,
      name: 'East',
      address: 'Amir Temur 1',
      phone: '907654321',
      start_of_working_day: '08:00',
      end_of_working_day: '20:00',
      landmark: 'Opposite the metro',
    });
    const [created] = await ctx.events('branchCreated');
    expect(created).toMatchObject({ entity_id: east, branch_id: east, data: { name: 'East' } });
  });

  it('edits what is sent, keeps what is not, and records the changed fields under the new name', async () => {
    const res = await ctx.api('PUT', `/branch/${east}`, { name: 'East side', phone: null, landmark: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'East side', phone: null, landmark: null, address: 'Amir Temur 1' });
    expect(res.body.start_of_working_day).toBe('08:00');
    const edits = await ctx.events('branchEdited');
    expect(edits).toHaveLength(1);
    expect(edits[0]?.data).toEqual({
      name: 'East side',
      before: { name: 'East', phone: '907654321', landmark: 'Opposite the metro' },
      after: { name: 'East side', phone: null, landmark: null },
    });
    // The same values again change nothing and record nothing.
    expect((await ctx.api('PUT', `/branch/${east}`, { name: 'East side' })).status).toBe(200);
    expect(await ctx.events('branchEdited')).toHaveLength(1);
  });

  it('refuses a short name, a phone of the wrong length and hours that end before they start (400)', async () => {
    const refusals: [unknown, string][] = [
      [{ name: 'E' }, 'name'],
      [{ name: 'West', phone: '12345' }, 'phone'],
      [{ name: 'West', start_of_working_day: '18:00', end_of_working_day: '09:00' }, 'end_of_working_day'],
      [{ name: 'West', start_of_working_day: '8am' }, 'start_of_working_day'],
    ];
    for (const [body, field] of refusals) {
      const res = await ctx.api('POST', '/branch', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details[0].field).toBe(field);
    }
    // One hour sent is compared with the stored other (East side opens at 08:00).
    const late = await ctx.api('PUT', `/branch/${east}`, { name: 'East side', end_of_working_day: '07:00' });
    expect(late.status).toBe(400);
    expect((await ctx.api('GET', '/branch/all')).body.data).toHaveLength(3);
  });

  it('refuses the branch director and admins (403) and another company’s branch (404)', async () => {
    expect((await ctx.api('POST', '/branch', { name: 'West' }, ctx.tokens.director)).status).toBe(403);
    expect((await ctx.api('PUT', `/branch/${east}`, { name: 'Mine' }, ctx.tokens.admin)).status).toBe(403);
    const other = await openBranchCompany(app, database, ['Far']);
    const far = other.company.branchIds[0];
    expect((await ctx.api('PUT', `/branch/${far}`, { name: 'Mine' })).status).toBe(404);
    expect((await ctx.api('GET', `/branch/${far}/archive-preview`)).status).toBe(404);
    expect((await ctx.api('POST', `/branch/${far}/archive`, { people: 'archive' })).status).toBe(404);
    expect((await ctx.api('POST', `/branch/${far}/restore`)).status).toBe(404);
    expect((await other.api('GET', '/branch/all')).body.data[0]).toMatchObject({ name: 'Far', archived_at: null });
  });
});
