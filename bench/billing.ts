/**
 * Scenario: the daily billing run (docs/billing.md "Daily run") of one company with
 * 100,000 active students in groups, on the real PostgreSQL.
 *
 * Dataset (deterministic): one company, 10 branches × 500 groups × 20 active students,
 * odd- and even-day groups from Monday 3 March 2025, a course at 600 000 sum a month,
 * payment mode BENCH_MODE (default monthly_calendar; by_day also makes sense).
 *
 * Runs: the first day of the month (every place gets its month, or its lesson), the
 * next day (an ordinary day: everything checked, little to book), and that day again
 * (nothing to book: the cost of checking alone).
 *
 *   npm run bench:billing              (creates and drops its own database; BENCH_KEEP=1 keeps it)
 */
import { GroupStatus, Role, type StudentPaymentMode, StudentStatus, weekdaysOf } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { groupStudents, groups } from '../apps/server/src/db/schema/index.js';
import { companyBilling } from '../apps/server/src/modules/billing/company-billing.js';
import { billAllGroups, runBilling } from '../apps/server/src/modules/billing/runs.js';
import { inCompany } from '../apps/server/src/platform/tenancy.js';
import { createCourse } from '../apps/server/src/seed/courses-factories.js';
import { createCompany } from '../apps/server/src/seed/factories.js';
import { insertPeople } from '../apps/server/src/seed/users-factories.js';
import { withBenchDatabase } from './support.js';

const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 10);
const GROUPS_PER_BRANCH = 500;
const STUDENTS_PER_GROUP = 20;
const START = '2025-03-03';
const MODE = (process.env.BENCH_MODE ?? 'monthly_calendar') as StudentPaymentMode;
const noon = (date: string) => new Date(`${date}T12:00:00+05:00`);

await withBenchDatabase('bench_billing', async (database) => {
  const { db } = database;
  let t = performance.now();
  const company = await createCompany(db, {
    name: 'Billing Centre',
    subdomain: 'billing',
    branches: Array.from({ length: BRANCHES }, (_, i) => `Branch ${i + 1}`),
    datas: { country: 'uz', student_payment_mode: MODE, lessons_per_month_status: 'dynamic' },
  });
  const courseId = await createCourse(db, company.id, { name: 'English', code: 'ENG', price: 600_000 });
  let phone = 920_000_000;
  let places = 0;
  for (const branchId of company.branchIds) {
    const [teacher] = await insertPeople(
      db,
      company.id,
      [Role.teacher],
      [{ name: `Teacher ${branchId}`, phone: String(phone++), branchIds: [branchId] }],
    );
    const rows = await inCompany(db, company.id, (tx) =>
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
              teacherId: teacher as number,
              code: `ENG-${branchId}-${g}`,
              orderNumber: g + 1,
              dayType,
              days: weekdaysOf(dayType, null),
              startTime: `${String(hour).padStart(2, '0')}:00`,
              endTime: `${String(hour).padStart(2, '0')}:50`,
              startDate: START,
              status: GroupStatus.active,
            };
          }),
        )
        .returning({ id: groups.id }),
    );
    const students = await insertPeople(
      db,
      company.id,
      [Role.student],
      Array.from({ length: GROUPS_PER_BRANCH * STUDENTS_PER_GROUP }, (_, i) => ({
        name: `Student ${branchId}-${i}`,
        phone: String(phone++),
        branchIds: [branchId],
      })),
    );
    await inCompany(db, company.id, async (tx) => {
      const values = rows.flatMap((group, g) =>
        Array.from({ length: STUDENTS_PER_GROUP }, (_, s) => ({
          companyId: company.id,
          groupId: group.id,
          studentId: students[g * STUDENTS_PER_GROUP + s] as number,
          createdDate: START,
          status: StudentStatus.active,
        })),
      );
      for (let i = 0; i < values.length; i += 1000) await tx.insert(groupStudents).values(values.slice(i, i + 1000));
      places += values.length;
    });
  }
  await db.execute(sql`analyze`);
  console.log(
    `dataset: ${BRANCHES * GROUPS_PER_BRANCH} groups, ${places} active students in groups, mode ${MODE}, loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const measure = async (
    label: string,
    work: () => Promise<{ groups: number; summary: { booked: { count: number } } }>,
  ) => {
    t = performance.now();
    const result = await work();
    const ms = performance.now() - t;
    console.log(
      `${label.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(7)} s   groups ${result.groups}, charges booked ${result.summary.booked.count}`,
    );
  };
  await measure(`daily run ${START} (first day of the month)`, () =>
    runBilling(db, company.id, START, { at: noon(START) }),
  );
  await measure('daily run 2025-03-04 (an ordinary day)', () =>
    runBilling(db, company.id, '2025-03-04', { at: noon('2025-03-04') }),
  );
  const ctx = await inCompany(db, company.id, (tx) => companyBilling(tx, company.id, noon('2025-03-04'), null));
  await measure('the same day again (nothing to book)', () =>
    billAllGroups(db, { ...ctx, today: '2025-03-04' }, { recalculateFrom: '2025-03-04' }),
  );
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`ledger_entries`)
    .where(sql`company_id = ${company.id}`);
  console.log(`ledger entries: ${row?.n}`);
});
