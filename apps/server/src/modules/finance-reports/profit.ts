import type { FinancePeriodQuery, Profit } from '@crm/contracts';
import { eq, inArray, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ledgerEntries } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { assertReportScope, inPeriod, ofCompany, stillCounts } from './report-scope.js';

/** The kinds the profit is made of; each is summed over the entries that still count. */
const PROFIT_KINDS = ['payment', 'refund', 'expense', 'salary'] as const;

/**
 * GET /replenishments/profit: the branch's result for the period. Payments add to a
 * student's balance (+); refunds, expenses and salaries are money out (−) and are shown
 * as positive amounts. An expense of the category "salary" is an expense entry, a salary
 * a salary entry, so neither is counted twice (docs/decisions/0013).
 */
export async function profitOf(tx: Tx, actor: Actor, query: FinancePeriodQuery): Promise<Profit> {
  await assertReportScope(tx, actor, query);
  const rows = await tx
    .select({ kind: ledgerEntries.kind, amount: sum(ledgerEntries.amount).mapWith(Number) })
    .from(ledgerEntries)
    .where(
      ofCompany(actor, [
        eq(ledgerEntries.branchId, query.branch_id),
        inArray(ledgerEntries.kind, [...PROFIT_KINDS]),
        ...stillCounts,
        ...inPeriod(query.from, query.to),
      ]),
    )
    .groupBy(ledgerEntries.kind);
  const of = (kind: (typeof PROFIT_KINDS)[number]) => rows.find((r) => r.kind === kind)?.amount ?? 0;
  const payments = of('payment');
  const refunds = -of('refund');
  const expenses = -of('expense');
  const salaries = -of('salary');
  const income = payments - refunds;
  return {
    from: query.from,
    to: query.to,
    payments,
    refunds,
    income,
    expenses,
    salaries,
    profit: income - expenses - salaries,
  };
}
