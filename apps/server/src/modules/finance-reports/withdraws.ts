import type { WithdrawFilter, WithdrawList, WithdrawListQuery, WithdrawTotals } from '@crm/contracts';
import { countDistinct, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ledgerEntries } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { assertReportScope, branchKind, entryPage, inPeriod, ofCompany } from './report-scope.js';

/**
 * The charges of a filter and their reversals. The billing engine dates a reversal like
 * the charge it reverses, so a recalculated period shows its net amount.
 */
async function chargeConditions(tx: Tx, actor: Actor, filter: WithdrawFilter): Promise<SQL[]> {
  await assertReportScope(tx, actor, filter);
  const where = [...branchKind(filter.branch_id, 'charge'), ...inPeriod(filter.from, filter.to)];
  if (filter.group_id) where.push(eq(ledgerEntries.groupId, filter.group_id));
  if (filter.student_id) where.push(eq(ledgerEntries.studentId, filter.student_id));
  return where;
}

/** GET /withdraws: a page of charges and reversals, newest first, with the net charged of the whole filter. */
export async function listWithdraws(tx: Tx, actor: Actor, query: WithdrawListQuery): Promise<WithdrawList> {
  const { data, pagination, sum } = await entryPage(tx, actor, await chargeConditions(tx, actor, query), query);
  // Charges are negative in the ledger: the net charged is the opposite of their sum.
  return { data, pagination, total: -sum };
}

const isReversal = sql`${ledgerEntries.reversesId} is not null`;

/** GET /withdraws/totals: what was charged, what reversals gave back, the net, and the students charged. */
export async function withdrawTotals(tx: Tx, actor: Actor, filter: WithdrawFilter): Promise<WithdrawTotals> {
  const where = await chargeConditions(tx, actor, filter);
  const [row] = await tx
    .select({
      charged: sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where not ${isReversal}), 0)`.mapWith(Number),
      chargeCount: sql<number>`count(*) filter (where not ${isReversal})`.mapWith(Number),
      reversed: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${isReversal}), 0)`.mapWith(Number),
      reversalCount: sql<number>`count(*) filter (where ${isReversal})`.mapWith(Number),
      students: countDistinct(ledgerEntries.studentId),
    })
    .from(ledgerEntries)
    .where(ofCompany(actor, where));
  const charged = row?.charged ?? 0;
  const reversed = row?.reversed ?? 0;
  return {
    charged,
    charge_count: row?.chargeCount ?? 0,
    reversed,
    reversal_count: row?.reversalCount ?? 0,
    total: charged - reversed,
    students: row?.students ?? 0,
  };
}
