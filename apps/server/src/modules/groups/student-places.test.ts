import { GroupStatus, HistoryEvent, Role, StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { createArchiveReason } from '../../seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStaff, createStudent } from '../../seed/users-factories.js';
import { createGroupsWorld, type GroupsWorld, nextPhone } from './groups-test-world.js';

/**
 * Spec §7 POST /group/{id}/students, GET /students/statistics and GET /leftGroupUsers
 * (student-places-routes.ts). The refund preview has its own file, on the billing engine's calendar.
 */
const { app, database } = await openTestApp();
let w: GroupsWorld;
let mainAdmin: string;
let cashier: string;
let slot = 0;

beforeAll(async () => {
  w = await createGroupsWorld(app, database.db);
  await createStaff(database.db, w.company.id, {
    name: 'Main Admin',
    phone: '979000001',
    branchIds: [w.main],
    roles: [Role.admin],
  });
  mainAdmin = await loginAs(app, w.sub, '979000001');
  cashier = await loginAs(app, w.sub, '900000004');
});

/** A group of its own (no room, a name no other test uses). */
async function newGroup(spec: { branchId?: number; teacherId?: number; status?: number } = {}) {
  slot++;
  return createGroupRow(database.db, w.company.id, {
    branchId: spec.branchId ?? w.main,
    courseId: w.english,
    teacherId: spec.teacherId ?? (spec.branchId === w.north ? w.teachers.north : w.teachers.b),
    name: `Places ${slot}`,
    status: spec.status ?? GroupStatus.active,
  });
}

const newStudent = (branchId = w.main, name = `Pupil ${nextPhone()}`) =>
  createStudent(database.db, w.company.id, { name, phone: nextPhone(), branchIds: [branchId] });

const addMany = (group: number, body: unknown, token = w.tokens.admin) =>
  w.api(token, 'POST', `/group/${group}/students`, body);

describe('POST /group/{id}/students', () => {
  it('adds several students on trial on one day, answers their places and records each', async () => {
    const group = await newGroup();
    const [a, b] = [await newStudent(w.main, 'Anora Many'), await newStudent(w.main, 'Botir Many')];
    const res = await addMany(group, { student_ids: [b, a, b], created_date: '2025-09-01' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ student: expect.objectContaining({ id: a }), created_date: '2025-09-01' }),
      expect.objectContaining({ student: expect.objectContaining({ id: b }), student_status: StudentStatus.inactive }),
    ]);
    expect(res.body.capacity).toMatchObject({ students: 2 });
    const history = (await w.api(w.tokens.admin, 'GET', `/group/${group}/history`)).body.data;
    const added = history.filter((e: { type: number }) => e.type === HistoryEvent.studentAddedToGroup);
    expect(added.map((e: { data: { student_id: number } }) => e.data.student_id).sort()).toEqual([a, b].sort());
  });

  it('adds nobody when one of them is already in the group, and names him', async () => {
    const group = await newGroup();
    const [inside, fresh] = [await newStudent(), await newStudent()];
    await addStudentToGroupRow(database.db, w.company.id, group, inside, { status: StudentStatus.archived });
    const res = await addMany(group, { student_ids: [fresh, inside] });
    expect([res.status, res.body.error.code]).toEqual([409, 'student_already_in_group']);
    expect(res.body.error.details.students).toEqual([{ id: inside, student_status: 6, archived: true }]);
    const places = (await w.api(w.tokens.admin, 'GET', `/group/${group}/students`)).body.data;
    expect(places.map((p: { student: { id: number } }) => p.student.id)).toEqual([inside]);
  });

  it('refuses ids that are no current student in reach: a teacher, an archived student, another branch', async () => {
    const group = await newGroup();
    const fine = await newStudent();
    const archived = await createStudent(database.db, w.company.id, {
      name: 'Gone',
      phone: nextPhone(),
      branchIds: [w.main],
      archived: true,
    });
    const north = await newStudent(w.north);
    const res = await addMany(group, { student_ids: [fine, w.teachers.a, archived, north] }, mainAdmin);
    expect([res.status, res.body.error.code]).toEqual([400, 'not_a_student']);
    expect(res.body.error.details.ids).toEqual([w.teachers.a, archived, north]);
    expect((await w.api(w.tokens.admin, 'GET', `/group/${group}/students`)).body.data).toHaveLength(0);
  });

  it('refuses a closed group, a group of a branch the caller does not work in, and a teacher', async () => {
    const archivedGroup = await newGroup({ status: GroupStatus.archive });
    const student = await newStudent();
    const closed = await addMany(archivedGroup, { student_ids: [student] });
    expect(closed.body.error.details).toEqual([expect.objectContaining({ field: 'group_id', rule: 'group_closed' })]);
    const northGroup = await newGroup({ branchId: w.north });
    expect((await addMany(northGroup, { student_ids: [student] }, mainAdmin)).status).toBe(404);
    expect((await addMany(northGroup, { student_ids: [student] }, w.tokens.teacher)).status).toBe(403);
    expect((await addMany(northGroup, { student_ids: [] })).status).toBe(400);
  });
});

describe('GET /students/statistics', () => {
  it('counts the students of a branch by status, those studying, and those without a group', async () => {
    const stats = (branchId: number, token = w.tokens.admin) =>
      w.api(token, 'GET', `/students/statistics?branch_id=${branchId}`);
    const before = (await stats(w.north)).body;
    const [g1, g2] = [await newGroup({ branchId: w.north }), await newGroup({ branchId: w.north })];
    const [both, frozen, left] = [await newStudent(w.north), await newStudent(w.north), await newStudent(w.north)];
    await newStudent(w.north); // in no group at all
    await addStudentToGroupRow(database.db, w.company.id, g1, both, { status: StudentStatus.active });
    await addStudentToGroupRow(database.db, w.company.id, g2, both, { status: StudentStatus.inactive });
    await addStudentToGroupRow(database.db, w.company.id, g1, frozen, { status: StudentStatus.frozen });
    await addStudentToGroupRow(database.db, w.company.id, g1, left, { status: StudentStatus.archived });

    const res = await stats(w.north, cashier);
    expect(res.status).toBe(200);
    const delta = (status: number) =>
      res.body.by_status.find((s: { status: number }) => s.status === status).count -
      before.by_status.find((s: { status: number }) => s.status === status).count;
    expect(res.body.branch_id).toBe(w.north);
    expect(res.body.by_status.map((s: { status: number }) => s.status)).toEqual([1, 2, 3, 4, 5, 6]);
    expect([1, 4, 5, 6].map(delta)).toEqual([1, 1, 1, 1]);
    // "both" is active and on trial, counted in each status but once among those studying.
    expect(res.body.studying - before.studying).toBe(2);
    expect(res.body.total - before.total).toBe(4);
    expect(res.body.without_group - before.without_group).toBe(2);
  });

  it("shows a teacher his own groups' students only, and keeps branch scope", async () => {
    const mine = await newGroup({ teacherId: w.company.users.teacher.id });
    await addStudentToGroupRow(database.db, w.company.id, mine, await newStudent(), { status: StudentStatus.active });
    await addStudentToGroupRow(database.db, w.company.id, await newGroup(), await newStudent(), {
      status: StudentStatus.active,
    });
    const res = await w.api(w.tokens.teacher, 'GET', `/students/statistics?branch_id=${w.main}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ studying: 1, total: 1, without_group: null });
    const foreign = await w.api(mainAdmin, 'GET', `/students/statistics?branch_id=${w.north}`);
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'branch_forbidden']);
    expect((await w.api(w.tokens.student, 'GET', '/students/statistics')).status).toBe(403);
  });
});

describe('GET /leftGroupUsers', () => {
  it('lists each student who left a group in the period and studies nowhere now, once, with his last group', async () => {
    const reason = await createArchiveReason(database.db, w.company.id, 'Too far');
    const [g1, g2] = [await newGroup({ branchId: w.north }), await newGroup({ branchId: w.north })];
    const g2Title = `Places ${slot}`;
    const [gone, stays, moved] = [
      await newStudent(w.north, 'Gulnora Gone'),
      await newStudent(w.north, 'Sardor Stays'),
      await newStudent(w.north, 'Malika Moved'),
    ];
    const add = (g: number, s: number, spec: Parameters<typeof addStudentToGroupRow>[4]) =>
      addStudentToGroupRow(database.db, w.company.id, g, s, spec);
    await add(g1, gone, { status: StudentStatus.archived, leftDate: '2025-04-02' });
    await add(g2, gone, { status: StudentStatus.archived, leftDate: '2025-04-20', archiveReasonId: reason });
    await add(g1, stays, { status: StudentStatus.archived, leftDate: '2025-04-05' });
    await add(g2, stays, { status: StudentStatus.active });
    await add(g1, moved, { status: StudentStatus.archived, leftDate: '2025-04-07' });
    await add(g2, moved, { status: StudentStatus.active, createdDate: '2025-04-07' });

    const list = (query: string, token = w.tokens.admin) =>
      w.api(token, 'GET', `/leftGroupUsers?branch_id=${w.north}&${query}`);
    const april = await list('date_start=2025-04-01&date_end=2025-04-30');
    expect(april.status).toBe(200);
    expect(april.body.data).toEqual([
      {
        student: expect.objectContaining({ id: gone, name: 'Gulnora Gone' }),
        group: { id: g2, title: g2Title },
        course: { id: w.english, name: 'English' },
        branch_id: w.north,
        left_date: '2025-04-20',
        reason: { id: reason, name: 'Too far' },
        comment: null,
        groups_left: 2,
      },
    ]);
    expect(april.body.pagination.total).toBe(1);
    // Only his first departure lies in the period: he is listed with that one.
    const early = await list('date_start=2025-04-01&date_end=2025-04-03');
    expect(early.body.data.map((r: { group: { id: number } }) => r.group.id)).toEqual([g1]);
    expect((await list('date_start=2025-05-01&date_end=2025-12-31')).body.data).toEqual([]);
  });

  it('is for administrators and report readers, in their branches', async () => {
    expect((await w.api(w.tokens.teacher, 'GET', '/leftGroupUsers')).status).toBe(403);
    expect((await w.api(w.tokens.limitedAdmin, 'GET', '/leftGroupUsers')).status).toBe(403);
    const foreign = await w.api(mainAdmin, 'GET', `/leftGroupUsers?branch_id=${w.north}`);
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'branch_forbidden']);
  });
});
