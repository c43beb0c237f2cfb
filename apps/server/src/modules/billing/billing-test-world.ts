import { type DayType, type LessonsPerMonth, Role, type StudentPaymentMode, StudentStatus } from '@crm/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { uniqueSubdomain } from '../../../test/helpers.js';
import type { Db, Tx } from '../../db/client.js';
import { companies, groupStudents, ledgerEntries, lessons } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse, createHoliday } from '../../seed/courses-factories.js';
import { createCompany, createCompanyWithRoleUsers } from '../../seed/factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { createStaff, createStudent, createTeacher } from '../../seed/users-factories.js';
import { companyBilling } from './company-billing.js';
import { billAllGroups, runBilling } from './runs.js';

/** Noon in Tashkent (UTC+5, the test company's zone) of a day: the instant tests act at. */
export const noonOf = (date: string) => new Date(`${date}T12:00:00+05:00`);

let phones = 0;
const nextPhone = () => `93${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(4, '0')}`;

export interface BillingWorldSpec {
  mode: StudentPaymentMode;
  lessonsPerMonth: LessonsPerMonth;
  /** Monthly course price in sum (UZS has no minor unit). Default 600 000. */
  price?: number;
  courseMonths?: number | null;
  lessonsPerModule?: number | null;
  /** Default: odd days (Mon, Wed, Fri) from Monday 3 March 2025, no end. */
  group?: { startDate?: string; endDate?: string | null; dayType?: DayType };
  /** Default: Navruz on Friday 21 March 2025. */
  holidays?: [date: string, name: string][];
  /** Give the company one user of every role (phones 9000000NN) and a second branch, for API tests. */
  roleUsers?: boolean;
}

/**
 * A company of docs/billing.md's worked examples: an Uzbek training centre (UZS), a
 * course at 600 000 sum a month and one group, with helpers that change places, lessons
 * and holidays as the app does and run the engine on a chosen day.
 */
export async function createBillingWorld(db: Db, spec: BillingWorldSpec) {
  const companySpec = {
    name: 'Billing Academy',
    subdomain: uniqueSubdomain('bill'),
    branches: spec.roleUsers ? ['Main', 'Second'] : ['Main'],
    datas: { country: 'uz' as const, student_payment_mode: spec.mode, lessons_per_month_status: spec.lessonsPerMonth },
  };
  const company = spec.roleUsers
    ? await createCompanyWithRoleUsers(db, companySpec)
    : { ...(await createCompany(db, companySpec)), users: null };
  const companyId = company.id;
  const branchId = company.branchIds[0]!;
  const courseId = await createCourse(db, companyId, {
    name: 'English',
    code: 'EN',
    price: spec.price ?? 600_000,
    courseDurationMonths: spec.courseMonths === undefined ? 3 : spec.courseMonths,
    lessonsPerModule: spec.lessonsPerModule === undefined ? 12 : spec.lessonsPerModule,
  });
  const teacherId = await createTeacher(db, companyId, { name: 'Teacher', phone: nextPhone(), branchIds: [branchId] });
  const ownerId =
    company.users?.owner.id ??
    (await createStaff(db, companyId, {
      name: 'Owner',
      phone: nextPhone(),
      branchIds: [branchId],
      roles: [Role.owner],
    }));
  const createStudentRow = () =>
    createStudent(db, companyId, { name: 'Student', phone: nextPhone(), branchIds: [branchId] });
  const createGroup = (group: BillingWorldSpec['group'] = {}) =>
    createGroupRow(db, companyId, {
      branchId,
      courseId,
      teacherId,
      dayType: group.dayType ?? 'odd',
      startDate: group.startDate ?? '2025-03-03',
      endDate: group.endDate ?? null,
    });
  const groupId = await createGroup(spec.group);
  for (const [date, name] of spec.holidays ?? [['2025-03-21', 'Navruz']])
    await createHoliday(db, companyId, name, date);

  /** Runs `work` as the app would at noon of `date` (the status timeline takes that day). */
  const at = <T>(date: string, work: (tx: Tx) => Promise<T>) =>
    inCompany(db, companyId, async (tx) => {
      await tx.execute(sql`select set_config('app.now', ${noonOf(date).toISOString()}, true)`);
      return work(tx);
    });
  const placeOf = (studentId: number, group: number) =>
    and(
      eq(groupStudents.companyId, companyId),
      eq(groupStudents.groupId, group),
      eq(groupStudents.studentId, studentId),
    );

  return {
    db,
    companyId,
    subdomain: company.subdomain,
    users: company.users,
    branchIds: company.branchIds,
    branchId,
    ownerId,
    teacherId,
    courseId,
    groupId,
    createGroup,
    at,
    createStudent: createStudentRow,
    /** A student (new unless given) who joins on `createdDate` (default the group start) with a status (default active). */
    async addStudent(
      place: {
        student?: number;
        createdDate?: string;
        status?: number;
        group?: number;
        exception?: [sum: number, start: string, end: string];
      } = {},
    ) {
      const studentId = place.student ?? (await createStudentRow());
      await inCompany(db, companyId, (tx) =>
        tx.insert(groupStudents).values({
          companyId,
          groupId: place.group ?? groupId,
          studentId,
          createdDate: place.createdDate ?? '2025-03-03',
          status: place.status ?? StudentStatus.active,
          exceptionSum: place.exception?.[0] ?? null,
          exceptionSumStartDate: place.exception?.[1] ?? null,
          exceptionSumEndDate: place.exception?.[2] ?? null,
        }),
      );
      return studentId;
    },
    /** The student's status changes on `date` (archiving: he leaves that day). */
    setStatus: (studentId: number, status: number, date: string, group = groupId) =>
      at(date, (tx) =>
        tx
          .update(groupStudents)
          .set({ status, leftDate: status === StudentStatus.archived ? date : null })
          .where(placeOf(studentId, group)),
      ),
    cancelLesson: (date: string, group = groupId) =>
      inCompany(db, companyId, (tx) =>
        tx
          .insert(lessons)
          .values({
            companyId,
            groupId: group,
            scheduledDate: date,
            cancelledAt: noonOf(date),
            cancelReason: 'Teacher ill',
          })
          .onConflictDoUpdate({
            target: [lessons.companyId, lessons.groupId, lessons.scheduledDate],
            set: { cancelledAt: noonOf(date), cancelReason: 'Teacher ill' },
          }),
      ),
    addHoliday: (date: string) => createHoliday(db, companyId, 'Holiday', date),
    setSettings: (mode: StudentPaymentMode, lessonsPerMonth: LessonsPerMonth) =>
      db
        .update(companies)
        .set({
          datas: sql`${companies.datas} || ${JSON.stringify({ student_payment_mode: mode, lessons_per_month_status: lessonsPerMonth })}::jsonb`,
        })
        .where(eq(companies.id, companyId)),
    /** The daily run of `date` (once per day, like the scheduler). */
    run: (date: string) => runBilling(db, companyId, date, { at: noonOf(date) }),
    /** The engine over every group as on `date`, without the day's claim (to repeat it). */
    async billAgain(date: string, recalculateFrom = date) {
      const ctx = await inCompany(db, companyId, (tx) => companyBilling(tx, companyId, noonOf(date), null));
      return billAllGroups(db, { ...ctx, today: date }, { recalculateFrom });
    },
    /** Every entry of the company (optionally one student's), oldest first. */
    entries: (studentId?: number) =>
      inCompany(db, companyId, (tx) =>
        tx
          .select()
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.companyId, companyId),
              studentId === undefined ? undefined : eq(ledgerEntries.studentId, studentId),
            ),
          )
          .orderBy(asc(ledgerEntries.id)),
      ),
    /** What the student owes per unit: the net of his charges by natural key without revision, as positive sums. */
    async owed(studentId: number, group = groupId): Promise<Record<string, number>> {
      const rows = await this.entries(studentId);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const owed: Record<string, number> = {};
      for (const row of rows) {
        if (row.kind !== 'charge' || row.groupId !== group) continue;
        const key = (row.naturalKey ?? byId.get(row.reversesId ?? -1)?.naturalKey ?? '').replace(/~\d+$/, '');
        const unit = key.split(':').slice(3).join(':');
        owed[unit] = (owed[unit] ?? 0) - row.amount;
      }
      for (const unit of Object.keys(owed)) if (owed[unit] === 0) delete owed[unit];
      return owed;
    },
  };
}

export type BillingWorld = Awaited<ReturnType<typeof createBillingWorld>>;
