import { HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { historyEvents, users, worklyBindings } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';
import { bindRows, NOW, openWorklyWorld, WORKLY_CREDENTIALS } from './workly-test-world.js';

const { app, database, fake } = await openWorklyWorld();
type Company = CreatedCompany & { users: RoleUsers };
let centre: Company;
let other: Company;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const connected = { workly: { ...WORKLY_CREDENTIALS, connected_at: '2025-03-01T08:00:00.000Z' } };
  centre = await createCompanyWithRoleUsers(database.db, {
    name: 'Registon',
    subdomain: uniqueSubdomain('registon'),
    branches: ['Chilonzor', 'Yunusobod'],
    datas: connected,
  });
  other = await createCompanyWithRoleUsers(database.db, {
    name: 'Other',
    subdomain: uniqueSubdomain('other'),
    branches: ['O'],
    datas: connected,
  });
  await bindRows(database.db, centre.id, [[centre.users.admin.id, 201]]);
  await bindRows(database.db, other.id, [[other.users.cashier.id, 204]]);
  // An archived administrator cannot be bound.
  await inCompany(database.db, centre.id, (tx) =>
    tx.update(users).set({ archivedAt: NOW }).where(eq(users.id, centre.users.secondAdmin.id)),
  );
  tokens.owner = await loginAs(app, centre.subdomain, '900000008');
  tokens.ceo = await loginAs(app, centre.subdomain, '900000001');
  tokens.admin = await loginAs(app, centre.subdomain, '900000002');
  tokens.director = await loginAs(app, centre.subdomain, '900000009');
});

const bind = (body: object, token = tokens.owner) =>
  call(app, { method: 'POST', url: '/api/v1/workly', sub: centre.subdomain, token, body });
const unbind = (userId: number, token = tokens.owner) =>
  call(app, { method: 'DELETE', url: `/api/v1/workly/bindings/${userId}`, sub: centre.subdomain, token });
const list = (token = tokens.owner, query = '') =>
  call(app, { url: `/api/v1/workly/bindings${query}`, sub: centre.subdomain, token });
const events = (type: number) =>
  inCompany(database.db, centre.id, (tx) =>
    tx
      .select()
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, centre.id), eq(historyEvents.type, type))),
  );
const reasonOf = (res: { body: { error: { code: string; details: { reason: string } } } }) =>
  `${res.body.error.code}:${res.body.error.details.reason}`;

describe('GET /workly/bindings', () => {
  it('lists Workly’s employees, the company’s bindings, and its unbound staff; another company’s not', async () => {
    const res = await list(tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.employees).toHaveLength(6);
    // 204 is bound in the other company only: for this one it is free.
    expect(res.body.employees.filter((e: { bound: boolean }) => e.bound).map((e: { id: string }) => e.id)).toEqual([
      '201',
    ]);
    expect(res.body.bindings).toEqual([
      {
        user_id: centre.users.admin.id,
        user_name: 'Malika Yusupova',
        workly_employee_id: '201',
        workly_name: 'Yusupova Malika',
        bound_at: expect.any(String),
      },
    ]);
    const unbound = res.body.unbound_staff.map((s: { name: string }) => s.name);
    // Everyone but the student, the archived second admin and the bound administrator.
    expect(unbound).toEqual([
      'Aziza Nurmatova',
      'Bobur Karimov',
      'Dilnoza Rashidova',
      'Jasur Toshmatov',
      'Kamola Ergasheva',
      'Nodira Qodirova',
      'Otabek Saidov',
    ]);
    expect(res.body.policies).toEqual({ view: true, connect: false, bind: false });
    expect((await list(tokens.owner)).body.policies).toEqual({ view: true, connect: true, bind: true });
  });
});

describe('POST /workly', () => {
  it('binds a staff member to a Workly employee, records it, and the reports then show him by our name', async () => {
    const res = await bind({ user_id: centre.users.cashier.id, workly_employee_id: '204' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user_id: centre.users.cashier.id,
      user_name: 'Aziza Nurmatova',
      workly_employee_id: '204',
      workly_name: 'Nurmatova Aziza',
      bound_at: NOW.toISOString(),
    });
    const [event] = await events(HistoryEvent.worklyBound);
    expect(event).toMatchObject({ entity: 'user', entityId: centre.users.cashier.id, actorId: centre.users.owner.id });
    expect(event?.data).toEqual({
      workly_employee_id: '204',
      workly_name: 'Nurmatova Aziza',
      previous_workly_employee_id: null,
    });
    const late = await call(app, {
      url: '/api/v1/workly/late_in?date=2025-03-03',
      sub: centre.subdomain,
      token: tokens.owner,
    });
    expect(late.body.rows[0]).toMatchObject({
      user_id: centre.users.cashier.id,
      name: 'Aziza Nurmatova',
      minutes_late: 40,
    });
  });

  it('moves a bound staff member to another employee, and answers a repeated binding as it is', async () => {
    expect((await bind({ user_id: centre.users.teacher.id, workly_employee_id: '206' }, tokens.ceo)).status).toBe(200);
    const moved = await bind({ user_id: centre.users.teacher.id, workly_employee_id: '202' }, tokens.ceo);
    expect(moved.body).toMatchObject({ workly_employee_id: '202', workly_name: 'Ergasheva Kamola' });
    const before = (await events(HistoryEvent.worklyBound)).length;
    expect((await bind({ user_id: centre.users.teacher.id, workly_employee_id: '202' })).status).toBe(200);
    expect(await events(HistoryEvent.worklyBound)).toHaveLength(before);
    const rows = await inCompany(database.db, centre.id, (tx) =>
      tx.select().from(worklyBindings).where(eq(worklyBindings.userId, centre.users.teacher.id)),
    );
    expect(rows.map((r) => r.worklyEmployeeId)).toEqual(['202']);
  });

  it('refuses with the worker binding error: an unknown employee, a taken one, a student, the archived', async () => {
    expect(reasonOf(await bind({ user_id: centre.users.marketer.id, workly_employee_id: '999' }))).toBe(
      'worker_binding_error:unknown_workly_employee',
    );
    const taken = await bind({ user_id: centre.users.marketer.id, workly_employee_id: '201' });
    expect(taken.status).toBe(409);
    expect(reasonOf(taken)).toBe('worker_binding_error:workly_employee_taken');
    const student = await bind({ user_id: centre.users.student.id, workly_employee_id: '206' });
    expect(student.status).toBe(400);
    expect(reasonOf(student)).toBe('worker_binding_error:student');
    expect(reasonOf(await bind({ user_id: centre.users.secondAdmin.id, workly_employee_id: '206' }))).toBe(
      'worker_binding_error:archived',
    );
  });

  it('refuses another company’s user as one who does not exist, and binds nothing of that company', async () => {
    const res = await bind({ user_id: other.users.teacher.id, workly_employee_id: '206' });
    expect(res.status).toBe(400);
    expect(reasonOf(res)).toBe('worker_binding_error:unknown_user');
    const theirs = await inCompany(database.db, other.id, (tx) => tx.select().from(worklyBindings));
    expect(theirs.map((r) => [r.userId, r.worklyEmployeeId])).toEqual([[other.users.cashier.id, '204']]);
  });

  it('is the staff area: an administrator and a branch director are refused (403)', async () => {
    for (const token of [tokens.admin, tokens.director]) {
      expect((await bind({ user_id: centre.users.marketer.id, workly_employee_id: '206' }, token)).status).toBe(403);
      expect((await unbind(centre.users.admin.id, token)).status).toBe(403);
    }
  });
});

describe('DELETE /workly/bindings/{user_id}', () => {
  it('unbinds and records it; a second time, or another company’s binding, is not found', async () => {
    expect((await unbind(centre.users.cashier.id)).body).toEqual({ ok: true });
    const [event] = await events(HistoryEvent.worklyUnbound);
    expect(event).toMatchObject({ entityId: centre.users.cashier.id, data: { workly_employee_id: '204' } });
    expect((await unbind(centre.users.cashier.id)).status).toBe(404);
    expect((await unbind(other.users.cashier.id)).status).toBe(404);
    const theirs = await inCompany(database.db, other.id, (tx) => tx.select().from(worklyBindings));
    expect(theirs).toHaveLength(1);
  });

  it('needs no Workly: a binding is removed while Workly is down', async () => {
    await fake.stop();
    expect((await bind({ user_id: centre.users.marketer.id, workly_employee_id: '206' })).status).toBe(502);
    expect((await unbind(centre.users.teacher.id)).status).toBe(200);
  });
});
