import { Role } from '@crm/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { userBranches, users } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { createStaff, createStudent, createTeacher } from '../../seed/users-factories.js';
import { openBranchCompany } from './test-support.js';

const { app, database } = await openTestApp();
let ctx: Awaited<ReturnType<typeof openBranchCompany>>;
let main: number;
let north: number;
let south: number;
let west: number;
const people: Record<
  'onlySouth' | 'southAndNorth' | 'archivedSouth' | 'ceoSouth' | 'onlyWest' | 'teacherWest',
  number
> = {} as never;

beforeAll(async () => {
  ctx = await openBranchCompany(app, database, ['Main', 'North', 'South', 'West']);
  [main, north, south, west] = ctx.company.branchIds as [number, number, number, number];
  const c = ctx.company.id;
  const course = await createCourse(database.db, c, { name: 'English', code: 'ENG' });
  await createGroupRow(database.db, c, { branchId: main, courseId: course, teacherId: ctx.company.users.teacher.id });
  people.onlySouth = await createStudent(database.db, c, {
    name: 'Only South',
    phone: '901110001',
    branchIds: [south],
  });
  people.southAndNorth = await createStudent(database.db, c, {
    name: 'South and North',
    phone: '901110002',
    branchIds: [south, north],
  });
  people.archivedSouth = await createStudent(database.db, c, {
    name: 'Archived South',
    phone: '901110003',
    branchIds: [south],
    archived: true,
  });
  people.ceoSouth = await createStaff(database.db, c, {
    name: 'Second CEO',
    phone: '901110004',
    branchIds: [south],
    roles: [Role.ceo],
  });
  people.onlyWest = await createStudent(database.db, c, { name: 'Only West', phone: '901110005', branchIds: [west] });
  people.teacherWest = await createTeacher(database.db, c, {
    name: 'West Teacher',
    phone: '901110006',
    branchIds: [west],
  });
});

/** Where a person is now: his branches, main branch and whether he is archived. */
const personOf = (id: number) =>
  inCompany(database.db, ctx.company.id, async (tx) => {
    const [user] = await tx
      .select({ main: users.mainBranchId, archivedAt: users.archivedAt })
      .from(users)
      .where(and(eq(users.companyId, ctx.company.id), eq(users.id, id)));
    const rows = await tx
      .select({ id: userBranches.branchId })
      .from(userBranches)
      .where(and(eq(userBranches.companyId, ctx.company.id), eq(userBranches.userId, id)))
      .orderBy(asc(userBranches.branchId));
    return { branches: rows.map((r) => r.id), main: user?.main, archived: Boolean(user?.archivedAt) };
  });

const archive = (id: number, body: unknown, token = ctx.tokens.owner) =>
  ctx.api('POST', `/branch/${id}/archive`, body, token);

describe('archiving a branch', () => {
  it('is refused while groups still run in it (409), as the preview says', async () => {
    const preview = await ctx.api('GET', `/branch/${main}/archive-preview`);
    expect(preview.body).toMatchObject({ active_groups: 1, last_branch: false });
    const res = await archive(main, { people: 'move', move_to_branch_id: north });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('branch_has_active_groups');
    expect((await ctx.api('GET', '/branch')).body.data).toHaveLength(4);
  });

  it('previews who moves and who only loses the branch, and refuses a bad target (400) or role (403)', async () => {
    const preview = await ctx.api('GET', `/branch/${south}/archive-preview`, undefined, ctx.tokens.ceo);
    // Only South's own working student moves; the ten role users, the second CEO and the student of two
    // branches keep working elsewhere; the archived student is not counted.
    expect(preview.body).toEqual({ active_groups: 0, only_here: 1, also_elsewhere: 12, last_branch: false });
    const other = await openBranchCompany(app, database, ['Far']);
    for (const target of [south, other.company.branchIds[0], 999999]) {
      const res = await archive(south, { people: 'move', move_to_branch_id: target });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('move_to_branch_id');
    }
    expect((await archive(south, { people: 'stay' })).status).toBe(400);
    expect((await archive(south, { people: 'archive' }, ctx.tokens.director)).status).toBe(403);
    expect((await ctx.api('GET', `/branch/${south}/archive-preview`, undefined, ctx.tokens.admin)).status).toBe(403);
    expect((await personOf(people.onlySouth)).branches).toEqual([south]);
  });

  it('moves the people whose only branch it was, takes it from the others and keeps its history readable', async () => {
    const res = await archive(south, { people: 'move', move_to_branch_id: north }, ctx.tokens.ceo);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: south, name: 'South' });
    expect(res.body.archived_at).toEqual(expect.any(String));

    expect(await personOf(people.onlySouth)).toEqual({ branches: [north], main: north, archived: false });
    expect(await personOf(people.southAndNorth)).toEqual({ branches: [north], main: north, archived: false });
    expect(await personOf(people.archivedSouth)).toEqual({ branches: [north], main: north, archived: true });
    expect(await personOf(people.ceoSouth)).toEqual({ branches: [north], main: north, archived: false });
    const director = await personOf(ctx.company.users.branchDirector.id);
    expect(director.branches).toEqual([main, north, west]);
    expect(director.main).toBe(main);

    const [archived] = await ctx.events('branchArchived');
    expect(archived).toMatchObject({
      entity_id: south,
      branch_id: south,
      data: { name: 'South', people: 1, to_branch_id: north, to_branch_name: 'North' },
    });
    const moved = await ctx.events('userMovedBranch');
    expect(moved.find((e) => e.entity_id === people.onlySouth)?.data).toEqual({
      name: 'Only South',
      from: [south],
      to: [north],
    });
    // Everyday lists leave it out; the administration's archived list and the log by branch still show it.
    const names = async (token: string) =>
      (await ctx.api('GET', '/branch', undefined, token)).body.data.map((b: { name: string }) => b.name);
    expect(await names(ctx.tokens.owner)).toEqual(['Main', 'North', 'West']);
    expect(await names(ctx.tokens.director)).toEqual(['Main', 'North', 'West']);
    const archivedList = await ctx.api('GET', '/branch/all?archived=1');
    expect(archivedList.body.data).toEqual([
      expect.objectContaining({ id: south, name: 'South', people: 0, active_groups: 0 }),
    ]);
    const log = await ctx.api('GET', `/company/${ctx.company.id}/history?branch_id=${south}`);
    expect(log.status).toBe(200);
    expect(log.body.data.map((e: { name: string }) => e.name)).toContain('branchArchived');
  });

  it('archives the people whose only branch it was when asked to; they keep it as theirs', async () => {
    const res = await archive(west, { people: 'archive' });
    expect(res.status).toBe(200);
    expect(await personOf(people.onlyWest)).toEqual({ branches: [west], main: west, archived: true });
    expect(await personOf(people.teacherWest)).toEqual({ branches: [west], main: west, archived: true });
    expect((await personOf(ctx.company.users.admin.id)).branches).toEqual([main, north]);
    const [, westArchived] = await ctx.events('branchArchived');
    expect(westArchived?.data).toEqual({ name: 'West', people: 2 });
    const archivedPeople = (await ctx.events('userArchived')).map((e) => e.entity_id).sort();
    expect(archivedPeople).toEqual([people.onlyWest, people.teacherWest].sort());
  });

  it('refuses an archived branch (409 branch_archived) and the last working one (409 last_branch)', async () => {
    expect((await archive(west, { people: 'archive' })).body.error.code).toBe('branch_archived');
    const edit = await ctx.api('PUT', `/branch/${west}`, { name: 'West again' });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('branch_archived');
    const single = await openBranchCompany(app, database, ['Only']);
    const only = single.company.branchIds[0] as number;
    expect((await single.api('GET', `/branch/${only}/archive-preview`)).body.last_branch).toBe(true);
    const res = await single.api('POST', `/branch/${only}/archive`, { people: 'archive' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('last_branch');
  });
});

describe('restoring a branch', () => {
  it('brings it back to the everyday lists with its history; its people stay where they went', async () => {
    const res = await ctx.api('POST', `/branch/${south}/restore`);
    expect(res.status).toBe(200);
    expect(res.body.archived_at).toBeNull();
    expect((await ctx.api('GET', '/branch')).body.data.map((b: { id: number }) => b.id)).toContain(south);
    expect((await personOf(people.onlySouth)).branches).toEqual([north]);
    // Restoring a working branch again changes nothing.
    expect((await ctx.api('POST', `/branch/${south}/restore`)).status).toBe(200);
    const restored = await ctx.events('branchRestored');
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ entity_id: south, data: { name: 'South' } });
    expect((await ctx.api('POST', `/branch/${west}/restore`, undefined, ctx.tokens.admin)).status).toBe(403);
  });
});
