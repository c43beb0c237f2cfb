import { GroupStatus, Role, StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { createCourse, createTag } from '../../seed/courses-factories.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStudent, createTeacher, insertPeople } from '../../seed/users-factories.js';

const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let main: number;
let north: number;
let ceo: string;
let admin: string;
const ids: Record<string, number> = {};
let courseA: number;
let courseB: number;
let groupA: number;
let vipTag: number;
let teacher: number;

const sub = () => company.subdomain;
const list = async (token: string, query: string, path = '/user') => {
  const res = await call(app, { url: `/api/v1${path}?${query}`, sub: sub(), token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: { id: number; name: string }[]; pagination: Record<string, number> };
};
const namesOf = (body: { data: { name: string }[] }) => body.data.map((u) => u.name);

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'List Co',
    subdomain: uniqueSubdomain('list'),
    branches: ['Main', 'North'],
  });
  [main, north] = company.branchIds as [number, number];
  [ceo, admin] = await Promise.all(['900000001', '900000002'].map((p) => loginAs(app, sub(), p)));
  courseA = await createCourse(database.db, company.id, { name: 'English', code: 'ENG' });
  courseB = await createCourse(database.db, company.id, { name: 'Math', code: 'MTH' });
  vipTag = await createTag(database.db, company.id, 'VIP');
  teacher = await createTeacher(database.db, company.id, {
    name: 'Zarina Teacher',
    phone: '911000001',
    branchIds: [main],
  });
  const people: [string, string, number[]][] = [
    ['Anvar Qodirov', '911111111', [main]],
    ['Bekzod Aliyev', '912222222', [main]],
    ['Charos Nazarova', '913333333', [north]],
    ['Dilnoza Saidova', '914444444', [main, north]],
  ];
  const created = await insertPeople(
    database.db,
    company.id,
    [Role.student],
    people.map(([name, phone, branchIds]) => ({ name, phone, branchIds, extId: `ext-${phone}` })),
  );
  people.forEach(([name], i) => {
    ids[name] = created[i] as number;
  });
  ids.archived = await createStudent(database.db, company.id, {
    name: 'Archived Anvar',
    phone: '915555555',
    branchIds: [main],
    archived: true,
  });
  await createTag(database.db, company.id, 'Unused');
  await addTags(ids['Bekzod Aliyev'] as number, [vipTag]);
  groupA = await createGroupRow(database.db, company.id, { branchId: main, courseId: courseA, teacherId: teacher });
  const groupB = await createGroupRow(database.db, company.id, {
    branchId: north,
    courseId: courseB,
    teacherId: teacher,
  });
  await addStudentToGroupRow(database.db, company.id, groupA, ids['Anvar Qodirov'] as number, {
    status: StudentStatus.active,
  });
  await addStudentToGroupRow(database.db, company.id, groupA, ids['Bekzod Aliyev'] as number, {
    status: StudentStatus.frozen,
  });
  await addStudentToGroupRow(database.db, company.id, groupB, ids['Bekzod Aliyev'] as number, {
    status: StudentStatus.active,
  });
  await addStudentToGroupRow(database.db, company.id, groupB, ids['Charos Nazarova'] as number, {
    status: StudentStatus.archived,
  });
});

async function addTags(userId: number, tagIds: number[]) {
  const res = await call(app, {
    method: 'PUT',
    url: `/api/v1/user/${userId}`,
    sub: sub(),
    token: await loginAs(app, sub(), '900000001'),
    body: { tag_ids: tagIds },
  });
  expect(res.status).toBe(200);
}

describe('GET /user filters (spec §7)', () => {
  it('lists active students, newest first, with branches, tags and current groups', async () => {
    const body = await list(ceo, 'user_type=student');
    expect(namesOf(body)).toEqual([
      'Dilnoza Saidova',
      'Charos Nazarova',
      'Bekzod Aliyev',
      'Anvar Qodirov',
      'Ali Valiyev',
    ]);
    const bekzod = body.data.find((u) => u.name === 'Bekzod Aliyev') as unknown as {
      tags: unknown[];
      groups: { id: number; student_status: number; course: { name: string }; teacher: { name: string } }[];
    };
    expect(bekzod.tags).toEqual([{ id: vipTag, name: 'VIP', color: null }]);
    expect(bekzod.groups).toHaveLength(2);
    expect(bekzod.groups.find((g) => g.id === groupA)).toMatchObject({
      student_status: StudentStatus.frozen,
      course: { name: 'English' },
      teacher: { name: 'Zarina Teacher' },
    });
    // A group the student left is not among his current groups.
    const charos = body.data.find((u) => u.name === 'Charos Nazarova') as unknown as { groups: unknown[] };
    expect(charos.groups).toEqual([]);
    expect(body.pagination).toEqual({
      count: 5,
      current_page: 1,
      last_page: 1,
      per_page: 50,
      total: 5,
      total_pages: 1,
    });
  });

  it('searches name or phone by substring', async () => {
    expect(namesOf(await list(ceo, 'name_or_phone=anvar'))).toEqual(['Anvar Qodirov']);
    expect(namesOf(await list(ceo, 'name_or_phone=ALIYEV'))).toEqual(['Bekzod Aliyev', 'Ali Valiyev']);
    expect(namesOf(await list(ceo, `name_or_phone=${encodeURIComponent('91 333')}`))).toEqual(['Charos Nazarova']);
    expect(namesOf(await list(ceo, 'name_or_phone=%25'))).toEqual([]);
  });

  it('filters by course and student status through the group memberships', async () => {
    expect(namesOf(await list(ceo, `course_id=${courseA}`)).sort()).toEqual(['Anvar Qodirov', 'Bekzod Aliyev']);
    expect(namesOf(await list(ceo, `statuses=${StudentStatus.active}`)).sort()).toEqual([
      'Anvar Qodirov',
      'Bekzod Aliyev',
    ]);
    // Active in English is one membership: Bekzod is frozen there and active elsewhere.
    expect(namesOf(await list(ceo, `course_id=${courseA}&statuses=${StudentStatus.active}`))).toEqual([
      'Anvar Qodirov',
    ]);
    const several = await list(ceo, `statuses=${StudentStatus.frozen},${StudentStatus.archived}`);
    expect(namesOf(several).sort()).toEqual(['Bekzod Aliyev', 'Charos Nazarova']);
    const repeated = await list(ceo, `statuses=${StudentStatus.frozen}&statuses=${StudentStatus.archived}`);
    expect(namesOf(repeated).sort()).toEqual(['Bekzod Aliyev', 'Charos Nazarova']);
    expect(namesOf(await list(ceo, `user_type=teacher&course_id=${courseB}`))).toEqual(['Zarina Teacher']);
  });

  it('filters by tags, ext_id and branch; ignores empty values', async () => {
    expect(namesOf(await list(ceo, `tag_ids=${vipTag}`))).toEqual(['Bekzod Aliyev']);
    expect(namesOf(await list(ceo, 'ext_id=ext-913333333'))).toEqual(['Charos Nazarova']);
    expect(namesOf(await list(ceo, `branch_id=${north}`))).toEqual([
      'Dilnoza Saidova',
      'Charos Nazarova',
      'Ali Valiyev',
    ]);
    const withEmpty = await list(ceo, 'user_type=student&name_or_phone=&tag_ids=&finance=');
    expect(withEmpty.pagination.total).toBe(5);
  });

  it('shows each student’s balance and filters debtors, students in credit and students at zero', async () => {
    const book = async (url: string, body: object) => {
      const res = await call(app, {
        method: 'POST',
        url: `/api/v1${url}`,
        sub: sub(),
        token: ceo,
        body: { date: '2026-11-02', ...body },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await book('/payment', { student_id: ids['Anvar Qodirov'], amount: 300_000, method: 'cash' });
    await book(`/write-off/custom/${ids['Bekzod Aliyev']}`, { amount: 120_000, comment: 'Books' });
    // Paid and then refunded in full: a balance row at zero counts as zero.
    await book('/payment', { student_id: ids['Charos Nazarova'], amount: 50_000, method: 'cash' });
    await book('/refund', { student_id: ids['Charos Nazarova'], amount: 50_000, method: 'cash' });

    const balances = (await list(ceo, 'user_type=student')).data.map((u) => [
      u.name,
      (u as { balance?: number }).balance,
    ]);
    expect(balances).toEqual([
      ['Dilnoza Saidova', 0],
      ['Charos Nazarova', 0],
      ['Bekzod Aliyev', -120_000],
      ['Anvar Qodirov', 300_000],
      ['Ali Valiyev', 0],
    ]);
    expect(namesOf(await list(ceo, 'finance=debtors'))).toEqual(['Bekzod Aliyev']);
    expect(namesOf(await list(ceo, 'finance=credit'))).toEqual(['Anvar Qodirov']);
    expect(namesOf(await list(ceo, 'finance=zero'))).toEqual(['Dilnoza Saidova', 'Charos Nazarova', 'Ali Valiyev']);
    // Filters combine: the debtors of the North branch are none.
    expect((await list(ceo, `finance=debtors&branch_id=${north}`)).pagination.total).toBe(0);
    // Teachers carry no balance.
    const teachers = await list(ceo, 'user_type=teacher');
    expect(teachers.data.every((u) => !('balance' in u))).toBe(true);

    const unknown = await call(app, { url: '/api/v1/user?finance=rich', sub: sub(), token: ceo });
    expect([unknown.status, unknown.body.error.code]).toEqual([400, 'validation_failed']);
  });

  it('sorts by name and pages (50 a page by default)', async () => {
    const sorted = await list(ceo, 'sort_by_name=1');
    expect(namesOf(sorted)).toEqual([...namesOf(sorted)].sort((a, b) => a.localeCompare(b)));
    const second = await list(ceo, 'sort_by_name=true&per_page=2&page=2');
    expect(namesOf(second)).toEqual(['Bekzod Aliyev', 'Charos Nazarova']);
    expect(second.pagination).toEqual({
      count: 2,
      current_page: 2,
      last_page: 3,
      per_page: 2,
      total: 5,
      total_pages: 3,
    });
    const many = await insertPeople(
      database.db,
      company.id,
      [Role.student],
      Array.from({ length: 60 }, (_, i) => ({
        name: `Paged ${i}`,
        phone: `95${String(1000000 + i)}`,
        branchIds: [north],
      })),
    );
    const firstPage = await list(ceo, `branch_id=${north}`);
    expect(firstPage.data).toHaveLength(50);
    expect(firstPage.pagination).toMatchObject({ per_page: 50, total: 63, total_pages: 2 });
    expect(firstPage.data[0]?.id).toBe(many[59]);
  });

  it('lists the archive apart, with the same filters', async () => {
    const archived = await list(ceo, 'user_type=student&name_or_phone=anvar', '/user/archived_users');
    expect(namesOf(archived)).toEqual(['Archived Anvar']);
  });

  it('lists teachers and staff by the same path, staff with their roles', async () => {
    expect(namesOf(await list(admin, `user_type=teacher&branch_id=${main}`))).toEqual([
      'Zarina Teacher',
      'Kamola Ergasheva',
    ]);
    const staff = await list(ceo, `user_type=staff&branch_id=${main}`);
    expect(staff.pagination.total).toBe(8);
    const roles = (staff.data as unknown as { roles: { id: number }[] }[]).flatMap((u) => u.roles.map((r) => r.id));
    expect(roles).not.toContain(Role.teacher);
    expect(roles).toContain(Role.cashier);
  });
});

describe('hard delete of a teacher', () => {
  it('is refused while he teaches groups', async () => {
    const del = (permanent: boolean) =>
      call(app, {
        method: 'DELETE',
        url: `/api/v1/user/${teacher}${permanent ? '?permanent=1' : ''}`,
        sub: sub(),
        token: ceo,
      });
    expect((await del(false)).status).toBe(200);
    const refused = await del(true);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'has_records', ids: [teacher] });
    const restore = await call(app, { method: 'POST', url: `/api/v1/user/${teacher}/restore`, sub: sub(), token: ceo });
    expect(restore.status).toBe(200);
    expect(GroupStatus.active).toBe(2);
  });
});
