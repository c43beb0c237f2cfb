import {
  dateOfDayNumber,
  daysBetween,
  GroupStatus,
  Role,
  StudentStatus,
  toDayNumber,
  weekdaysOf,
} from '@crm/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import { groupStudents, groups, users } from '../../apps/server/src/db/schema/index.js';
import { inCompany } from '../../apps/server/src/platform/tenancy.js';
import { createCourse, createHoliday } from '../../apps/server/src/seed/courses-factories.js';
import { createCompanyWithRoleUsers } from '../../apps/server/src/seed/factories.js';
import { insertPeople } from '../../apps/server/src/seed/users-factories.js';
import { HISTORY_DAYS, HISTORY_START, TODAY } from './config.js';
import { birthdayOf, personName } from './names.js';
import type { GroupPlan, Place, Step } from './types.js';

/**
 * A training centre of any size — branches, teachers who can log in, a course catalogue,
 * groups with their schedules, students and their places — written through the seed
 * factories (multi-row inserts). The large company and the 100,000-student billing company
 * are both made here.
 */

export interface CentreSpec {
  name: string;
  subdomain: string;
  branches: number;
  teachers: number;
  groups: number;
  students: number;
  phones: { teachers: number; students: number };
  /** Spec §9 student payment mode (company setting); default monthly by calendar. */
  paymentMode?: string;
}

const COURSES = [
  { name: 'General English', code: 'GE', price: 600_000 },
  { name: 'IELTS', code: 'IELTS', price: 900_000 },
  { name: 'Mathematics', code: 'MATH', price: 500_000 },
  { name: 'Russian', code: 'RUS', price: 450_000 },
  { name: 'Programming', code: 'IT', price: 800_000 },
  { name: 'Korean', code: 'KOR', price: 550_000 },
];
/** Days off that fall in the two years: the lesson calendar skips them. */
const HOLIDAYS = ['2025-01-01', '2025-03-08', '2025-03-21', '2025-09-01', '2026-01-01', '2026-03-21', '2026-09-01'];

const chunksOf = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export async function createCentre(db: Db, rnd: () => number, spec: CentreSpec, step: Step) {
  const { company, courseIds, holidays } = await step('company, role users, courses, holidays', async () => {
    const company = await createCompanyWithRoleUsers(db, {
      name: spec.name,
      subdomain: spec.subdomain,
      branches: Array.from({ length: spec.branches }, (_, i) => `Branch ${i + 1}`),
      datas: {
        country: 'uz',
        student_payment_mode: spec.paymentMode ?? 'monthly_calendar',
        lessons_per_month_status: 'dynamic',
      },
    });
    const courseIds: number[] = [];
    for (const course of COURSES) courseIds.push(await createCourse(db, company.id, course));
    for (const day of HOLIDAYS) await createHoliday(db, company.id, 'Holiday', day);
    return { company, courseIds, holidays: new Map(HOLIDAYS.map((day) => [day, 'Holiday'])) };
  });
  const { branchIds } = company;

  const teacherIds = await step(
    'teachers',
    async () => {
      const specs = Array.from({ length: spec.teachers }, (_, i) => ({
        name: personName(rnd),
        phone: String(spec.phones.teachers + i),
        branchIds: [branchIds[i % branchIds.length] as number],
      }));
      const ids = await insertPeople(db, company.id, [Role.teacher], specs);
      // They log in with the role users' password (the log-in scenario takes turns among them).
      await inCompany(db, company.id, (tx) =>
        tx
          .update(users)
          .set({
            passwordHash: sql`(select password_hash from users where company_id = ${company.id} and id = ${company.users.owner.id})`,
          })
          .where(and(eq(users.companyId, company.id), inArray(users.id, ids))),
      );
      return ids;
    },
    (ids) => ids.length,
  );

  const plans = await step(
    'groups',
    () => createGroups(db, rnd, spec, company.id, branchIds, teacherIds, courseIds, holidays),
    (p) => p.length,
  );

  const studentIds = await step(
    'students',
    () =>
      insertPeople(
        db,
        company.id,
        [Role.student],
        Array.from({ length: spec.students }, (_, i) => ({
          name: personName(rnd),
          phone: String(spec.phones.students + i),
          branchIds: [(plans[i % plans.length] as GroupPlan).branchId],
          birthday: birthdayOf(rnd),
          gender: rnd() < 0.5 ? ('m' as const) : ('f' as const),
        })),
      ),
    (ids) => ids.length,
  );

  // Students join while the group runs: in its first 70 % of days until today.
  const places: Place[] = studentIds.map((studentId, i) => {
    const plan = plans[i % plans.length] as GroupPlan;
    const days = Math.floor(rnd() * 0.7 * daysBetween(plan.startDate, TODAY));
    const joined = dateOfDayNumber(toDayNumber(plan.startDate) + days);
    return { companyId: company.id, branchId: plan.branchId, groupId: plan.id, studentId, joined };
  });
  await step(
    'students in groups',
    () =>
      inCompany(db, company.id, async (tx) => {
        for (const part of chunksOf(places, 1000)) {
          await tx.insert(groupStudents).values(
            part.map((p) => ({
              companyId: p.companyId,
              groupId: p.groupId,
              studentId: p.studentId,
              createdDate: p.joined,
              status: StudentStatus.active,
            })),
          );
        }
      }),
    () => places.length,
  );
  return { company, teacherIds, courseIds, plans, places };
}

/** Groups spread over the branches, courses and teachers of each branch, started over the two years. */
async function createGroups(
  db: Db,
  rnd: () => number,
  spec: CentreSpec,
  companyId: number,
  branchIds: number[],
  teacherIds: number[],
  courseIds: number[],
  holidays: ReadonlyMap<string, string>,
): Promise<GroupPlan[]> {
  const orderOf = new Map<number, number>();
  const rows = Array.from({ length: spec.groups }, (_, g) => {
    const branchIndex = g % branchIds.length;
    // Teacher t works in branch t mod branches; a branch's groups take turns among its teachers.
    const ownTeachers = teacherIds.filter((_, t) => t % branchIds.length === branchIndex);
    const courseIndex = Math.floor(rnd() * courseIds.length);
    const courseId = courseIds[courseIndex] as number;
    const orderNumber = (orderOf.get(courseId) ?? 0) + 1;
    orderOf.set(courseId, orderNumber);
    const dayType = rnd() < 0.5 ? ('odd' as const) : ('even' as const);
    const hour = String(8 + (Math.floor(g / branchIds.length) % 12)).padStart(2, '0');
    return {
      companyId,
      branchId: branchIds[branchIndex] as number,
      courseId,
      teacherId: ownTeachers[Math.floor(g / branchIds.length) % ownTeachers.length] as number,
      code: `${COURSES[courseIndex]?.code}-${orderNumber}`,
      orderNumber,
      dayType,
      days: weekdaysOf(dayType, null),
      startTime: `${hour}:00`,
      endTime: `${hour}:50`,
      startDate: dateOfDayNumber(toDayNumber(HISTORY_START) + Math.floor(rnd() * (HISTORY_DAYS - 60))),
      status: GroupStatus.active,
    };
  });
  const plans: GroupPlan[] = [];
  await inCompany(db, companyId, async (tx) => {
    for (const part of chunksOf(rows, 500)) {
      const made = await tx.insert(groups).values(part).returning({ id: groups.id });
      made.forEach(({ id }, i) => {
        const row = part[i] as (typeof rows)[number];
        const { branchId, teacherId, days, startDate, startTime, endTime } = row;
        plans.push({ companyId, id, branchId, teacherId, days, startDate, startTime, endTime, holidays });
      });
    }
  });
  return plans;
}
