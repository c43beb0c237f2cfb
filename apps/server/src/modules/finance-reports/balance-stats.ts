import { type BalanceStats, type BalanceStatsInput, Role } from '@crm/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { courses, groups } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { assertReportScope } from './report-scope.js';

/** A group filter names a group of the branch; a course filter a course of the company (else 404). */
async function assertFilterRows(tx: Tx, actor: Actor, input: BalanceStatsInput) {
  if (input.group_id) {
    const [group] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(
        and(eq(groups.companyId, actor.companyId), eq(groups.id, input.group_id), eq(groups.branchId, input.branch_id)),
      );
    if (!group) throw notFound();
  }
  if (input.course_id) {
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.companyId, actor.companyId), eq(courses.id, input.course_id)));
    if (!course) throw notFound();
  }
}

const SIGNS = { 1: 'positive', 0: 'zero', [-1]: 'negative' } as const;

/**
 * POST /users/balance-stats (spec §7): the branch's students (not archived) by the sign of
 * their balance — the sum of all their ledger entries, as on the debtors list, so the
 * negative count is the debtors list's length. A group or course filter keeps the students
 * placed in it (its levels' groups count for a course).
 */
export async function balanceStats(tx: Tx, actor: Actor, input: BalanceStatsInput): Promise<BalanceStats> {
  await assertReportScope(tx, actor, input);
  await assertFilterRows(tx, actor, input);
  const placed = (condition: SQL) =>
    sql`and exists (select 1 from group_students gs
      join groups g on g.company_id = gs.company_id and g.id = gs.group_id
      join courses c on c.company_id = g.company_id and c.id = g.course_id
      where gs.company_id = u.company_id and gs.student_id = u.id and ${condition})`;
  const rows = await selectRows<{ sign: -1 | 0 | 1; count: number; sum: number }>(
    tx,
    sql`select sign(coalesce(b.balance, 0))::int as sign, count(*)::int as count,
        coalesce(sum(b.balance), 0)::float8 as sum
      from users u
      left join lateral (select sum(le.amount) as balance from ledger_entries le
        where le.company_id = u.company_id and le.student_id = u.id) b on true
      where u.company_id = ${actor.companyId} and u.archived_at is null and ${Role.student} = any(u.roles)
        and exists (select 1 from user_branches ub where ub.company_id = u.company_id and ub.user_id = u.id
          and ub.branch_id = ${input.branch_id})
        ${input.group_id ? placed(sql`gs.group_id = ${input.group_id}`) : sql``}
        ${input.course_id ? placed(sql`(g.course_id = ${input.course_id} or c.parent_id = ${input.course_id})`) : sql``}
      group by 1`,
  );
  const stats: BalanceStats = {
    positive: { count: 0, sum: 0 },
    zero: { count: 0, sum: 0 },
    negative: { count: 0, sum: 0 },
    total: { count: 0, sum: 0 },
  };
  for (const row of rows) {
    stats[SIGNS[row.sign]] = { count: row.count, sum: row.sum };
    stats.total = { count: stats.total.count + row.count, sum: stats.total.sum + row.sum };
  }
  return stats;
}
