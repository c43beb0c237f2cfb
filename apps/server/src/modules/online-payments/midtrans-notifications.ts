import { createHash, timingSafeEqual } from 'node:crypto';
import { minorDigitsOf } from '@crm/contracts';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { type CheckoutRow, parseCheckoutNumber } from './checkouts.js';
import {
  cancelProviderTransaction,
  checkoutForMerchant,
  type MerchantRef,
  performProviderTransaction,
  recordProviderTransaction,
} from './provider-transactions.js';
import type { Settled } from './settlement.js';

/*
 * Midtrans's HTTP notifications (docs.midtrans.com, "HTTP(S) Notification / Webhooks", "Transaction Status
 * Cycle"): Midtrans posts the transaction's whole state as JSON each time it changes, and again when our answer
 * is not a 2xx. Each post is signed: signature_key = SHA-512 hex of order_id + status_code + gross_amount +
 * the merchant's server key, the strings exactly as posted.
 *
 * Our provider transaction is Midtrans's transaction_id, not the order_id: Snap lets the payer try again on
 * the same order after a refused card (a `deny`, then a new transaction that settles), and each attempt has
 * its own transaction_id and its own fate. Midtrans takes one payment per order_id, and a checkout whose money
 * is booked books no second transaction (see `perform`), so the order is paid once either way.
 *
 * A notification states where the transaction is now, not a step to take, so out-of-order and repeated posts
 * are safe: each status moves the transaction only forward from where it stands (provider-transactions.ts
 * books once and reverses once).
 */

export const midtransNotificationSchema = z.object({
  order_id: z.string().min(1).max(100),
  status_code: z.string().min(1).max(10),
  /** Rupiah with two decimals, as Midtrans writes it: "150000.00". */
  gross_amount: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/),
  signature_key: z.string().regex(/^[0-9a-fA-F]{128}$/),
  transaction_status: z.string().min(1).max(40),
  transaction_id: z.string().min(1).max(100),
  fraud_status: z.string().max(40).optional(),
  payment_type: z.string().max(60).optional(),
  currency: z.string().max(3).optional(),
});
export type MidtransNotification = z.infer<typeof midtransNotificationSchema>;

/** Whether Midtrans signed this notification with the merchant's server key. Compared in constant time. */
export function midtransSignatureMatches(n: MidtransNotification, serverKey: string): boolean {
  const expected = createHash('sha512')
    .update(`${n.order_id}${n.status_code}${n.gross_amount}${serverKey}`, 'utf8')
    .digest();
  const given = Buffer.from(n.signature_key, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * What a status means for our books:
 * - perform: the money is ours (settlement; capture of a card the fraud check accepted);
 * - cancel: the attempt failed (deny, cancel, expire, failure; a capture the fraud check denied);
 * - reverse: the money went back whole (refund, chargeback);
 * - partial: part of it went back (partial_refund, partial_chargeback): not booked, see `apply`;
 * - record: nothing final yet (pending, authorize, a capture the fraud check challenges, a status we do not know).
 */
export type MidtransAction = 'perform' | 'cancel' | 'reverse' | 'partial' | 'record';

export function midtransActionOf(n: Pick<MidtransNotification, 'transaction_status' | 'fraud_status'>): MidtransAction {
  switch (n.transaction_status) {
    case 'settlement':
      return 'perform';
    case 'capture':
      if (n.fraud_status === 'accept') return 'perform';
      return n.fraud_status === 'deny' ? 'cancel' : 'record';
    case 'deny':
    case 'cancel':
    case 'expire':
    case 'failure':
      return 'cancel';
    case 'refund':
    case 'chargeback':
      return 'reverse';
    case 'partial_refund':
    case 'partial_chargeback':
      return 'partial';
    default:
      return 'record';
  }
}

/**
 * The gross amount in the checkout currency's minor units, or null when it cannot be one (IDR has none, so
 * "150000.50" is no rupiah amount).
 */
export function grossAmountInMinorUnits(gross: string, currency: string): number | null {
  const [whole = '', fraction = ''] = gross.split('.');
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  const digits = minorDigitsOf(currency);
  if (digits > 2) return hundredths * 10 ** (digits - 2);
  const perMinor = 10 ** (2 - digits);
  return hundredths % perMinor === 0 ? hundredths / perMinor : null;
}

export type MidtransOutcome =
  | { kind: 'unknown_order' }
  | { kind: 'wrong_amount' }
  /** `settled` when this notification booked the money; `note` says why a final status changed nothing. */
  | { kind: 'handled'; action: MidtransAction; settled: Settled | null; note: string | null };

/**
 * Applies one authenticated notification in the owner connection's transaction `tx`. The checkout is locked
 * first (checkoutForMerchant), then the transaction, so the same notification posted fifty times at once is
 * handled one after another, and the forty-nine after the first find the transaction already moved.
 */
export async function applyMidtransNotification(
  tx: Tx,
  ref: MerchantRef,
  n: MidtransNotification,
  now: Date,
): Promise<MidtransOutcome> {
  const checkout = await checkoutForMerchant(tx, ref, parseCheckoutNumber(n.order_id));
  if (!checkout) return { kind: 'unknown_order' };
  if (!amountMatches(n, checkout)) return { kind: 'wrong_amount' };
  const action = midtransActionOf(n);
  const { transaction } = await recordProviderTransaction(tx, ref, {
    externalId: n.transaction_id,
    checkout,
    // Midtrans counts whole rupiah: its gross amount is the checkout's (IDR has no minor unit).
    amount: checkout.amount,
  });
  const detail = {
    transaction_status: n.transaction_status,
    status_code: n.status_code,
    ...(n.fraud_status ? { fraud_status: n.fraud_status } : {}),
    ...(n.payment_type ? { payment_type: n.payment_type } : {}),
  };
  const handled = (settled: Settled | null, note: string | null = null): MidtransOutcome => ({
    kind: 'handled',
    action,
    settled,
    note,
  });

  switch (action) {
    case 'record':
      return handled(null);
    case 'perform': {
      if (transaction.state !== 'created') return handled(null, `already ${transaction.state}`);
      // Another attempt of this order already paid it: Midtrans takes one payment an order, so this is a
      // provider's error for its support to see, never a second booking.
      if (checkout.entryId !== null) return handled(null, 'order already paid by another transaction');
      const { settled } = await performProviderTransaction(tx, transaction, now, detail);
      return handled(settled);
    }
    case 'cancel': {
      if (transaction.state === 'created') {
        await cancelProviderTransaction(tx, transaction, now, null, detail);
        return handled(null);
      }
      // A card capture voided before settlement (capture → cancel in Midtrans's cycle): the money never came.
      // Any other failure after the money is booked is out of order and moves nothing back.
      const capturedOnly = (transaction.detail as { transaction_status?: string }).transaction_status === 'capture';
      if (transaction.state === 'performed' && n.transaction_status === 'cancel' && capturedOnly) {
        await cancelProviderTransaction(tx, transaction, now, null, detail);
        return handled(null);
      }
      return handled(null, `${n.transaction_status} ignored: already ${transaction.state}`);
    }
    case 'reverse':
      if (transaction.state === 'created' || transaction.state === 'performed') {
        await cancelProviderTransaction(tx, transaction, now, null, detail);
        return handled(null);
      }
      return handled(null, `already ${transaction.state}`);
    case 'partial':
      // The ledger reverses an entry whole; part of a fee given back is the centre's own refund to book
      // (POST /refund), which the log line asks for.
      return handled(null, 'partial refund not booked: book the refunded part by hand');
  }
}

function amountMatches(n: MidtransNotification, checkout: CheckoutRow): boolean {
  if (n.currency && n.currency !== checkout.currency) return false;
  return grossAmountInMinorUnits(n.gross_amount, checkout.currency) === checkout.amount;
}
