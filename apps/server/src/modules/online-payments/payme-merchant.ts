import { toTiyin } from '../../adapters/payments/checkout-links.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { type CheckoutRow, checkoutNumberOf, parseCheckoutNumber } from './checkouts.js';
import {
  PAYME_ERRORS,
  PAYME_REASON_TIMEOUT,
  PAYME_STATE,
  PAYME_TIMEOUT_MS,
  type PaymeError,
  PaymeFault,
  type PaymeMethod,
  type PaymeParams,
  readAmount,
  readMilliseconds,
  readOrderId,
  readReason,
  readTransactionId,
} from './payme-protocol.js';
import {
  cancelProviderTransaction,
  checkoutForMerchant,
  lockProviderTransaction,
  type MerchantRef,
  otherLiveTransaction,
  type ProviderTransactionRow,
  performProviderTransaction,
  providerTransactionsBetween,
  recordProviderTransaction,
} from './provider-transactions.js';
import type { Settled } from './settlement.js';

/*
 * Payme's merchant API methods (Payme Business docs, "Merchant API methods") over the providers' transactions
 * (provider-transactions.ts), each in the callback's one database transaction on the owner connection. A
 * method answers Payme's result or error; an error that must also undo what the method wrote is thrown as a
 * PaymeFault. What was booked is handed back so the route can send the "payment done" SMS after commit.
 */

export type PaymeOutcome = { result: unknown; settled?: Settled | null } | { error: PaymeError };

export interface PaymeCall {
  tx: Tx;
  ref: MerchantRef;
  params: PaymeParams;
  now: Date;
}

const timedOut = (row: ProviderTransactionRow, now: Date) =>
  now.getTime() - (row.providerTime ?? row.createdAt.getTime()) > PAYME_TIMEOUT_MS;

const account = (row: ProviderTransactionRow) => ({
  order_id: checkoutNumberOf({ companyId: row.payerCompanyId, id: row.onlinePaymentId }),
});

/** CheckTransaction's answer, also the core of GetStatement's rows. */
const transactionView = (row: ProviderTransactionRow) => ({
  create_time: row.createdAt.getTime(),
  perform_time: row.performedAt?.getTime() ?? 0,
  cancel_time: row.cancelledAt?.getTime() ?? 0,
  transaction: String(row.id),
  state: PAYME_STATE[row.state as keyof typeof PAYME_STATE],
  reason: row.cancelReason ?? null,
});

/**
 * Whether the checkout named by `account.order_id` may be paid with `amount` tiyin: it is this merchant's,
 * open, of that amount, and no other Payme transaction is paying it (`externalId`'s own excepted).
 */
async function payableCheckout(
  call: PaymeCall,
  externalId: string,
): Promise<{ checkout: CheckoutRow; amount: number } | { error: PaymeError }> {
  const { tx, ref, params } = call;
  const checkout = await checkoutForMerchant(tx, ref, parseCheckoutNumber(readOrderId(params)));
  if (checkout?.currency !== 'UZS') return { error: PAYME_ERRORS.orderNotFound('order_id') };
  if (checkout.status !== 'open') return { error: PAYME_ERRORS.orderClosed('order_id') };
  const amount = readAmount(params);
  if (amount === null || amount !== toTiyin(checkout.amount, checkout.currency)) {
    return { error: PAYME_ERRORS.wrongAmount('amount') };
  }
  if (await otherLiveTransaction(tx, ref, checkout, externalId)) return { error: PAYME_ERRORS.orderBusy('order_id') };
  return { checkout, amount };
}

/** A created transaction past Payme's timeout is cancelled (reason 4) and can no longer be performed. */
async function cancelIfTimedOut(call: PaymeCall, row: ProviderTransactionRow): Promise<PaymeOutcome | null> {
  if (row.state !== 'created' || !timedOut(row, call.now)) return null;
  await cancelProviderTransaction(call.tx, row, call.now, PAYME_REASON_TIMEOUT);
  return { error: PAYME_ERRORS.cannotPerform('time') };
}

async function checkPerformTransaction(call: PaymeCall): Promise<PaymeOutcome> {
  const payable = await payableCheckout(call, '');
  return 'error' in payable ? payable : { result: { allow: true } };
}

/** Idempotent by Payme's id: a repeat answers the transaction made first while it waits to be performed. */
async function createTransaction(call: PaymeCall): Promise<PaymeOutcome> {
  const { tx, ref, params, now } = call;
  const externalId = readTransactionId(params);
  const time = readMilliseconds(params.time);
  if (!externalId || time === null) return { error: PAYME_ERRORS.invalidRequest() };
  let row = await lockProviderTransaction(tx, ref, externalId);
  if (!row) {
    // Payme would not perform it anyway: nothing is recorded.
    if (now.getTime() - time > PAYME_TIMEOUT_MS) return { error: PAYME_ERRORS.cannotPerform('time') };
    const payable = await payableCheckout(call, externalId);
    if ('error' in payable) return payable;
    const recorded = await recordProviderTransaction(tx, ref, {
      externalId,
      checkout: payable.checkout,
      amount: payable.amount,
      providerTime: time,
      now,
    });
    row = recorded.transaction;
  }
  if (row.state !== 'created') return { error: PAYME_ERRORS.cannotPerform() };
  const expired = await cancelIfTimedOut(call, row);
  if (expired) return expired;
  return { result: { create_time: row.createdAt.getTime(), transaction: String(row.id), state: PAYME_STATE.created } };
}

/** Books the money once; a repeat answers the same perform_time. */
async function performTransaction(call: PaymeCall): Promise<PaymeOutcome> {
  const { tx, ref, params, now } = call;
  const externalId = readTransactionId(params);
  if (!externalId) return { error: PAYME_ERRORS.invalidRequest() };
  const row = await lockProviderTransaction(tx, ref, externalId);
  if (!row) return { error: PAYME_ERRORS.transactionNotFound() };
  const expired = await cancelIfTimedOut(call, row);
  if (expired) return expired;
  if (row.state !== 'created' && row.state !== 'performed') return { error: PAYME_ERRORS.cannotPerform() };
  const { transaction, settled } = await performProviderTransaction(tx, row, now);
  return {
    result: {
      transaction: String(transaction.id),
      perform_time: transaction.performedAt?.getTime() ?? 0,
      state: PAYME_STATE.performed,
    },
    settled,
  };
}

/** Before perform it closes (state -1); after, the money is booked back (state -2); a repeat answers the same. */
async function cancelTransaction(call: PaymeCall): Promise<PaymeOutcome> {
  const { tx, ref, params, now } = call;
  const externalId = readTransactionId(params);
  const reason = readReason(params);
  if (!externalId || reason === undefined) return { error: PAYME_ERRORS.invalidRequest() };
  const row = await lockProviderTransaction(tx, ref, externalId);
  if (!row) return { error: PAYME_ERRORS.transactionNotFound() };
  let cancelled: ProviderTransactionRow;
  try {
    cancelled = await cancelProviderTransaction(tx, row, now, reason);
  } catch (err) {
    // The booking refused to be undone (e.g. the centre already reversed the payment by hand).
    if (err instanceof AppError) throw new PaymeFault(PAYME_ERRORS.cannotCancel());
    throw err;
  }
  const view = transactionView(cancelled);
  return { result: { transaction: view.transaction, cancel_time: view.cancel_time, state: view.state } };
}

async function checkTransaction(call: PaymeCall): Promise<PaymeOutcome> {
  const externalId = readTransactionId(call.params);
  if (!externalId) return { error: PAYME_ERRORS.invalidRequest() };
  const row = await lockProviderTransaction(call.tx, call.ref, externalId);
  return row ? { result: transactionView(row) } : { error: PAYME_ERRORS.transactionNotFound() };
}

/** This merchant's transactions whose Payme `time` is within [from, to]. */
async function getStatement(call: PaymeCall): Promise<PaymeOutcome> {
  const from = readMilliseconds(call.params.from);
  const to = readMilliseconds(call.params.to);
  if (from === null || to === null) return { error: PAYME_ERRORS.invalidRequest() };
  const rows = await providerTransactionsBetween(call.tx, call.ref, from, to);
  const transactions = rows.map((row) => ({
    id: row.externalId,
    time: row.providerTime,
    amount: row.amount,
    account: account(row),
    ...transactionView(row),
  }));
  return { result: { transactions } };
}

/**
 * Payme's way to hand us a new key. We refuse it: a centre's key is set in its settings and the platform's in
 * the console, each by a person and recorded, never written by a callback.
 */
async function changePassword(): Promise<PaymeOutcome> {
  return { error: PAYME_ERRORS.insufficientPrivilege() };
}

export const PAYME_HANDLERS: Record<PaymeMethod, (call: PaymeCall) => Promise<PaymeOutcome>> = {
  CheckPerformTransaction: checkPerformTransaction,
  CreateTransaction: createTransaction,
  PerformTransaction: performTransaction,
  CancelTransaction: cancelTransaction,
  CheckTransaction: checkTransaction,
  GetStatement: getStatement,
  ChangePassword: changePassword,
};
