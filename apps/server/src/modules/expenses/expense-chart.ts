import { EXPENSE_CHART_MAX_MONTHS, type ExpenseChart, type ExpenseChartQuery } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { bucketKey, bucketSums, filterConditions, invalidField, toBucket } from './expense-queries.js';

/** Every month (YYYY-MM) from the month of `from` to the month of `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) return months;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * GET /expense/expense-chart: the period's expenses per month and per category, for a
 * bar chart stacked by category. Every month of the period is present, empty ones as
 * zero, so the bars line up with the calendar; categories come biggest first.
 */
export async function expenseChart(tx: Tx, actor: Actor, query: ExpenseChartQuery): Promise<ExpenseChart> {
  const where = filterConditions(actor, query);
  const months = monthsBetween(query.from_date, query.to_date);
  if (months.length > EXPENSE_CHART_MAX_MONTHS) {
    throw invalidField('to_date', 'too_big', `a chart covers at most ${EXPENSE_CHART_MAX_MONTHS} months`);
  }
  const monthIndex = new Map(months.map((m, i) => [m, i]));
  const rows = await bucketSums(tx, actor, where, true);

  const buckets = new Map<string, { bucket: ReturnType<typeof toBucket>; amounts: number[]; total: number }>();
  for (const row of rows) {
    const key = bucketKey(row);
    let entry = buckets.get(key);
    if (!entry) {
      entry = { bucket: toBucket(row), amounts: months.map(() => 0), total: 0 };
      buckets.set(key, entry);
    }
    const at = monthIndex.get(row.month);
    if (at === undefined) continue;
    entry.amounts[at] = (entry.amounts[at] ?? 0) + row.amount;
    entry.total += row.amount;
  }
  const ordered = [...buckets.values()].sort((a, b) => b.total - a.total);
  return {
    months,
    month_amount: months.map((_, i) => ordered.reduce((acc, b) => acc + (b.amounts[i] ?? 0), 0)),
    categories: ordered.map((b) => b.bucket),
    category_amount: ordered.map((b) => b.total),
    amounts: ordered.map((b) => b.amounts),
  };
}
