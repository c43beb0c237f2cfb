import { HistoryEvent, Role } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import {
  type CreatedCompany,
  createCompanyWithRoleUsers,
  createRoomRow,
  createUser,
  type RoleUsers,
} from '../../seed/factories.js';

const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let admin: string;
let owner: string;
const sub = () => company.subdomain;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Rooms Co',
    subdomain: uniqueSubdomain('rooms'),
    branches: ['Main', 'North'],
  });
  admin = await loginAs(app, sub(), '900000002');
  owner = await loginAs(app, sub(), '900000008');
});

const createRoom = (token: string, body: unknown) =>
  call(app, { method: 'POST', url: '/api/v1/room', sub: sub(), token, body });

describe('rooms', () => {
  it('creates a room, answering id and name, and lists it in its branch', async () => {
    const branch = company.branchIds[0];
    const res = await createRoom(admin, { name: '  Room 7 ', capacity: 14, branch_id: branch });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Room 7' });
    const list = await call(app, { url: `/api/v1/room?branch_id=${branch}`, sub: sub(), token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual({ id: res.body.id, name: 'Room 7', capacity: 14, branch_id: branch });
    expect(list.body.pagination).toMatchObject({ current_page: 1, per_page: 50, total: list.body.data.length });
  });

  it('edits and deletes a room, writing a history event for each change', async () => {
    const { body: created } = await createRoom(admin, { name: 'Temp', capacity: 5, branch_id: company.branchIds[0] });
    const put = await call(app, {
      method: 'PUT',
      url: `/api/v1/room/${created.id}`,
      sub: sub(),
      token: admin,
      body: { name: 'Renamed', capacity: 6 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: created.id, name: 'Renamed', capacity: 6 });
    const del = await call(app, { method: 'DELETE', url: `/api/v1/room/${created.id}`, sub: sub(), token: admin });
    expect(del.body).toEqual({ ok: true });
    const again = await call(app, { method: 'DELETE', url: `/api/v1/room/${created.id}`, sub: sub(), token: admin });
    expect(again.status).toBe(404);

    const history = await call(app, {
      url: `/api/v1/company/${company.id}/history?entity=room`,
      sub: sub(),
      token: owner,
    });
    const events = history.body.data.filter((e: { entity_id: number }) => e.entity_id === created.id);
    expect(events.map((e: { type: number }) => e.type).sort()).toEqual(
      [HistoryEvent.roomCreated, HistoryEvent.roomEdited, HistoryEvent.roomDeleted].sort(),
    );
    expect(events.find((e: { type: number }) => e.type === HistoryEvent.roomEdited).data).toEqual({
      before: { name: 'Temp', capacity: 5 },
      after: { name: 'Renamed', capacity: 6 },
    });
    expect(events[0].actor).toEqual({ id: company.users.admin.id, name: 'Malika Yusupova', gender: null });
  });

  it.each([
    [{ name: '', capacity: 10 }, 'name', 'required'],
    [{ name: '   ', capacity: 10 }, 'name', 'required'],
    [{ capacity: 10 }, 'name', 'required'],
    [{ name: 'x'.repeat(101), capacity: 10 }, 'name', 'too_big'],
    [{ name: 'A', capacity: 0 }, 'capacity', 'too_small'],
    [{ name: 'A', capacity: -3 }, 'capacity', 'too_small'],
    [{ name: 'A', capacity: 2.5 }, 'capacity', 'invalid_type'],
    [{ name: 'A', capacity: 'ten' }, 'capacity', 'invalid_type'],
    [{ name: 'A' }, 'capacity', 'required'],
  ])('refuses %j naming the field', async (input, field, rule) => {
    const res = await createRoom(admin, { ...input, branch_id: company.branchIds[0] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('keeps nothing of a refused room', async () => {
    const before = await call(app, { url: '/api/v1/room?per_page=500', sub: sub(), token: owner });
    await createRoom(admin, { name: '', capacity: 0, branch_id: company.branchIds[0] });
    const after = await call(app, { url: '/api/v1/room?per_page=500', sub: sub(), token: owner });
    expect(after.body.pagination.total).toBe(before.body.pagination.total);
  });

  it('refuses an anonymous caller (401) and a teacher (403)', async () => {
    const anonymous = await call(app, { url: '/api/v1/room', sub: sub() });
    expect(anonymous.status).toBe(401);
    const teacher = await loginAs(app, sub(), '900000006');
    const res = await call(app, { url: '/api/v1/room', sub: sub(), token: teacher });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'forbidden',
      message: 'Forbidden: You are not allowed to access this resource.',
    });
    const post = await createRoom(teacher, { name: 'Sneaky', capacity: 3, branch_id: company.branchIds[0] });
    expect(post.status).toBe(403);
  });

  it("answers 404 for another company's room, and leaves it untouched", async () => {
    const otherCo = await createCompanyWithRoleUsers(database.db, {
      name: 'Other',
      subdomain: uniqueSubdomain('other'),
      branches: ['O'],
    });
    const foreignRoom = await createRoomRow(database.db, otherCo.id, otherCo.branchIds[0]!, 'Theirs', 9);
    const put = await call(app, {
      method: 'PUT',
      url: `/api/v1/room/${foreignRoom}`,
      sub: sub(),
      token: owner,
      body: { name: 'Mine', capacity: 1 },
    });
    expect(put.status).toBe(404);
    const del = await call(app, { method: 'DELETE', url: `/api/v1/room/${foreignRoom}`, sub: sub(), token: owner });
    expect(del.status).toBe(404);
    const theirToken = await loginAs(app, otherCo.subdomain, '900000001');
    const theirs = await call(app, { url: '/api/v1/room', sub: otherCo.subdomain, token: theirToken });
    expect(theirs.body.data).toEqual([
      { id: foreignRoom, name: 'Theirs', capacity: 9, branch_id: otherCo.branchIds[0] },
    ]);
    // Their branch id is no branch of ours either.
    const post = await createRoom(owner, { name: 'X', capacity: 1, branch_id: otherCo.branchIds[0] });
    expect(post.status).toBe(403);
  });

  it('keeps an administrator to his own branches', async () => {
    const [main, north] = company.branchIds as [number, number];
    await createUser(database.db, company.id, {
      name: 'Main-only admin',
      phone: '933333333',
      roles: [Role.admin],
      branchIds: [main],
    });
    const mainAdmin = await loginAs(app, sub(), '933333333');
    const northRoom = await createRoomRow(database.db, company.id, north, 'North hall', 30);

    const listNorth = await call(app, { url: `/api/v1/room?branch_id=${north}`, sub: sub(), token: mainAdmin });
    expect(listNorth.status).toBe(403);
    expect(listNorth.body.error.code).toBe('branch_forbidden');
    const listAll = await call(app, { url: '/api/v1/room?per_page=500', sub: sub(), token: mainAdmin });
    expect(listAll.body.data.every((r: { branch_id: number }) => r.branch_id === main)).toBe(true);
    const edit = await call(app, {
      method: 'PUT',
      url: `/api/v1/room/${northRoom}`,
      sub: sub(),
      token: mainAdmin,
      body: { name: 'Mine', capacity: 1 },
    });
    expect(edit.status).toBe(404);
    const create = await createRoom(mainAdmin, { name: 'Nope', capacity: 2, branch_id: north });
    expect(create.status).toBe(403);
    // The CEO sees every branch.
    const ceo = await loginAs(app, sub(), '900000001');
    expect((await call(app, { url: `/api/v1/room?branch_id=${north}`, sub: sub(), token: ceo })).status).toBe(200);
  });

  it('pages the list', async () => {
    const branch = company.branchIds[1]!;
    for (let i = 0; i < 3; i++) await createRoom(owner, { name: `Paged ${i}`, capacity: 1, branch_id: branch });
    const page = await call(app, {
      url: `/api/v1/room?branch_id=${branch}&per_page=2&page=2`,
      sub: sub(),
      token: owner,
    });
    expect(page.body.pagination).toMatchObject({ current_page: 2, per_page: 2, count: page.body.data.length });
    expect(page.body.pagination.total).toBeGreaterThanOrEqual(3);
    expect(page.body.pagination.total_pages).toBe(Math.ceil(page.body.pagination.total / 2));
  });
});
