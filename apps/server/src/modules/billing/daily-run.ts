import { addMonths, RUNNING_GROUP_STATUSES } from '@crm/contracts';
import { and, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import { loadGroupsToBill } from './billing-data.js';
import { type BillingContext, type BillingSummary, billPlaces, writePlans } from './booking.js';
import { keepPlacePrices, readInputVersions } from './kept-prices.js';
import { planCharges } from './reconcile.js';
import { type BillingWindow, monthStart } from './units.js';

/**
 * The daily run's window: the units that end from the first day of the previous month
 * on and have begun by today. Older periods change only through re_withdraw.
 */
export const dailyWindow = (today: string): BillingWindow => ({ from: addMonths(monthStart(today), -1), till: today });

export const DAILY_REASON = 'Recalculated by the billing run: the lessons or the student status of the period changed';

/**
 * One batch of the daily run: the next `limit` running groups after `afterGroupId`,
 * locked, billed and booked in the caller's transaction, and its places' prices kept
 * for the debtors lists. Answers the last group id
 * (null when there was none left).
 *
 * `recalculateFrom` is the day of the company's previous finished run: units still
 * running since then follow every change (freeze, cancelled lesson, price); units that
 * had ended by then are closed.
 */
export async function billNextGroups(
  tx: Tx,
  ctx: BillingContext,
  options: { afterGroupId: number; limit: number; recalculateFrom: string },
): Promise<{ lastGroupId: number | null; groups: number; summary: BillingSummary }> {
  const batch = await loadGroupsToBill(
    tx,
    ctx.companyId,
    and(inArray(groups.status, [...RUNNING_GROUP_STATUSES]), gt(groups.id, options.afterGroupId)),
    { limit: options.limit },
  );
  // Before the inputs are read (kept-prices.ts readInputVersions).
  const versions = await readInputVersions(
    tx,
    ctx.companyId,
    batch.map((g) => g.id),
  );
  const window = dailyWindow(ctx.today);
  const bills = await billPlaces(tx, ctx, batch, window);
  const plans = bills.map((bill) => ({
    bill,
    plan: planCharges(bill.place.groupId, bill.place.studentId, bill.units, bill.booked, {
      recalculateFrom: options.recalculateFrom,
      settledFrom: bill.place.leftDate,
    }),
  }));
  const summary = await writePlans(tx, ctx, plans, { cause: 'billing', reason: DAILY_REASON });
  await keepPlacePrices(
    tx,
    ctx,
    batch,
    bills.map((bill) => bill.place),
    versions,
  );
  return { lastGroupId: batch.at(-1)?.id ?? null, groups: batch.length, summary };
}
