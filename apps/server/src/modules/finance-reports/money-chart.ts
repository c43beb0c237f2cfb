import {
  addDays,
  CHART_DAILY_MAX_DAYS,
  CHART_MAX_MONTHS,
  type CreditChartQuery,
  daysBetween,
  type FinancePeriodQuery,
  type MoneyChart,
} from '@crm/contracts';
import { eq, type SQL, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ledgerEntries } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { monthsBetween } from '../expenses/expense-chart.js';
import { invalidField } from '../groups/service.js';
import { assertReportScope, branchKind, inPeriod, ofCompany, stillCounts } from './report-scope.js';

/** The bars of a period: each day up to CHART_DAILY_MAX_DAYS days, else each month (at most CHART_MAX_MONTHS). */
export function chartSteps(from: string, to: string): Pick<MoneyChart, 'step' | 'periods'> {
  const days = daysBetween(from, to) + 1;
  if (days <= CHART_DAILY_MAX_DAYS) {
    return { step: 'day', periods: Array.from({ length: days }, (_, i) => addDays(from, i)) };
  }
  const periods = monthsBetween(from, to);
  if (periods.length > CHART_MAX_MONTHS) {
    throw invalidField('to', 'too_big', `a chart covers at most ${CHART_MAX_MONTHS} months`);
  }
  return { step: 'month', periods };
}

/**
 * Sums `where` per step of the period, every step present (empty as zero) so the bars line up
 * with the calendar. `sign` −1 shows money the ledger books as negative (charges) as positive.
 */
async function chartOf(tx: Tx, actor: Actor, query: FinancePeriodQuery, where: SQL[], sign: 1 | -1) {
  await assertReportScope(tx, actor, query);
  const { step, periods } = chartSteps(query.from, query.to);
  // A literal, not a parameter: the grouped expression must be the selected one, word for word.
  const format = sql.raw(step === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`);
  const bucket = sql<string>`to_char(${ledgerEntries.entryDate}, ${format})`;
  const rows = await tx
    .select({ bucket, amount: sum(ledgerEntries.amount).mapWith(Number) })
    .from(ledgerEntries)
    .where(ofCompany(actor, [...where, ...inPeriod(query.from, query.to)]))
    .groupBy(bucket);
  const byBucket = new Map(rows.map((r) => [r.bucket, sign * r.amount]));
  const amounts = periods.map((p) => byBucket.get(p) ?? 0);
  return { step, periods, amounts, total: amounts.reduce((acc, a) => acc + a, 0) } satisfies MoneyChart;
}

/** GET /replenishments/debit_char: money in, the payments that still count. */
export const debitChart = (tx: Tx, actor: Actor, query: FinancePeriodQuery) =>
  chartOf(tx, actor, query, [...branchKind(query.branch_id, 'payment'), ...stillCounts], 1);

/** GET /withdraws/credit_char: the engine's charges net of their reversals (dated like the charge), of a group if asked. */
export const creditChart = (tx: Tx, actor: Actor, query: CreditChartQuery) =>
  chartOf(
    tx,
    actor,
    query,
    [...branchKind(query.branch_id, 'charge'), ...(query.group_id ? [eq(ledgerEntries.groupId, query.group_id)] : [])],
    -1,
  );
