import { AttendanceMark, Role, StudentStatus } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { groupStudents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createArchiveReason, createCourse, createHoliday } from '../../seed/courses-factories.js';
import { type CreatedCompany, createCompanyWithRoleUsers, createUser, type RoleUsers } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStudent, createTeacher } from '../../seed/users-factories.js';
import { bookEntry } from '../finance/ledger.js';
import { cancelLessonRow, insertMarks } from '../reports/reports-test-world.js';

/**
 * A change of a student's status in a group on a given day, as the API makes it: an UPDATE of
 * group_students, whose trigger writes the status timeline; `app.now` dates the change (the
 * trigger's clock), archiving names its left day and reason as the API does.
 */
export function changeStatusRow(
  db: Db,
  companyId: number,
  place: { group: number; student: number },
  to: number,
  day: string,
  archiveReasonId: number | null = null,
) {
  return inCompany(db, companyId, async (tx) => {
    await tx.execute(sql`select set_config('app.now', ${`${day}T12:00:00+05:00`}, true)`);
    const archived = to === StudentStatus.archived;
    await tx
      .update(groupStudents)
      .set({ status: to, leftDate: archived ? day : null, archiveReasonId: archived ? archiveReasonId : null })
      .where(
        and(
          eq(groupStudents.companyId, companyId),
          eq(groupStudents.groupId, place.group),
          eq(groupStudents.studentId, place.student),
        ),
      );
  });
}

const JAN = '2026-01-15';

/**
 * One company's teachers in March 2026 (Main branch unless said), with every figure known:
 *
 * Teacher A — groups A1 (English, Mon/Wed/Fri) and A2 (Math, Tue/Thu/Sat):
 * - 10 paying since 15 January: s1…s6 in A1; s7, s8, s9, s12 in A2.
 *   s4 leaves on 10 March ("Moved away"), s5 on 20 March ("Moved away") through status changes;
 *   s8 is written already archived on 20 March ("Too expensive"), with no status timeline;
 *   s12 is transferred to B1 on 15 March (a move, not a departure).
 *   → active at start 10, left of them 3, retention 70 %, moved 1.
 * - 4 trials join in March: t1, t2 (A1) become paying on 10 March; t3 (A2) came to trial; t4 (A2)
 *   leaves on 12 March ("Did not like it") → conversion 2 of 4 = 50 %, left 4 in all, active at end 8.
 * - Marks counted: s1 present 2, 4, 6, 9, 11; s2 present 2, 4, 6 and absent 9, 11 → 8 of 10 = 80 %.
 *   Not counted: s1 on the 13th (lesson cancelled), on the 16th (holiday), on 27 February; s4 on the
 *   11th (after he left).
 * - Income: 500 000 (A1, 5 March) + 300 000 (A2, 10 March) = 800 000; not counted: 200 000 in
 *   February, 999 000 cancelled.
 * Teacher B — group B1 (English · B1, a level): s10, s11 paying since January, s12 moves in on
 * 15 March; marks of s10: 3 present, 1 absent; income 400 000.
 * North branch: teacher A's N1 with 5 paying students (one leaves), a payment of 700 000 and marks.
 * Another company has the same kind of rows: none of it may ever show.
 */
export async function createPerformanceWorld(app: FastifyInstance, db: Db) {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Perf Co',
    subdomain: uniqueSubdomain('perf'),
    branches: ['Main', 'North'],
  });
  const other = await createCompanyWithRoleUsers(db, {
    name: 'Perf Other',
    subdomain: uniqueSubdomain('perf-other'),
    branches: ['Elsewhere'],
  });
  const [main, north] = company.branchIds as [number, number];
  const c = company.id;
  await createUser(db, c, { name: 'North Admin', phone: '950000001', roles: [Role.admin], branchIds: [north] });

  const teacherA = await createTeacher(db, c, { name: 'Aziza Teacher', phone: '950000002', branchIds: [main, north] });
  const teacherB = await createTeacher(db, c, { name: 'Bobur Teacher', phone: '950000003', branchIds: [main] });
  const english = await createCourse(db, c, { name: 'English', price: 500_000 });
  const b1 = await createCourse(db, c, { name: 'B1', parentId: english, price: 500_000 });
  const math = await createCourse(db, c, { name: 'Math', price: 400_000 });
  const reasons = {
    movedAway: await createArchiveReason(db, c, 'Moved away'),
    expensive: await createArchiveReason(db, c, 'Too expensive'),
    disliked: await createArchiveReason(db, c, 'Did not like it'),
  };
  const group = (name: string, courseId: number, teacherId: number, dayType: 'odd' | 'even', branchId = main) =>
    createGroupRow(db, c, { branchId, courseId, teacherId, name, dayType, startDate: '2026-01-05' });
  const g = {
    a1: await group('A1', english, teacherA, 'odd'),
    a2: await group('A2', math, teacherA, 'even'),
    b1: await group('B1', b1, teacherB, 'even'),
    n1: await group('N1', english, teacherA, 'odd', north),
  };

  let phone = 951000000;
  const student = (branchId = main) =>
    createStudent(db, c, { name: `Student ${phone}`, phone: String(++phone), branchIds: [branchId] });
  const s: Record<string, number> = {};
  for (const name of [
    's1',
    's2',
    's3',
    's4',
    's5',
    's6',
    's7',
    's8',
    's9',
    's10',
    's11',
    's12',
    't1',
    't2',
    't3',
    't4',
  ])
    s[name] = await student();
  const paying = (groupId: number, studentId: number) =>
    addStudentToGroupRow(db, c, groupId, studentId, { createdDate: JAN, status: StudentStatus.active });
  for (const name of ['s1', 's2', 's3', 's4', 's5', 's6']) await paying(g.a1, s[name]!);
  for (const name of ['s7', 's9', 's12']) await paying(g.a2, s[name]!);
  await addStudentToGroupRow(db, c, g.a2, s.s8!, {
    createdDate: JAN,
    status: StudentStatus.archived,
    leftDate: '2026-03-20',
    archiveReasonId: reasons.expensive,
  });
  for (const name of ['s10', 's11']) await paying(g.b1, s[name]!);

  const change = (groupId: number, name: string, to: number, day: string, reason: number | null = null) =>
    changeStatusRow(db, c, { group: groupId, student: s[name]! }, to, day, reason);
  await change(g.a1, 's4', StudentStatus.archived, '2026-03-10', reasons.movedAway);
  await change(g.a1, 's5', StudentStatus.archived, '2026-03-20', reasons.movedAway);
  // The transfer as the API writes it: the old place archived on the day the new one starts.
  await change(g.a2, 's12', StudentStatus.archived, '2026-03-15');
  await addStudentToGroupRow(db, c, g.b1, s.s12!, { createdDate: '2026-03-15', status: StudentStatus.active });

  const trial = (groupId: number, name: string, day: string) =>
    addStudentToGroupRow(db, c, groupId, s[name]!, { createdDate: day, status: StudentStatus.inactive });
  await trial(g.a1, 't1', '2026-03-02');
  await trial(g.a1, 't2', '2026-03-04');
  await trial(g.a2, 't3', '2026-03-03');
  await trial(g.a2, 't4', '2026-03-05');
  await change(g.a1, 't1', StudentStatus.active, '2026-03-10');
  await change(g.a1, 't2', StudentStatus.active, '2026-03-10');
  await change(g.a2, 't3', StudentStatus.cameToTrial, '2026-03-06');
  await change(g.a2, 't4', StudentStatus.archived, '2026-03-12', reasons.disliked);

  const { present, absent } = AttendanceMark;
  await createHoliday(db, c, 'Spring day', '2026-03-16');
  await cancelLessonRow(db, c, g.a1, '2026-03-13');
  await insertMarks(db, c, g.a1, {
    [s.s1!]: {
      '2026-02-27': present,
      '2026-03-02': present,
      '2026-03-04': present,
      '2026-03-06': present,
      '2026-03-09': present,
      '2026-03-11': present,
      '2026-03-13': present,
      '2026-03-16': present,
    },
    [s.s2!]: {
      '2026-03-02': present,
      '2026-03-04': present,
      '2026-03-06': present,
      '2026-03-09': absent,
      '2026-03-11': absent,
    },
    [s.s4!]: { '2026-03-11': present },
  });
  await insertMarks(db, c, g.b1, {
    [s.s10!]: { '2026-03-03': present, '2026-03-05': present, '2026-03-07': present, '2026-03-10': absent },
  });

  const owner = { id: company.users.owner.id, companyId: c };
  const pay = (groupId: number, studentId: number, amount: number, date: string, branchId = main) =>
    inCompany(db, c, (tx) =>
      bookEntry(tx, owner, { kind: 'payment', amount, date, branchId, studentId, groupId, method: 'cash' }),
    );
  await pay(g.a1, s.s1!, 500_000, '2026-03-05');
  await pay(g.a2, s.s7!, 300_000, '2026-03-10');
  await pay(g.a1, s.s2!, 200_000, '2026-02-10');
  const cancelled = await pay(g.a1, s.s3!, 999_000, '2026-03-06');
  await inCompany(db, c, (tx) =>
    bookEntry(tx, owner, {
      kind: 'payment',
      amount: -999_000,
      date: '2026-03-07',
      branchId: main,
      studentId: s.s3!,
      groupId: g.a1,
      method: 'cash',
      reversesId: cancelled,
      reason: 'Wrong student',
    }),
  );
  await pay(g.b1, s.s10!, 400_000, '2026-03-12');

  // The North branch: teacher A's other group.
  const northStudents = [];
  for (let i = 0; i < 5; i++) {
    const id = await student(north);
    northStudents.push(id);
    await paying(g.n1, id);
  }
  await changeStatusRow(
    db,
    c,
    { group: g.n1, student: northStudents[0]! },
    StudentStatus.archived,
    '2026-03-05',
    reasons.expensive,
  );
  await insertMarks(db, c, g.n1, { [northStudents[1]!]: { '2026-03-02': absent, '2026-03-04': absent } });
  await pay(g.n1, northStudents[1]!, 700_000, '2026-03-03', north);

  await seedOtherCompany(db, other);

  const sub = company.subdomain;
  const tokens = {
    owner: await loginAs(app, sub, '900000008'),
    admin: await loginAs(app, sub, '900000002'),
    director: await loginAs(app, sub, '900000009'),
    limitedAdmin: await loginAs(app, sub, '900000010'),
    cashier: await loginAs(app, sub, '900000004'),
    teacher: await loginAs(app, sub, '900000006'),
    northAdmin: await loginAs(app, sub, '950000001'),
  };
  const get = (token: string, url: string) => call(app, { url: `/api/v1${url}`, sub, token });
  return {
    company,
    main,
    north,
    foreignBranch: other.branchIds[0]!,
    teachers: { a: teacherA, b: teacherB },
    courses: { english, b1, math },
    groups: g,
    reasons,
    s,
    tokens,
    get,
  };
}

/** The other company: a teacher, a group with paying students, one who left, marks and a payment. */
async function seedOtherCompany(db: Db, other: CreatedCompany & { users: RoleUsers }) {
  const c = other.id;
  const branchId = other.branchIds[0]!;
  const teacher = await createTeacher(db, c, { name: 'Foreign Teacher', phone: '952000001', branchIds: [branchId] });
  const course = await createCourse(db, c, { name: 'English', price: 500_000 });
  const reason = await createArchiveReason(db, c, 'Moved away');
  const groupId = await createGroupRow(db, c, {
    branchId,
    courseId: course,
    teacherId: teacher,
    startDate: '2026-01-05',
  });
  const students: number[] = [];
  for (let i = 0; i < 4; i++) {
    const id = await createStudent(db, c, { name: `Foreign ${i}`, phone: `95200001${i}`, branchIds: [branchId] });
    students.push(id);
    await addStudentToGroupRow(db, c, groupId, id, { createdDate: JAN, status: StudentStatus.active });
  }
  await changeStatusRow(db, c, { group: groupId, student: students[0]! }, StudentStatus.archived, '2026-03-05', reason);
  await insertMarks(db, c, groupId, { [students[1]!]: { '2026-03-02': AttendanceMark.present } });
  await inCompany(db, c, (tx) =>
    bookEntry(
      tx,
      { id: other.users.owner.id, companyId: c },
      {
        kind: 'payment',
        amount: 5_000_000,
        date: '2026-03-03',
        branchId,
        studentId: students[1]!,
        groupId,
        method: 'cash',
      },
    ),
  );
}

export type PerformanceWorld = Awaited<ReturnType<typeof createPerformanceWorld>>;

export const MARCH = 'from=2026-03-01&till=2026-03-31';
