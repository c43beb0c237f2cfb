import type {
  LedgerEntry,
  PaymentMethod,
  ReplenishmentFilter,
  ReplenishmentList,
  ReplenishmentListQuery,
  ReplenishmentTotals,
} from '@crm/contracts';
import { count, eq, type SQL, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ledgerEntries } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { assertReportScope, branchKind, entryPage, inPeriod, ofCompany, stillCounts } from './report-scope.js';

/** The payments of a filter that still count (spec: money in, a cancelled payment does not count). */
async function paymentConditions(tx: Tx, actor: Actor, filter: ReplenishmentFilter): Promise<SQL[]> {
  await assertReportScope(tx, actor, filter);
  const where = [...branchKind(filter.branch_id, 'payment'), ...stillCounts, ...inPeriod(filter.from, filter.to)];
  if (filter.method) where.push(eq(ledgerEntries.method, filter.method));
  if (filter.student_id) where.push(eq(ledgerEntries.studentId, filter.student_id));
  if (filter.group_id) where.push(eq(ledgerEntries.groupId, filter.group_id));
  return where;
}

/** GET /replenishments: a page of the branch's payments, newest first, with the sum of the whole filter. */
export async function listReplenishments(
  tx: Tx,
  actor: Actor,
  query: ReplenishmentListQuery,
): Promise<ReplenishmentList> {
  const { data, pagination, sum } = await entryPage(tx, actor, await paymentConditions(tx, actor, query), query);
  return { data, pagination, total: sum };
}

/** Every payment of a filter for the Excel file, capped so one request cannot run away. */
export async function listAllReplenishments(
  tx: Tx,
  actor: Actor,
  filter: ReplenishmentFilter,
  cap: number,
): Promise<LedgerEntry[]> {
  const where = await paymentConditions(tx, actor, filter);
  return (await entryPage(tx, actor, where, { page: 1, per_page: cap })).data;
}

/** GET /replenishments/totals: the filter's sum and number of payments, per method biggest first. */
export async function replenishmentTotals(
  tx: Tx,
  actor: Actor,
  filter: ReplenishmentFilter,
): Promise<ReplenishmentTotals> {
  const where = await paymentConditions(tx, actor, filter);
  const methods = await tx
    .select({ method: ledgerEntries.method, amount: sum(ledgerEntries.amount).mapWith(Number), n: count() })
    .from(ledgerEntries)
    .where(ofCompany(actor, where))
    .groupBy(ledgerEntries.method);
  return {
    total: methods.reduce((acc, m) => acc + m.amount, 0),
    count: methods.reduce((acc, m) => acc + m.n, 0),
    // POST /payment requires a method; the column is nullable only for movements that are not cash.
    by_method: methods
      .filter((m) => m.method !== null)
      .map((m) => ({ method: m.method as PaymentMethod, amount: m.amount, count: m.n }))
      .sort((a, b) => b.amount - a.amount),
  };
}
