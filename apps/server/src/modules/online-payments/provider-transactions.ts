import type { OnlineProvider, ProviderTransactionState } from '@crm/contracts';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { providerTransactions } from '../../db/schema/index.js';
import { type CheckoutRow, lockCheckout } from './checkouts.js';
import { type Settled, settleCheckout, unsettleCheckout } from './settlement.js';

/*
 * The providers' transactions (docs/decisions/0026). Every provider callback runs on the owner connection (it
 * has no user and, for licences, no company until the transaction is found) and goes through these functions:
 * - a transaction is found or made by (provider, merchant, external id), the unique key that makes a repeated
 *   or concurrent callback land on the same row, which is then locked;
 * - performing books exactly once (settlement.ts), a second perform changes nothing;
 * - cancelling before perform closes it, after perform books the reversal, a second cancel changes nothing.
 * The protocol adapters (payme-merchant.ts, click-shop.ts, midtrans-notifications.ts) translate the provider's
 * calls into these and these answers into the provider's words.
 */

/** Whose merchant account the provider called: the platform's (licences) or a company's (its students' fees). */
export interface MerchantRef {
  provider: OnlineProvider;
  merchant: 'platform' | number;
}
const merchantKey = (ref: MerchantRef) => String(ref.merchant);
/** The rows of one merchant account at one provider. */
const ofMerchant = (ref: MerchantRef) =>
  and(eq(providerTransactions.provider, ref.provider), eq(providerTransactions.merchant, merchantKey(ref)));

export type ProviderTransactionRow = typeof providerTransactions.$inferSelect;

/** The checkout behind a number a provider sent, if it belongs to this merchant and provider; locked. */
export async function checkoutForMerchant(
  tx: Tx,
  ref: MerchantRef,
  number: { companyId: number; id: number } | null,
): Promise<CheckoutRow | null> {
  if (!number) return null;
  if (ref.merchant !== 'platform' && ref.merchant !== number.companyId) return null;
  const checkout = await lockCheckout(tx, number.companyId, number.id);
  if (!checkout || checkout.provider !== ref.provider) return null;
  const expected = ref.merchant === 'platform' ? 'licence' : 'fee';
  return checkout.purpose === expected ? checkout : null;
}

/** The transaction by the provider's id, locked; null when the provider never created it here. */
export async function lockProviderTransaction(
  tx: Tx,
  ref: MerchantRef,
  externalId: string,
): Promise<ProviderTransactionRow | null> {
  const [row] = await tx
    .select()
    .from(providerTransactions)
    .where(and(ofMerchant(ref), eq(providerTransactions.externalId, externalId)))
    .for('update');
  return row ?? null;
}

/**
 * Records the provider's transaction for a checkout, or finds it when the provider repeats itself (the same
 * call fifty times at once makes one row); answers it locked, and whether this call made it.
 */
export async function recordProviderTransaction(
  tx: Tx,
  ref: MerchantRef,
  input: { externalId: string; checkout: CheckoutRow; amount: number; providerTime?: number | null; now?: Date },
): Promise<{ transaction: ProviderTransactionRow; created: boolean }> {
  const inserted = await tx
    .insert(providerTransactions)
    .values({
      provider: ref.provider,
      merchant: merchantKey(ref),
      externalId: input.externalId,
      payerCompanyId: input.checkout.companyId,
      onlinePaymentId: input.checkout.id,
      amount: input.amount,
      providerTime: input.providerTime ?? null,
      // The app's clock, not the database's: tests move it, and Payme compares our times with its own.
      ...(input.now ? { createdAt: input.now } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: providerTransactions.id });
  const transaction = await lockProviderTransaction(tx, ref, input.externalId);
  if (!transaction) throw new Error('provider transaction vanished after insert');
  return { transaction, created: inserted.length > 0 };
}

/** Another live (created or performed) transaction of the same checkout: Payme's "order is busy". */
export async function otherLiveTransaction(
  tx: Tx,
  ref: MerchantRef,
  checkout: CheckoutRow,
  externalId: string,
): Promise<ProviderTransactionRow | null> {
  const [row] = await tx
    .select()
    .from(providerTransactions)
    .where(
      and(
        ofMerchant(ref),
        eq(providerTransactions.payerCompanyId, checkout.companyId),
        eq(providerTransactions.onlinePaymentId, checkout.id),
        sql`${providerTransactions.externalId} <> ${externalId}`,
        sql`${providerTransactions.state} in ('created', 'performed')`,
      ),
    )
    .limit(1);
  return row ?? null;
}

const setState = async (
  tx: Tx,
  row: ProviderTransactionRow,
  change: Partial<Pick<ProviderTransactionRow, 'performedAt' | 'cancelledAt' | 'cancelReason' | 'detail'>> & {
    state?: ProviderTransactionState;
  },
): Promise<ProviderTransactionRow> => {
  const [updated] = await tx
    .update(providerTransactions)
    .set(change)
    .where(eq(providerTransactions.id, row.id))
    .returning();
  if (!updated) throw new Error('provider transaction update returned no row');
  return updated;
};

export interface PerformOutcome {
  transaction: ProviderTransactionRow;
  /** Set when this call booked the money (the caller then sends the "payment done" SMS after commit). */
  settled: Settled | null;
}

/** Performs a created transaction: the money is booked once. Performed already: nothing happens. */
export async function performProviderTransaction(
  tx: Tx,
  row: ProviderTransactionRow,
  now: Date,
  detail?: Record<string, unknown>,
): Promise<PerformOutcome> {
  if (row.state !== 'created') return { transaction: row, settled: null };
  const checkout = await lockCheckout(tx, row.payerCompanyId, row.onlinePaymentId);
  if (!checkout) throw new Error(`checkout ${row.payerCompanyId}-${row.onlinePaymentId} vanished`);
  const settled = await settleCheckout(tx, checkout, row, now);
  const transaction = await setState(tx, row, { state: 'performed', performedAt: now, ...(detail ? { detail } : {}) });
  return { transaction, settled };
}

/**
 * Cancels a transaction: a created one just closes (its checkout too), a performed one has its money booked back.
 * `reason` is the provider's code (Payme 1–10) where it gives one.
 */
export async function cancelProviderTransaction(
  tx: Tx,
  row: ProviderTransactionRow,
  now: Date,
  reason: number | null,
  detail?: Record<string, unknown>,
): Promise<ProviderTransactionRow> {
  if (row.state === 'cancelled' || row.state === 'reversed') return row;
  const checkout = await lockCheckout(tx, row.payerCompanyId, row.onlinePaymentId);
  if (!checkout) throw new Error(`checkout ${row.payerCompanyId}-${row.onlinePaymentId} vanished`);
  const performed = row.state === 'performed';
  await unsettleCheckout(tx, checkout, row, performed, now);
  return setState(tx, row, {
    state: performed ? 'reversed' : 'cancelled',
    cancelledAt: now,
    cancelReason: reason,
    ...(detail ? { detail } : {}),
  });
}

/** The merchant's transactions made between two provider times (Payme GetStatement), oldest first. */
export function providerTransactionsBetween(
  tx: Tx,
  ref: MerchantRef,
  fromTime: number,
  toTime: number,
): Promise<ProviderTransactionRow[]> {
  return tx
    .select()
    .from(providerTransactions)
    .where(and(ofMerchant(ref), between(providerTransactions.providerTime, fromTime, toTime)))
    .orderBy(asc(providerTransactions.providerTime), asc(providerTransactions.id));
}
