import { HistoryEvent, Role } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { createTag } from '../../seed/courses-factories.js';
import { type CreatedCompany, createCompanyWithRoleUsers, createUser, type RoleUsers } from '../../seed/factories.js';
import { insertLeads } from '../../seed/leads-factories.js';
import { createStudent, createTeacher } from '../../seed/users-factories.js';

const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let main: number;
let north: number;
let admin: string;
let ceo: string;
let owner: string;
let cashier: string;
const sub = () => company.subdomain;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'People Co',
    subdomain: uniqueSubdomain('people'),
    branches: ['Main', 'North'],
  });
  [main, north] = company.branchIds as [number, number];
  [admin, ceo, owner, cashier] = await Promise.all(
    ['900000002', '900000001', '900000008', '900000004'].map((phone) => loginAs(app, sub(), phone)),
  );
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (token: string, method: Method, url: string, body?: unknown) =>
  call(app, { method, url: `/api/v1${url}`, sub: sub(), token, body });

let phoneSeq = 0;
/** A fresh uz phone per call: 9 digits starting 93. */
const newPhone = () => `93${String(1_000_000 + phoneSeq++).slice(-7)}`;

const student = (extra: Record<string, unknown> = {}) => ({
  user_type: 'student',
  name: 'Aziz Rahimov',
  phone: newPhone(),
  branches: [main],
  ...extra,
});

const historyOf = async (id: number) => (await api(owner, 'GET', `/user/${id}/history?per_page=100`)).body.data;

describe('creating people', () => {
  it('creates a student with the full field set and shows it in his profile', async () => {
    const tag = await createTag(database.db, company.id, `VIP ${phoneSeq}`);
    const res = await api(admin, 'POST', '/user', {
      ...student(),
      name: '  Dilshod Karimov ',
      phone: '+998 93 555 12 34',
      birthday: '2011-04-03',
      gender: 'm',
      comment: 'Came from the website',
      extra_phone: '90 111 22 33',
      parent_name: 'Karim Karimov',
      parent_phone: '+998901112244',
      email: 'dilshod@example.com',
      telegram: '@dilshod',
      address: 'Chilonzor 5',
      passport_id: 'AB1234567',
      ext_id: 'EXT-1',
      tag_ids: [tag],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Dilshod Karimov' });
    const profile = await api(admin, 'GET', `/user/${res.body.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      name: 'Dilshod Karimov',
      phone: '935551234',
      birthday: '2011-04-03',
      gender: 'm',
      extra_phone: '901112233',
      parent_phone: '901112244',
      email: 'dilshod@example.com',
      ext_id: 'EXT-1',
      roles: [{ id: Role.student, name: 'Student' }],
      branches: [{ id: main, name: 'Main' }],
      main_branch: main,
      tags: [{ id: tag, name: expect.stringContaining('VIP'), color: null }],
      groups: [],
      has_password: false,
      types: ['student'],
      archived_at: null,
    });
    expect(profile.body).not.toHaveProperty('password_hash');
    const events = await historyOf(res.body.id);
    // Newest first: the parent phone of his record linked him to his parent's account (issue 24).
    expect(events.map((e: { type: number }) => e.type)).toEqual([HistoryEvent.parentLinked, HistoryEvent.userCreated]);
  });

  it.each([
    [{ name: '' }, 'name', 'required'],
    [{ phone: '9012' }, 'phone', 'too_small'],
    [{ phone: '90123456' }, 'phone', 'too_small'],
    [{ phone: '90 123 45 678 9' }, 'phone', 'phone_invalid'],
    [{ phone: 'ninety-one-two' }, 'phone', 'invalid_format'],
    [{ birthday: '2011-02-30' }, 'birthday', 'invalid_format'],
    [{ gender: 'x' }, 'gender', 'invalid_value'],
    [{ email: 'not-an-email' }, 'email', 'invalid_format'],
    [{ branches: [] }, 'branches', 'too_small'],
  ])('refuses %j naming the field', async (patch, field, rule) => {
    const res = await api(admin, 'POST', '/user', student(patch));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('checks phones by the company country: uz 9 digits, kz 10', async () => {
    const kz = await createCompanyWithRoleUsers(database.db, {
      name: 'Kz Co',
      subdomain: uniqueSubdomain('kz'),
      datas: { country: 'kz' },
      branches: ['Almaty'],
    });
    const kzCeo = await loginAs(app, kz.subdomain, '900000001');
    const post = (phone: string) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/user',
        sub: kz.subdomain,
        token: kzCeo,
        body: { user_type: 'student', name: 'Aigerim', phone, branches: [kz.branchIds[0]] },
      });
    const nine = await post('701123456');
    expect(nine.status).toBe(400);
    expect(nine.body.error.details).toEqual([
      expect.objectContaining({ field: 'phone', rule: 'phone_invalid', limit: 10 }),
    ]);
    expect((await post('+7 701 123 45 67')).status).toBe(200);
    expect((await api(admin, 'POST', '/user', student({ phone: '7011234567' }))).status).toBe(400);
    expect((await api(admin, 'POST', '/user', student({ phone: '+998 90 123 45 67' }))).status).toBe(200);
  });

  it('refuses a student phone already known, names the student, and creates anyway with force', async () => {
    const phone = newPhone();
    const first = await api(admin, 'POST', '/user', student({ phone, name: 'First Holder' }));
    const again = await api(admin, 'POST', '/user', student({ phone, name: 'Second' }));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('student_phone_exists');
    expect(again.body.error.details).toEqual({ users: [{ id: first.body.id, name: 'First Holder', archived: false }] });
    const forced = await api(admin, 'POST', '/user', student({ phone, name: 'Second', force: true }));
    expect(forced.status).toBe(200);
    const events = await historyOf(forced.body.id);
    expect(events[0].data).toMatchObject({ forced: true });
  });

  it('says when the known student is archived', async () => {
    const phone = newPhone();
    const first = await api(admin, 'POST', '/user', student({ phone }));
    await api(admin, 'DELETE', `/user/${first.body.id}`);
    const again = await api(admin, 'POST', '/user', student({ phone }));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('student_phone_exists_archived');
    expect(again.body.error.details.users[0]).toMatchObject({ id: first.body.id, archived: true });
  });

  it('refuses a teacher phone already used by a teacher, without force', async () => {
    const phone = newPhone();
    const teacher = { user_type: 'teacher', name: 'Teacher One', phone, branches: [main], password: 'secret12' };
    expect((await api(admin, 'POST', '/user', teacher)).status).toBe(200);
    const again = await api(admin, 'POST', '/user', { ...teacher, branches: [north], force: true });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('teacher_phone_exists');
    // A student may share the phone of a teacher: they are different people's records.
    expect((await api(admin, 'POST', '/user', student({ phone }))).status).toBe(200);
    // The new teacher logs in with his password.
    expect(await loginAs(app, sub(), phone, 'secret12')).toEqual(expect.any(String));
  });

  it('refuses a staff number already registered, the archive included', async () => {
    const phone = newPhone();
    const staff = { user_type: 'staff', name: 'Admin Two', phone, branches: [main], roles: [Role.admin] };
    const first = await api(ceo, 'POST', '/user', staff);
    expect(first.status).toBe(200);
    await api(ceo, 'DELETE', `/user/${first.body.id}`);
    const again = await api(ceo, 'POST', '/user', staff);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('staff_phone_exists');
  });

  it('gives staff roles only up to the giver: the CEO not owner, the owner also owner', async () => {
    const body = (roles: number[]) => ({
      user_type: 'staff',
      name: 'Boss',
      phone: newPhone(),
      branches: [main],
      roles,
    });
    expect((await api(ceo, 'POST', '/user', body([Role.owner]))).status).toBe(403);
    expect((await api(ceo, 'POST', '/user', body([Role.ceo]))).status).toBe(200);
    expect((await api(owner, 'POST', '/user', body([Role.owner]))).status).toBe(200);
    const teacherRole = await api(ceo, 'POST', '/user', body([Role.teacher]));
    expect(teacherRole.status).toBe(400);
    expect(teacherRole.body.error.details[0]).toMatchObject({ field: 'roles' });
    const noRoles = await api(ceo, 'POST', '/user', body([]));
    expect(noRoles.status).toBe(400);
    const cashierRole = await api(ceo, 'POST', '/user', body([Role.cashier, Role.admin]));
    expect(cashierRole.status).toBe(200);
    const profile = await api(ceo, 'GET', `/user/${cashierRole.body.id}`);
    expect(profile.body.roles.map((r: { id: number }) => r.id)).toEqual([Role.cashier, Role.admin]);
  });

  it('narrows one path by the kind asked: a cashier lists and creates students, not staff or teachers', async () => {
    expect((await api(cashier, 'GET', '/user?user_type=student')).status).toBe(200);
    expect((await api(cashier, 'GET', '/user?user_type=staff')).status).toBe(403);
    expect((await api(cashier, 'GET', '/user?user_type=teacher')).status).toBe(403);
    expect((await api(cashier, 'POST', '/user', student())).status).toBe(200);
    const staff = { user_type: 'staff', name: 'X', phone: newPhone(), branches: [main], roles: [Role.admin] };
    expect((await api(cashier, 'POST', '/user', staff)).status).toBe(403);
    expect((await api(admin, 'POST', '/user', staff)).status).toBe(403);
    // An administrator manages teachers (spec §6 teachers), a cashier does not.
    const teacher = { user_type: 'teacher', name: 'T', phone: newPhone(), branches: [main] };
    expect((await api(cashier, 'POST', '/user', teacher)).status).toBe(403);
    expect((await api(admin, 'POST', '/user', teacher)).status).toBe(200);
  });
});

describe('editing, moving and notes', () => {
  it('changes only the fields sent and records what changed', async () => {
    const { body } = await api(admin, 'POST', '/user', student({ name: 'Old Name', comment: 'keep me' }));
    const put = await api(admin, 'PUT', `/user/${body.id}`, { name: 'New Name', gender: 'f' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'New Name', gender: 'f', comment: 'keep me' });
    const events = await historyOf(body.id);
    const edited = events.find((e: { type: number }) => e.type === HistoryEvent.userEdited);
    expect(edited.data.changed).toEqual({
      name: { before: 'Old Name', after: 'New Name' },
      gender: { before: null, after: 'f' },
    });
  });

  it('refuses an edit to a phone of another student unless forced', async () => {
    const a = await api(admin, 'POST', '/user', student());
    const b = await api(admin, 'POST', '/user', student());
    const phoneOfA = (await api(admin, 'GET', `/user/${a.body.id}`)).body.phone;
    const put = await api(admin, 'PUT', `/user/${b.body.id}`, { phone: phoneOfA });
    expect(put.status).toBe(409);
    expect(put.body.error.code).toBe('student_phone_exists');
    expect((await api(admin, 'PUT', `/user/${b.body.id}`, { phone: phoneOfA, force: true })).status).toBe(200);
    // Saving one's own unchanged phone is no conflict.
    expect((await api(admin, 'PUT', `/user/${a.body.id}`, { phone: phoneOfA, name: 'Same' })).status).toBe(200);
  });

  it('moves a student to another branch with branches alone (history userMovedBranch)', async () => {
    const { body } = await api(admin, 'POST', '/user', student());
    const put = await api(admin, 'PUT', `/user/${body.id}`, { branches: [north] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ branches: [{ id: north, name: 'North' }], main_branch: north });
    const moved = (await historyOf(body.id)).find((e: { type: number }) => e.type === HistoryEvent.userMovedBranch);
    expect(moved.data).toMatchObject({ from: [main], to: [north] });
  });

  it('lets the CEO link a teacher to another branch while a branch admin keeps the other branch untouched', async () => {
    const mainAdminPhone = newPhone();
    await createUser(database.db, company.id, {
      name: 'Main admin',
      phone: mainAdminPhone,
      roles: [Role.admin],
      branchIds: [main],
    });
    const mainAdmin = await loginAs(app, sub(), mainAdminPhone);
    const teacherId = await createTeacher(database.db, company.id, {
      name: 'Linked Teacher',
      phone: newPhone(),
      branchIds: [main],
    });
    const linked = await api(ceo, 'PUT', `/user/${teacherId}`, { branches: [main, north] });
    expect(linked.body.branches.map((b: { id: number }) => b.id)).toEqual([main, north]);
    // The main-branch admin may not add or remove North; naming it is refused.
    expect((await api(mainAdmin, 'PUT', `/user/${teacherId}`, { branches: [north] })).status).toBe(403);
    const kept = await api(mainAdmin, 'PUT', `/user/${teacherId}`, { branches: [main], name: 'Renamed' });
    expect(kept.status).toBe(200);
    expect(kept.body.branches.map((b: { id: number }) => b.id)).toEqual([main, north]);
  });

  it('keeps notes on the profile (GET/POST /userComments) with their author', async () => {
    const { body } = await api(admin, 'POST', '/user', student());
    const post = await api(admin, 'POST', '/userComments', { user_id: body.id, text: '  Prefers evening groups ' });
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({
      user_id: body.id,
      text: 'Prefers evening groups',
      author: { id: company.users.admin.id },
    });
    await api(cashier, 'POST', '/userComments', { user_id: body.id, text: 'Paid in cash' });
    const list = await api(admin, 'GET', `/userComments?user_id=${body.id}`);
    expect(list.body.data.map((c: { text: string }) => c.text)).toEqual(['Paid in cash', 'Prefers evening groups']);
    expect((await api(admin, 'POST', '/userComments', { user_id: body.id, text: '   ' })).status).toBe(400);
    const types = (await historyOf(body.id)).map((e: { type: number }) => e.type);
    expect(types.filter((t: number) => t === HistoryEvent.userCommentAdded)).toHaveLength(2);
  });

  it('lets a user read his own profile, and nobody else without the area', async () => {
    const teacher = await loginAs(app, sub(), '900000006');
    const own = await api(teacher, 'GET', `/user/${company.users.teacher.id}`);
    expect(own.status).toBe(200);
    expect(own.body.types).toEqual(['teacher']);
    expect((await api(teacher, 'GET', `/user/${company.users.student.id}`)).status).toBe(403);
    expect((await api(cashier, 'GET', `/user/${company.users.admin.id}`)).status).toBe(403);
  });

  it('finds people by phone for the call widget (GET /phone_search)', async () => {
    const phone = newPhone();
    const parentPhone = newPhone();
    const created = await api(admin, 'POST', '/user', student({ phone, parent_phone: parentPhone, name: 'Caller' }));
    const own = await api(admin, 'GET', `/phone_search?phone=${encodeURIComponent(`+998${phone}`)}`);
    expect(own.body.data).toEqual([{ id: created.body.id, role: Role.student, name: 'Caller' }]);
    const parent = await api(admin, 'GET', `/phone_search?phone=${parentPhone}`);
    expect(parent.body.data.map((r: { id: number }) => r.id)).toEqual([created.body.id]);
  });
});

describe('archive, restore, delete', () => {
  it('archives (DELETE), ends the sessions, restores, and deletes for good only from the archive', async () => {
    const phone = newPhone();
    const { body } = await api(ceo, 'POST', '/user', {
      user_type: 'staff',
      name: 'Short-lived admin',
      phone,
      branches: [main],
      roles: [Role.admin],
      password: 'secret12',
    });
    const theirToken = await loginAs(app, sub(), phone, 'secret12');
    expect((await api(theirToken, 'GET', '/user?user_type=student')).status).toBe(200);

    const early = await api(ceo, 'DELETE', `/user/${body.id}?permanent=true`);
    expect(early.status).toBe(409);
    expect(early.body.error.details).toMatchObject({ reason: 'not_archived' });

    expect((await api(ceo, 'DELETE', `/user/${body.id}`)).body).toEqual({ ok: true });
    const after = await api(theirToken, 'GET', '/user?user_type=student');
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('session_expired');
    const active = await api(ceo, 'GET', `/user?user_type=staff&name_or_phone=${phone}`);
    expect(active.body.data).toEqual([]);
    const archived = await api(ceo, 'GET', `/user/archived_users?user_type=staff&name_or_phone=${phone}`);
    expect(archived.body.data.map((u: { id: number }) => u.id)).toEqual([body.id]);
    expect(archived.body.data[0].archived_at).toEqual(expect.any(String));

    expect((await api(ceo, 'POST', `/user/${body.id}/restore`)).status).toBe(200);
    expect((await api(ceo, 'GET', `/user?user_type=staff&name_or_phone=${phone}`)).body.data).toHaveLength(1);
    // The old session stays ended; a fresh log-in works again.
    expect((await api(theirToken, 'GET', '/user?user_type=student')).status).toBe(401);
    expect(await loginAs(app, sub(), phone, 'secret12')).toEqual(expect.any(String));

    // A lead he was responsible for stays, without him.
    const [lead] = await insertLeads(database.db, company.id, [
      { branchId: main, name: 'His lead', phone: newPhone(), adminId: body.id },
    ]);
    await api(ceo, 'DELETE', `/user/${body.id}`);
    expect((await api(ceo, 'DELETE', `/user/${body.id}?permanent=true`)).status).toBe(200);
    expect((await api(ceo, 'GET', `/user/${body.id}`)).status).toBe(404);
    expect((await api(ceo, 'GET', `/leadData/${lead!.id}`)).body).toMatchObject({ name: 'His lead', admin: null });
    // The user is gone, his history stays (read through the company log).
    const log = await api(owner, 'GET', `/company/${company.id}/history?entity=user&per_page=500`);
    const types = log.body.data
      .filter((e: { entity_id: number }) => e.entity_id === body.id)
      .map((e: { type: number }) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        HistoryEvent.userArchived,
        HistoryEvent.userRestored,
        HistoryEvent.userDeleted,
        HistoryEvent.userCreated,
      ]),
    );
  });

  it('archives or deletes many at once, all or nothing', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => api(admin, 'POST', '/user', student()).then((r) => r.body.id)));
    const foreign = await createCompanyWithRoleUsers(database.db, {
      name: 'Other',
      subdomain: uniqueSubdomain('other'),
      branches: ['O'],
    });
    const theirs = await createStudent(database.db, foreign.id, {
      name: 'Theirs',
      phone: '955555555',
      branchIds: foreign.branchIds,
    });
    const mixed = await api(admin, 'POST', '/user/delete/multiple', { ids: [...ids, theirs] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.error.details).toEqual({ ids: [theirs] });
    const stillActive = await api(admin, 'GET', `/user/${ids[0]}`);
    expect(stillActive.body.archived_at).toBeNull();

    expect((await api(admin, 'POST', '/user/delete/multiple', { ids })).body).toEqual({ ok: true, count: 3 });
    const restored = await api(admin, 'POST', '/user/restore/multiple', { ids: [ids[0]] });
    expect(restored.body.count).toBe(1);
    const notArchived = await api(admin, 'POST', '/user/delete/multiple', { ids, permanent: true });
    expect(notArchived.status).toBe(409);
    expect(notArchived.body.error.details).toEqual({ reason: 'not_archived', ids: [ids[0]] });
    expect((await api(admin, 'POST', '/user/delete/multiple', { ids: ids.slice(1), permanent: true })).body.count).toBe(
      2,
    );
  });

  it('refuses to archive oneself or someone senior', async () => {
    expect((await api(ceo, 'DELETE', `/user/${company.users.ceo.id}`)).status).toBe(403);
    expect((await api(ceo, 'DELETE', `/user/${company.users.owner.id}`)).status).toBe(403);
    expect((await api(ceo, 'PUT', `/user/${company.users.owner.id}`, { name: 'Demoted' })).status).toBe(403);
    expect((await api(ceo, 'PUT', `/user/${company.users.ceo.id}`, { roles: [Role.admin] })).status).toBe(403);
  });
});

describe('branch scope', () => {
  it("keeps an administrator of branch A away from branch B's students", async () => {
    const phone = newPhone();
    await createUser(database.db, company.id, { name: 'A admin', phone, roles: [Role.admin], branchIds: [main] });
    const mainAdmin = await loginAs(app, sub(), phone);
    const northStudent = await createStudent(database.db, company.id, {
      name: 'Northern Student',
      phone: newPhone(),
      branchIds: [north],
    });

    const list = await api(mainAdmin, 'GET', '/user?user_type=student&per_page=500');
    expect(list.body.data.some((u: { id: number }) => u.id === northStudent)).toBe(false);
    expect(list.body.data.every((u: { branches: { id: number }[] }) => u.branches.some((b) => b.id === main))).toBe(
      true,
    );
    const byBranch = await api(mainAdmin, 'GET', `/user?user_type=student&branch_id=${north}`);
    expect(byBranch.status).toBe(403);
    expect(byBranch.body.error.code).toBe('branch_forbidden');
    expect((await api(mainAdmin, 'GET', `/user/${northStudent}`)).status).toBe(404);
    expect((await api(mainAdmin, 'PUT', `/user/${northStudent}`, { name: 'Mine' })).status).toBe(404);
    expect((await api(mainAdmin, 'DELETE', `/user/${northStudent}`)).status).toBe(404);
    expect((await api(mainAdmin, 'GET', `/user/${northStudent}/history`)).status).toBe(404);
    expect((await api(mainAdmin, 'GET', `/userComments?user_id=${northStudent}`)).status).toBe(404);
    expect((await api(mainAdmin, 'POST', '/user', student({ branches: [north] }))).status).toBe(403);
    // The CEO sees both branches.
    expect((await api(ceo, 'GET', `/user/${northStudent}`)).status).toBe(200);
  });

  it("answers 404 for another company's user and leaves it untouched", async () => {
    const other = await createCompanyWithRoleUsers(database.db, {
      name: 'Elsewhere',
      subdomain: uniqueSubdomain('else'),
      branches: ['E'],
    });
    const theirs = await createStudent(database.db, other.id, {
      name: 'Not yours',
      phone: '944444444',
      branchIds: other.branchIds,
    });
    expect((await api(owner, 'GET', `/user/${theirs}`)).status).toBe(404);
    expect((await api(owner, 'PUT', `/user/${theirs}`, { name: 'Taken' })).status).toBe(404);
    expect((await api(owner, 'POST', '/userComments', { user_id: theirs, text: 'hi' })).status).toBe(404);
    expect((await api(owner, 'GET', '/phone_search?phone=944444444')).body.data).toEqual([]);
    const theirCeo = await loginAs(app, other.subdomain, '900000001');
    const still = await call(app, { url: `/api/v1/user/${theirs}`, sub: other.subdomain, token: theirCeo });
    expect(still.body).toMatchObject({ name: 'Not yours', archived_at: null });
  });
});
