import { HistoryEvent, Role, StudentStatus } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { createCourse, createTag } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStaff, createStudent, createTeacher, insertPeople } from '../../seed/users-factories.js';

/**
 * Spec §7 "Users" (search-routes.ts): POST /user/all and POST /user/delete_all act on every user a filter
 * finds; GET /user_search and GET /advanched_search find people. Each test makes its own company.
 */
const { app, database } = await openTestApp();
const { db } = database;

let phoneSeq = 0;
const nextPhone = () => `98${String(++phoneSeq).padStart(7, '0')}`;

async function newCompany() {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Search Co',
    subdomain: uniqueSubdomain('search'),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  const sub = company.subdomain;
  await createStaff(db, company.id, { name: 'Main Admin', phone: '988888888', branchIds: [main], roles: [Role.admin] });
  const tokens = {
    ceo: await loginAs(app, sub, '900000001'),
    admin: await loginAs(app, sub, '900000002'),
    cashier: await loginAs(app, sub, '900000004'),
    mainAdmin: await loginAs(app, sub, '988888888'),
  };
  const api = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body });
  const students = (names: string[], spec: { branchIds?: number[]; tagIds?: number[]; archived?: boolean } = {}) =>
    insertPeople(
      db,
      company.id,
      [Role.student],
      names.map((name) => ({ name, phone: nextPhone(), branchIds: spec.branchIds ?? [main], ...spec })),
    );
  return { company, main, north, tokens, api, students };
}

describe('POST /user/all', () => {
  it('selects every user the filters find, beyond one page, newest first, never the caller', async () => {
    const c = await newCompany();
    const vip = await createTag(db, c.company.id, 'VIP');
    const tagged = await c.students(['Vip One', 'Vip Two', 'Vip Three'], { tagIds: [vip] });
    await c.students(['Plain One', 'Plain Two']);
    const all = await c.api(c.tokens.admin, 'POST', '/user/all', { user_type: 'student', tag_ids: [vip] });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ ids: [...tagged].reverse(), total: 3, truncated: false });

    const staff = await c.api(c.tokens.ceo, 'POST', '/user/all', { user_type: 'staff' });
    expect(staff.body.ids).not.toContain(c.company.users.ceo.id);
    expect(staff.body.ids).toContain(c.company.users.admin.id);
  });

  it('looks in the archive when asked, and keeps to the branches and kinds the caller may see', async () => {
    const c = await newCompany();
    const [gone] = await c.students(['Archived Ann'], { archived: true });
    const [north] = await c.students(['North Nodir'], { branchIds: [c.north] });
    const archive = await c.api(c.tokens.admin, 'POST', '/user/all', { user_type: 'student', archived: true });
    expect(archive.body.ids).toEqual([gone]);
    const mine = await c.api(c.tokens.mainAdmin, 'POST', '/user/all', { user_type: 'student' });
    expect(mine.body.ids).not.toContain(north);
    const foreign = await c.api(c.tokens.mainAdmin, 'POST', '/user/all', { user_type: 'student', branch_id: c.north });
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'branch_forbidden']);
    expect((await c.api(c.tokens.cashier, 'POST', '/user/all', { user_type: 'staff' })).status).toBe(403);
  });
});

describe('POST /user/delete_all', () => {
  it('archives every user found when they still number what was confirmed, each with its history', async () => {
    const c = await newCompany();
    const course = await createCourse(db, c.company.id, { name: 'Chess', code: 'CH' });
    const group = await createGroupRow(db, c.company.id, {
      branchId: c.main,
      courseId: course,
      teacherId: await createTeacher(db, c.company.id, { name: 'T', phone: nextPhone(), branchIds: [c.main] }),
    });
    const frozen = await c.students(['Frozen One', 'Frozen Two']);
    const [active] = await c.students(['Active One']);
    for (const id of frozen) await addStudentToGroupRow(db, c.company.id, group, id, { status: StudentStatus.frozen });
    await addStudentToGroupRow(db, c.company.id, group, active!, { status: StudentStatus.active });
    const filters = { user_type: 'student', statuses: [StudentStatus.frozen] };

    const stale = await c.api(c.tokens.admin, 'POST', '/user/delete_all', { ...filters, expected_count: 1 });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict']);
    expect(stale.body.error.details).toEqual({ reason: 'count_changed', expected: 1, found: 2 });

    const done = await c.api(c.tokens.admin, 'POST', '/user/delete_all', { ...filters, expected_count: 2 });
    expect(done.body).toEqual({ ok: true, count: 2 });
    const left = await c.api(c.tokens.admin, 'POST', '/user/all', { user_type: 'student' });
    expect(left.body.ids).toContain(active);
    expect(left.body.ids).not.toContain(frozen[0]);
    const history = await c.api(c.tokens.admin, 'GET', `/user/${frozen[0]}/history`);
    expect(history.body.data[0]).toMatchObject({ type: HistoryEvent.userArchived });

    // From the archive, `permanent` deletes them for good.
    const gone = await c.api(c.tokens.admin, 'POST', '/user/delete_all', {
      ...filters,
      permanent: true,
      expected_count: 2,
    });
    expect(gone.body).toEqual({ ok: true, count: 2 });
    expect((await c.api(c.tokens.admin, 'GET', `/user/${frozen[0]}`)).status).toBe(404);
  });

  it('does nothing when one of them is not the caller’s to archive (all or nothing)', async () => {
    const c = await newCompany();
    const before = await c.api(c.tokens.ceo, 'POST', '/user/all', { user_type: 'staff' });
    expect(before.body.ids).toContain(c.company.users.owner.id);
    // The staff list holds the owner, whom a CEO may not archive: nobody is archived.
    const res = await c.api(c.tokens.ceo, 'POST', '/user/delete_all', {
      user_type: 'staff',
      expected_count: before.body.total,
    });
    expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
    expect((await c.api(c.tokens.ceo, 'POST', '/user/all', { user_type: 'staff' })).body).toEqual(before.body);
    // Staff are the owner's and the CEO's only (spec §6).
    const admin = await c.api(c.tokens.admin, 'POST', '/user/delete_all', { user_type: 'staff', expected_count: 1 });
    expect(admin.status).toBe(403);
  });
});

describe('GET /user_search', () => {
  it('finds people by name or phone, names starting with the text first, of the kinds the caller may open', async () => {
    const c = await newCompany();
    const [inside, first] = await c.students(['Dilnoza Karimova', 'Karim Aliyev']);
    await createTeacher(db, c.company.id, { name: 'Karimjon Teacher', phone: '977123456', branchIds: [c.main] });
    await c.students(['Karim Archived'], { archived: true });
    const byName = await c.api(c.tokens.admin, 'GET', '/user_search?search=karim');
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((p: { name: string }) => p.name)).toEqual([
      'Karim Aliyev',
      'Karimjon Teacher',
      'Dilnoza Karimova',
    ]);
    expect(byName.body.data[0]).toEqual({
      id: first,
      name: 'Karim Aliyev',
      phone: expect.any(String),
      role: Role.student,
      types: ['student'],
      main_branch: c.main,
    });
    // A cashier opens students, not teachers.
    const cashier = await c.api(c.tokens.cashier, 'GET', '/user_search?search=karim');
    expect(cashier.body.data.map((p: { id: number }) => p.id).sort()).toEqual([first, inside].sort());
    const teachers = await c.api(c.tokens.cashier, 'GET', '/user_search?search=karim&user_type=teacher');
    expect(teachers.status).toBe(403);
    const byPhone = await c.api(c.tokens.admin, 'GET', '/user_search?search=77 123');
    expect(byPhone.body.data.map((p: { name: string }) => p.name)).toEqual(['Karimjon Teacher']);
  });

  it('keeps to the caller’s branches and wants two characters at least', async () => {
    const c = await newCompany();
    await c.students(['Zafar North'], { branchIds: [c.north] });
    expect((await c.api(c.tokens.admin, 'GET', '/user_search?search=zafar')).body.data).toHaveLength(1);
    expect((await c.api(c.tokens.mainAdmin, 'GET', '/user_search?search=zafar')).body.data).toHaveLength(0);
    expect((await c.api(c.tokens.admin, 'GET', '/user_search?search=z')).status).toBe(400);
  });
});

describe('GET /advanched_search', () => {
  it('narrows GET /user by gender, birthday, group and teacher in one place, and having no group', async () => {
    const c = await newCompany();
    const course = await createCourse(db, c.company.id, { name: 'Piano', code: 'PI' });
    const teacher = await createTeacher(db, c.company.id, { name: 'Piano T', phone: nextPhone(), branchIds: [c.main] });
    const other = await createTeacher(db, c.company.id, { name: 'Other T', phone: nextPhone(), branchIds: [c.main] });
    const g1 = await createGroupRow(db, c.company.id, { branchId: c.main, courseId: course, teacherId: teacher });
    const g2 = await createGroupRow(db, c.company.id, { branchId: c.main, courseId: course, teacherId: other });
    const person = (name: string, gender: 'm' | 'f', birthday: string) =>
      createStudent(db, c.company.id, { name, phone: nextPhone(), branchIds: [c.main], gender, birthday });
    const aziza = await person('Aziza', 'f', '2012-03-01');
    const bobur = await person('Bobur', 'm', '2012-06-01');
    await person('Lola', 'f', '2005-01-01'); // in no group
    await addStudentToGroupRow(db, c.company.id, g1, aziza, { status: StudentStatus.active });
    await addStudentToGroupRow(db, c.company.id, g1, bobur, { status: StudentStatus.frozen });
    await addStudentToGroupRow(db, c.company.id, g2, bobur, { status: StudentStatus.active });

    const names = async (query: string) => {
      const res = await c.api(c.tokens.admin, 'GET', `/advanched_search?user_type=student&sort_by_name=1&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((u: { name: string }) => u.name);
    };
    expect(await names('gender=f')).toEqual(['Aziza', 'Lola']);
    expect(await names('birthday_from=2010-01-01&birthday_to=2012-12-31')).toEqual(['Aziza', 'Bobur']);
    // Active with the piano teacher is one place: Bobur is active with the other teacher, frozen with this one.
    expect(await names(`teacher_id=${teacher}&statuses=${StudentStatus.active}`)).toEqual(['Aziza']);
    expect(await names(`group_id=${g2}`)).toEqual(['Bobur']);
    expect(await names('without_group=1&gender=f')).toEqual(['Lola']);
    expect(await names(`created_from=2000-01-01&gender=m`)).toEqual(['Bobur']);
    expect(await names(`created_to=2000-01-01`)).toEqual([]);

    const backwards = await c.api(
      c.tokens.admin,
      'GET',
      '/advanched_search?birthday_from=2012-01-01&birthday_to=2000-01-01',
    );
    expect(backwards.body.error.details).toEqual([expect.objectContaining({ field: 'birthday_to' })]);
    expect((await c.api(c.tokens.cashier, 'GET', '/advanched_search?user_type=staff')).status).toBe(403);
  });
});
