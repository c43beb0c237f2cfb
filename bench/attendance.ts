/**
 * Scenario: attendance in a large company — the month grid of one 30-student group
 * and the attendance report of a whole branch for a month — with 2.3 million
 * attendance rows, on the real PostgreSQL.
 *
 * Dataset (deterministic): one company, 4 branches × 100 groups × 30 students
 * (12,000 students), odd- and even-day groups running since 2025-09-01, every
 * held lesson up to 2026-11-20 marked (≈88 % present). Lesson days come from the
 * contracts' lessonCalendar, like everywhere else.
 *
 *   npm run bench:attendance          (creates and drops its own database; BENCH_KEEP=1 keeps it)
 */
import { GroupStatus, lessonCalendar, Role, StudentStatus, weekdaysOf } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { pgArray } from '../apps/server/src/db/client.js';
import { groupStudents, groups } from '../apps/server/src/db/schema/index.js';
import { inCompany } from '../apps/server/src/platform/tenancy.js';
import { createCourse } from '../apps/server/src/seed/courses-factories.js';
import { createCompanyWithRoleUsers } from '../apps/server/src/seed/factories.js';
import { insertPeople } from '../apps/server/src/seed/users-factories.js';
import { listeningApp, random, runLoad, withBenchDatabase } from './support.js';

const BRANCHES = 4;
const GROUPS_PER_BRANCH = 100;
const STUDENTS_PER_GROUP = 30;
const TEACHERS_PER_BRANCH = 10;
const START = '2025-09-01';
const LAST_MARKED = '2026-11-20';
const MONTH = { from: '2026-10-01', till: '2026-10-31' };

await withBenchDatabase('bench_attendance', async (database) => {
  const rnd = random(7);
  let t = performance.now();
  const company = await createCompanyWithRoleUsers(database.db, {
    name: 'Attendance Centre',
    subdomain: 'att',
    branches: Array.from({ length: BRANCHES }, (_, i) => `Branch ${i + 1}`),
  });
  const courseId = await createCourse(database.db, company.id, { name: 'English', code: 'ENG' });
  let phone = 910_000_000;
  const groupIds: number[] = [];
  const plans: { id: number; dayType: 'odd' | 'even'; start: string; end: string }[] = [];

  for (const branchId of company.branchIds) {
    const teachers = await insertPeople(
      database.db,
      company.id,
      [Role.teacher],
      Array.from({ length: TEACHERS_PER_BRANCH }, (_, i) => ({
        name: `Teacher ${branchId}-${i}`,
        phone: String(phone++),
        branchIds: [branchId],
      })),
    );
    const rows = await inCompany(database.db, company.id, (tx) =>
      tx
        .insert(groups)
        .values(
          Array.from({ length: GROUPS_PER_BRANCH }, (_, g) => {
            const dayType = g % 2 === 0 ? ('odd' as const) : ('even' as const);
            const hour = 8 + (g % 12);
            return {
              companyId: company.id,
              branchId,
              courseId,
              teacherId: teachers[g % TEACHERS_PER_BRANCH] as number,
              code: `ENG-${branchId}-${g}`,
              orderNumber: groupIds.length + g + 1,
              dayType,
              days: weekdaysOf(dayType, null),
              startTime: `${String(hour).padStart(2, '0')}:00`,
              endTime: `${String(hour).padStart(2, '0')}:50`,
              startDate: START,
              status: GroupStatus.active,
            };
          }),
        )
        .returning({ id: groups.id, dayType: groups.dayType, startTime: groups.startTime, endTime: groups.endTime }),
    );
    const students = await insertPeople(
      database.db,
      company.id,
      [Role.student],
      Array.from({ length: GROUPS_PER_BRANCH * STUDENTS_PER_GROUP }, (_, i) => ({
        name: `Student ${branchId}-${i}`,
        phone: String(phone++),
        branchIds: [branchId],
      })),
    );
    await inCompany(database.db, company.id, async (tx) => {
      const places = rows.flatMap((group, g) =>
        Array.from({ length: STUDENTS_PER_GROUP }, (_, s) => ({
          companyId: company.id,
          groupId: group.id,
          studentId: students[g * STUDENTS_PER_GROUP + s] as number,
          createdDate: START,
          status: StudentStatus.active,
        })),
      );
      for (let i = 0; i < places.length; i += 1000) await tx.insert(groupStudents).values(places.slice(i, i + 1000));
    });
    for (const row of rows) {
      groupIds.push(row.id);
      plans.push({ id: row.id, dayType: row.dayType as 'odd' | 'even', start: row.startTime, end: row.endTime });
    }
  }

  // Every held lesson up to LAST_MARKED marked for every student, in batches of unnest()ed arrays.
  const placesOf = await inCompany(database.db, company.id, (tx) =>
    tx.select({ groupId: groupStudents.groupId, studentId: groupStudents.studentId }).from(groupStudents),
  );
  const studentsOf = new Map<number, number[]>();
  for (const p of placesOf) studentsOf.set(p.groupId, [...(studentsOf.get(p.groupId) ?? []), p.studentId]);
  let batch = { groups: [] as number[], dates: [] as string[], students: [] as number[], statuses: [] as number[] };
  let total = 0;
  const flush = async () => {
    if (!batch.groups.length) return;
    await inCompany(database.db, company.id, (tx) =>
      tx.execute(sql`insert into attendances (company_id, group_id, attend_date, student_id, status)
        select ${company.id}, g, d, s, st from unnest(${pgArray(batch.groups)}::bigint[], ${pgArray(batch.dates)}::date[],
          ${pgArray(batch.students)}::bigint[], ${pgArray(batch.statuses)}::smallint[]) as t(g, d, s, st)`),
    );
    total += batch.groups.length;
    batch = { groups: [], dates: [], students: [], statuses: [] };
  };
  for (const plan of plans) {
    const lessons = lessonCalendar({
      plan: {
        weekdays: weekdaysOf(plan.dayType, null),
        start_date: START,
        end_date: null,
        start_time: plan.start,
        end_time: plan.end,
        teacher_id: 0,
        room_id: null,
      },
      from: START,
      till: LAST_MARKED,
    });
    for (const lesson of lessons) {
      for (const studentId of studentsOf.get(plan.id) ?? []) {
        batch.groups.push(plan.id);
        batch.dates.push(lesson.date);
        batch.students.push(studentId);
        batch.statuses.push(rnd() < 0.88 ? 1 : 0);
      }
    }
    if (batch.groups.length >= 100_000) await flush();
  }
  await flush();
  await database.db.execute(sql`analyze`);
  console.log(
    `dataset: ${groupIds.length} groups, ${groupIds.length * STUDENTS_PER_GROUP} students, ${total.toLocaleString('en')} attendance rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const { app, ...target } = await listeningApp(database, 'att', '900000008');
  const gridPath = (i: number) =>
    `/api/v1/group/${groupIds[i % groupIds.length]}/attendance/${MONTH.from}/${MONTH.till}?withAttendance=1`;
  await runLoad('GET /group/{id}/attendance/{month} (30 students)', target, {
    concurrency: 1,
    requests: 200,
    pathOf: gridPath,
  });
  await runLoad('GET /group/{id}/attendance/{month} (30 students)', target, {
    concurrency: 10,
    requests: 1000,
    pathOf: gridPath,
  });
  const branchPath = (path: string) => (i: number) =>
    `/api/v1${path}?branch_id=${company.branchIds[i % BRANCHES]}&from=${MONTH.from}&till=${MONTH.till}&per_page=50`;
  t = performance.now();
  await runLoad(`GET /attendance_report/ (a branch: ${GROUPS_PER_BRANCH} groups, a month)`, target, {
    concurrency: 1,
    requests: 20,
    pathOf: branchPath('/attendance_report/'),
  });
  await runLoad(`GET /reports/skip-classes (a branch, a month)`, target, {
    concurrency: 1,
    requests: 20,
    pathOf: branchPath('/reports/skip-classes'),
  });
  await app.close();
});
