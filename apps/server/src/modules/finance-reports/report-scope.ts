import { type LedgerEntry, type Pagination, paginate } from '@crm/contracts';
import { and, count, desc, eq, gte, isNull, lte, not, type SQL, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches, ledgerEntries } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { entryViewQuery, isReversed, toLedgerEntry } from '../finance/ledger.js';
import { invalidField } from '../groups/service.js';

/**
 * What every finance report checks first: the branch is the company's (another company's
 * branch does not exist here: 404), then one the caller works in (403), and the period
 * runs forwards (400 with the field, as every period of the API).
 */
export async function assertReportScope(
  tx: Tx,
  actor: Actor,
  scope: { branch_id: number; from?: string; to?: string },
): Promise<void> {
  const [branch] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, actor.companyId), eq(branches.id, scope.branch_id)));
  if (!branch) throw notFound();
  assertBranch(actor, scope.branch_id);
  if (scope.from && scope.to && scope.to < scope.from)
    throw invalidField('to', 'end_before_start', 'to is before from');
}

/**
 * Entries that still count: not reversed, and not themselves a reversal. A cancelled or
 * edited payment (and an edited expense's old booking) drops out of every period with
 * its reversal, whatever day the reversal was booked on.
 */
export const stillCounts: SQL[] = [isNull(ledgerEntries.reversesId), not(isReversed)];

/** The entries of one kind in a branch (the ledger's (company, branch, kind, date) index). */
export const branchKind = (branchId: number, kind: string): SQL[] => [
  eq(ledgerEntries.branchId, branchId),
  eq(ledgerEntries.kind, kind),
];

/** Both ends of a period included; an absent end leaves it open. */
export function inPeriod(from: string | undefined, to: string | undefined): SQL[] {
  const where: SQL[] = [];
  if (from) where.push(gte(ledgerEntries.entryDate, from));
  if (to) where.push(lte(ledgerEntries.entryDate, to));
  return where;
}

/** The company's entries matching `where` (the tenant condition is never left out). */
export const ofCompany = (actor: Actor, where: SQL[]) => and(eq(ledgerEntries.companyId, actor.companyId), ...where);

/** A page of the entries matching `where`, newest first, with their number and signed sum over the whole filter. */
export async function entryPage(
  tx: Tx,
  actor: Actor,
  where: SQL[],
  page: { page: number; per_page: number },
): Promise<{ data: LedgerEntry[]; pagination: Pagination; sum: number }> {
  const rows = await entryViewQuery(tx, actor.companyId, where)
    .orderBy(desc(ledgerEntries.entryDate), desc(ledgerEntries.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  const [summary] = await tx
    .select({ n: count(), total: sum(ledgerEntries.amount).mapWith(Number) })
    .from(ledgerEntries)
    .where(ofCompany(actor, where));
  return {
    data: rows.map(toLedgerEntry),
    pagination: paginate(summary?.n ?? 0, page.page, page.per_page, rows.length),
    sum: summary?.total ?? 0,
  };
}
