import { GroupStatus, Role, StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { createArchiveReason } from '../../seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStaff, createStudent } from '../../seed/users-factories.js';
import { createGroupsWorld, type GroupsWorld, nextPhone } from './groups-test-world.js';

const { app, database } = await openTestApp();
let w: GroupsWorld;
/** Groups of the main branch: one the role teacher teaches (Mon/Wed/Fri 18:00–19:30), one of teacher B. */
let taught: number;
let other: number;
/** A group of the north branch. */
let north: number;
/** The role student (he logs in) with places in all three groups; one of them left. */
let me: number;
let reason: number;

beforeAll(async () => {
  w = await createGroupsWorld(app, database.db);
  reason = await createArchiveReason(database.db, w.company.id, 'Too far');
  me = w.company.users.student.id;
  taught = await createGroupRow(database.db, w.company.id, {
    branchId: w.main,
    courseId: w.english,
    teacherId: w.company.users.teacher.id,
    name: 'Evening English',
    startTime: '18:00',
    endTime: '19:30',
  });
  other = await createGroupRow(database.db, w.company.id, {
    branchId: w.main,
    courseId: w.math,
    teacherId: w.teachers.b,
    name: 'Morning Math',
    startTime: '08:00',
    endTime: '09:00',
  });
  north = await createGroupRow(database.db, w.company.id, {
    branchId: w.north,
    courseId: w.english,
    teacherId: w.teachers.north,
    name: 'North English',
  });
  await addStudentToGroupRow(database.db, w.company.id, taught, me, {
    status: StudentStatus.active,
    createdDate: '2030-01-10',
  });
  await addStudentToGroupRow(database.db, w.company.id, other, me, {
    status: StudentStatus.archived,
    createdDate: '2030-02-01',
    leftDate: '2030-03-01',
    archiveReasonId: reason,
  });
  await addStudentToGroupRow(database.db, w.company.id, north, me, {
    status: StudentStatus.frozen,
    createdDate: '2030-01-05',
  });
  const price = await w.api(w.tokens.admin, 'PUT', `/group/${taught}/user/${me}/exception`, {
    exception_sum: 300_000,
    exception_sum_reason: 'Sibling',
    exception_sum_start_date: '2030-01-01',
    exception_sum_end_date: '2030-06-30',
  });
  expect(price.status).toBe(200);
});

const placesOf = (token: string, student: number) => w.api(token, 'GET', `/student/${student}/groups`);
const groupIds = (body: { data: { group: { id: number } }[] }) => body.data.map((place) => place.group.id);

describe('GET /student/{id}/groups (spec §7)', () => {
  it('lists every place with its group, course, teacher, times, status, dates and price; the left ones last', async () => {
    const res = await placesOf(w.tokens.admin, me);
    expect(res.status).toBe(200);
    // Running places newest first, then the place he left.
    expect(groupIds(res.body)).toEqual([taught, north, other]);
    expect(res.body.data[0]).toEqual({
      group: {
        id: taught,
        title: 'Evening English',
        code: expect.any(String),
        branch_id: w.main,
        course: { id: w.english, name: 'English' },
        teacher: { id: w.company.users.teacher.id, name: 'Kamola Ergasheva' },
        day_type: expect.any(String),
        days: expect.any(Array),
        start_time: '18:00',
        end_time: '19:30',
        start_date: expect.any(String),
        end_date: null,
        status: GroupStatus.active,
      },
      created_date: '2030-01-10',
      student_status: StudentStatus.active,
      left_date: null,
      archive_reason: null,
      archive_comment: null,
      exception_sum: 300_000,
      exception_sum_reason: 'Sibling',
      exception_sum_start_date: '2030-01-01',
      exception_sum_end_date: '2030-06-30',
    });
    expect(res.body.data[2]).toMatchObject({
      group: { id: other, title: 'Morning Math', course: { name: 'Math' }, start_time: '08:00', end_time: '09:00' },
      student_status: StudentStatus.archived,
      left_date: '2030-03-01',
      archive_reason: { id: reason, name: 'Too far' },
      exception_sum: null,
    });
  });

  it('answers an empty list for a visible student without places', async () => {
    const res = await placesOf(w.tokens.admin, w.students[4]!);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('keeps to the branches of the caller: groups and students of other branches are absent', async () => {
    const phone = nextPhone();
    await createStaff(database.db, w.company.id, {
      name: 'Main Only Admin',
      phone,
      roles: [Role.admin],
      branchIds: [w.main],
    });
    const token = await loginAs(app, w.sub, phone);
    // His own branch's groups only: the north place is not shown.
    expect(groupIds((await placesOf(token, me)).body)).toEqual([taught, other]);
    // A student of the north branch only is absent, as is a user who is not a student.
    const northStudent = await createStudent(database.db, w.company.id, {
      name: 'North Pupil',
      phone: nextPhone(),
      branchIds: [w.north],
    });
    expect((await placesOf(token, northStudent)).status).toBe(404);
    expect((await placesOf(w.tokens.admin, w.teachers.a)).status).toBe(404);
    expect((await placesOf(w.tokens.admin, 999_999)).status).toBe(404);
  });

  it('shows a teacher only the places in his own groups, and 404 for a student he does not teach', async () => {
    const res = await placesOf(w.tokens.teacher, me);
    expect(res.status).toBe(200);
    expect(groupIds(res.body)).toEqual([taught]);
    expect((await placesOf(w.tokens.teacher, w.students[0]!)).status).toBe(404);
  });

  it('shows a student his own places and nobody else’s (404)', async () => {
    const own = await placesOf(w.tokens.student, me);
    expect(own.status).toBe(200);
    // The module's student scope: the groups he studies in, not the one he left.
    expect(groupIds(own.body)).toEqual([taught, north]);
    expect((await placesOf(w.tokens.student, w.students[0]!)).status).toBe(404);
  });

  it('lets a cashier read a student’s places and refuses the marketer (403)', async () => {
    const cashier = await loginAs(app, w.sub, w.company.users.cashier.phone);
    expect(groupIds((await placesOf(cashier, me)).body)).toEqual([taught, north, other]);
    const marketer = await loginAs(app, w.sub, w.company.users.marketer.phone);
    const refused = await placesOf(marketer, me);
    expect(refused.status).toBe(403);
  });

  it('hides an archived student from his teacher, but staff still read his places', async () => {
    const student = await createStudent(database.db, w.company.id, {
      name: 'Gone Pupil',
      phone: nextPhone(),
      branchIds: [w.main],
    });
    await addStudentToGroupRow(database.db, w.company.id, taught, student, { status: StudentStatus.active });
    expect(groupIds((await placesOf(w.tokens.teacher, student)).body)).toEqual([taught]);
    expect((await w.api(w.tokens.admin, 'DELETE', `/user/${student}`)).status).toBe(200);
    expect((await placesOf(w.tokens.teacher, student)).status).toBe(404);
    expect(groupIds((await placesOf(w.tokens.admin, student)).body)).toEqual([taught]);
  });
});
