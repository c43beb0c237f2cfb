import { AttendanceMark, type Dashboard, GroupStatus, Role, StudentStatus } from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { DashboardScope } from './dashboard-scope.js';

const RUNNING = sql`(${GroupStatus.selection}, ${GroupStatus.active})`;
const TRIAL = sql`(${StudentStatus.inactive}, ${StudentStatus.cameToTrial})`;

interface CounterRow {
  active_groups: number;
  selection_groups: number;
  all_students: number;
  active: number;
  trial: number;
  frozen: number;
  left_this_month: number;
  present: number;
  absent: number;
}

/**
 * The groups, students, attendance and left cards in one statement. Students are counted by their places in the
 * running groups of the scope (a student in two groups once), statuses of spec §4: trial = 1 and 2, frozen 4,
 * active 5. "All" is the branch's students (those without a group too) when no card filter narrows it.
 */
export async function countersOf(tx: Tx, scope: DashboardScope, month: { from: string; till: string }) {
  const c = scope.companyId;
  const allStudents: SQL =
    scope.branchId !== null && !scope.filtered
      ? // From the branch's people (user_branches_by_branch) to each one's row: a branch's 1,500 students, not
        // the company's 30,000 users.
        sql`(select count(*) from user_branches ub
            join users u on u.company_id = ub.company_id and u.id = ub.user_id
            where ub.company_id = ${c} and ub.branch_id = ${scope.branchId} and u.archived_at is null
              and ${Role.student} = any(u.roles))`
      : sql`(select count(distinct student_id) from places)`;
  const [row] = await selectRows<CounterRow>(
    tx,
    sql`with scoped as (select g.id, g.status from groups g where ${scope.groups}),
      places as (
        select gs.student_id, gs.status from group_students gs
        join scoped on scoped.id = gs.group_id and scoped.status in ${RUNNING}
        join users u on u.company_id = gs.company_id and u.id = gs.student_id and u.archived_at is null
        where gs.company_id = ${c} and gs.status <> ${StudentStatus.archived})
      select
        (select count(*) from scoped where status = ${GroupStatus.active})::int as active_groups,
        (select count(*) from scoped where status = ${GroupStatus.selection})::int as selection_groups,
        ${allStudents}::int as all_students,
        (select count(distinct student_id) from places where status = ${StudentStatus.active})::int as active,
        (select count(distinct student_id) from places where status in ${TRIAL})::int as trial,
        (select count(distinct student_id) from places where status = ${StudentStatus.frozen})::int as frozen,
        (select count(distinct gs.student_id) from group_students gs join scoped on scoped.id = gs.group_id
          where gs.company_id = ${c} and gs.left_date between ${month.from} and ${month.till})::int as left_this_month,
        marks.present, marks.absent
      from (select count(*) filter (where a.status = ${AttendanceMark.present})::int as present,
              count(*) filter (where a.status = ${AttendanceMark.absent})::int as absent
            from attendances a join scoped on scoped.id = a.group_id and scoped.status in ${RUNNING}
            where a.company_id = ${c} and a.attend_date between ${month.from} and ${month.till}) marks`,
  );
  if (!row) throw new Error('the counters statement returned no row');
  return row;
}

/**
 * The debtors card: the branch's students whose kept balance (decision 0017) is below zero — the same students
 * the debtors list shows — narrowed to the filtered groups' students when a card filter is on.
 */
export async function debtorsOf(tx: Tx, scope: DashboardScope): Promise<{ count: number; total: number }> {
  if (scope.branchId === null) return { count: 0, total: 0 };
  const c = scope.companyId;
  const inGroups = scope.filtered
    ? sql`and exists (select 1 from group_students gs join groups g on g.company_id = gs.company_id
          and g.id = gs.group_id where gs.company_id = u.company_id and gs.student_id = u.id and ${scope.groups})`
    : sql``;
  const [row] = await selectRows<{ count: number; total: number }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(b.balance), 0)::float8 as total
      from user_branches ub
      join users u on u.company_id = ub.company_id and u.id = ub.user_id
      join student_balances b on b.company_id = u.company_id and b.student_id = u.id
      where ub.company_id = ${c} and ub.branch_id = ${scope.branchId} and b.balance < 0 and u.archived_at is null
        and ${Role.student} = any(u.roles)
        ${inGroups}`,
  );
  return { count: row?.count ?? 0, total: Number(row?.total ?? 0) };
}

/** The cards' student figures as the answer names them. */
export const studentsCard = (row: CounterRow): Dashboard['students'] => ({
  all: row.all_students,
  active: row.active,
  trial: row.trial,
  frozen: row.frozen,
});
