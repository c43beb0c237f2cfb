import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import { asPlatform } from '../console/platform-db.js';
import { type CheckoutRow, parseCheckoutNumber } from './checkouts.js';
import { resolveMerchant } from './merchants.js';
import {
  cancelProviderTransaction,
  checkoutForMerchant,
  lockProviderTransaction,
  type MerchantRef,
  type ProviderTransactionRow,
  performProviderTransaction,
  recordProviderTransaction,
} from './provider-transactions.js';
import type { Settled } from './settlement.js';

/*
 * Click's SHOP API (docs.click.uz "Click-API – Request" and "Click-API – Error"): Click calls the merchant twice
 * per payment attempt, Prepare (action 0: may this order be paid this amount?) and Complete (action 1: the
 * money was taken, or, with a negative `error`, it was not). Each call is signed with the merchant's secret key:
 *   md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id] + amount + action
 *       + sign_time)
 * with merchant_prepare_id on Complete only, every value exactly as sent (the amount "1000.00" stays so).
 * Answers are HTTP 200 with the error code of the docs' table; merchant_trans_id is our checkout number.
 */

export const CLICK_ERRORS = {
  success: [0, 'Success'],
  signFailed: [-1, 'SIGN CHECK FAILED!'],
  incorrectAmount: [-2, 'Incorrect parameter amount'],
  actionNotFound: [-3, 'Action not found'],
  alreadyPaid: [-4, 'Already paid'],
  orderNotFound: [-5, 'User does not exist'],
  transactionNotFound: [-6, 'Transaction does not exist'],
  failedToUpdate: [-7, 'Failed to update user'],
  badRequest: [-8, 'Error in request from click'],
  cancelled: [-9, 'Transaction cancelled'],
} as const;
type ClickError = keyof typeof CLICK_ERRORS;

export const CLICK_ACTIONS = { prepare: 0, complete: 1 } as const;
export type ClickAction = keyof typeof CLICK_ACTIONS;

export interface ClickAnswer {
  click_trans_id: number | string | null;
  merchant_trans_id: string | null;
  merchant_prepare_id?: number | null;
  merchant_confirm_id?: number | null;
  error: number;
  error_note: string;
}

export interface ClickOutcome {
  answer: ClickAnswer;
  /** Set when this call booked the money (the route then sends the "payment done" SMS after commit). */
  settled: Settled | null;
}

const FIELDS = ['click_trans_id', 'service_id', 'click_paydoc_id', 'merchant_trans_id', 'amount', 'action'] as const;
const SIGNED_FIELDS = [...FIELDS, 'error', 'sign_time', 'sign_string'] as const;
type ClickRequest = Record<(typeof SIGNED_FIELDS)[number] | 'error_note' | 'merchant_prepare_id', string>;

/** The call's fields as text (a form sends text; a JSON body's numbers are turned back into the text Click signed). */
function readRequest(body: unknown, action: ClickAction): ClickRequest | null {
  if (!body || typeof body !== 'object') return null;
  const raw = body as Record<string, unknown>;
  const text = (name: string) => {
    const value = raw[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;
  };
  const required = action === 'complete' ? [...SIGNED_FIELDS, 'merchant_prepare_id'] : SIGNED_FIELDS;
  const fields: Record<string, string> = {};
  for (const name of required) {
    const value = text(name);
    if (!value) return null;
    fields[name] = value;
  }
  fields.error_note = text('error_note') ?? '';
  fields.merchant_prepare_id = text('merchant_prepare_id') ?? '';
  return fields as ClickRequest;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Whether the call carries the sign of `secretKey`, compared in constant time. */
export function clickSignMatches(request: ClickRequest, action: ClickAction, secretKey: string): boolean {
  const signed =
    request.click_trans_id +
    request.service_id +
    secretKey +
    request.merchant_trans_id +
    (action === 'complete' ? request.merchant_prepare_id : '') +
    request.amount +
    request.action +
    request.sign_time;
  const expected = Buffer.from(md5(signed), 'utf8');
  const given = Buffer.from(request.sign_string.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Sum as Click writes it ("450000", "450000.00") → whole sum, or null for a fraction of a sum or no number. */
export function wholeSum(amount: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(amount);
  if (!match || /[1-9]/.test(match[2] ?? '')) return null;
  return Number(match[1]);
}

/** Click's sign_time is Tashkent's wall clock (UTC+5, no daylight saving): ms since 1970, for support. */
const providerTimeOf = (signTime: string): number | null => {
  const ms = Date.parse(`${signTime.replace(' ', 'T')}+05:00`);
  return Number.isFinite(ms) ? ms : null;
};

const DIGITS = /^\d{1,18}$/;

/**
 * Handles one Click call to `merchantParam`'s account ('platform' or a centre's subdomain), in one transaction
 * of the owner connection. Every refusal is an answer of the protocol, never an exception.
 */
export async function handleClickCall(
  db: Db,
  action: ClickAction,
  merchantParam: string,
  body: unknown,
  now: Date,
): Promise<ClickOutcome> {
  const request = readRequest(body, action);
  const echo = {
    click_trans_id: echoId(request?.click_trans_id),
    merchant_trans_id: request?.merchant_trans_id ?? null,
  };
  const answer = (error: ClickError, id: number | null = null): ClickOutcome => {
    const [code, note] = CLICK_ERRORS[error];
    const idField = action === 'prepare' ? { merchant_prepare_id: id } : { merchant_confirm_id: id };
    return { answer: { ...echo, ...idField, error: code, error_note: note }, settled: null };
  };
  if (!request) return answer('badRequest');

  return asPlatform(db, async (tx) => {
    const merchant = await resolveMerchant(tx, 'click', merchantParam);
    // An account we do not have, or another service's call, cannot be authenticated: its sign is not ours.
    if (!merchant || merchant.credentials.service_id !== request.service_id) return answer('signFailed');
    if (!clickSignMatches(request, action, merchant.credentials.secret_key)) return answer('signFailed');
    if (request.action !== String(CLICK_ACTIONS[action])) return answer('actionNotFound');
    const clickError = Number(request.error);
    if (!DIGITS.test(request.click_trans_id) || !Number.isInteger(clickError) || clickError > 0) {
      return answer('badRequest');
    }
    const checkout = await checkoutForMerchant(tx, merchant.ref, parseCheckoutNumber(request.merchant_trans_id));
    if (!checkout) return answer('orderNotFound');
    // Click counts sum; a checkout of Click is in UZS, whose minor unit is the sum itself (no tiyin).
    const sum = wholeSum(request.amount);
    if (sum === null || sum !== checkout.amount) return answer('incorrectAmount');
    const call = { tx, ref: merchant.ref, request, checkout, sum, clickError, now, answer };
    return action === 'prepare' ? prepare(call) : complete(call);
  });
}

interface ClickCall {
  tx: Tx;
  ref: MerchantRef;
  request: ClickRequest;
  checkout: CheckoutRow;
  sum: number;
  clickError: number;
  now: Date;
  answer: (error: ClickError, id?: number | null) => ClickOutcome;
}

const belongsTo = (transaction: ProviderTransactionRow, checkout: CheckoutRow) =>
  transaction.payerCompanyId === checkout.companyId && transaction.onlinePaymentId === checkout.id;

/** Prepare: the order may be paid; its attempt is recorded once, whatever Click repeats. */
async function prepare({ tx, ref, request, checkout, sum, clickError, answer }: ClickCall): Promise<ClickOutcome> {
  // A failure Click reports before anything was prepared leaves nothing to cancel here.
  if (clickError < 0) return answer('cancelled');
  if (checkout.status === 'paid') return answer('alreadyPaid');
  if (checkout.status !== 'open') return answer('cancelled');
  const { transaction } = await recordProviderTransaction(tx, ref, {
    externalId: request.click_trans_id,
    checkout,
    amount: sum,
    providerTime: providerTimeOf(request.sign_time),
  });
  // The same click_trans_id about another order is Click's mistake, not a second attempt at this one.
  if (!belongsTo(transaction, checkout)) return answer('badRequest');
  if (transaction.state === 'cancelled') return answer('cancelled', transaction.id);
  if (transaction.state !== 'created') return answer('alreadyPaid', transaction.id);
  return answer('success', transaction.id);
}

/**
 * Complete: with error 0 the money is booked once; a repeat answers "already paid" (the docs' -4 for confirming
 * a confirmed transaction). With a negative error Click did not take the money: the attempt is cancelled and
 * answered -9, as the docs ask; a confirmed one cannot be cancelled by this call (-4).
 */
async function complete({ tx, ref, request, checkout, clickError, now, answer }: ClickCall): Promise<ClickOutcome> {
  const prepareId = DIGITS.test(request.merchant_prepare_id) ? Number(request.merchant_prepare_id) : null;
  const found = await lockProviderTransaction(tx, ref, request.click_trans_id);
  if (!found || found.id !== prepareId || !belongsTo(found, checkout)) return answer('transactionNotFound');
  const detail = {
    click_paydoc_id: request.click_paydoc_id,
    click_error: clickError,
    click_error_note: request.error_note.slice(0, 200),
  };
  if (found.state === 'cancelled') return answer('cancelled', found.id);
  if (found.state !== 'created') return answer('alreadyPaid', found.id);
  if (clickError < 0) {
    await cancelProviderTransaction(tx, found, now, null, detail);
    return answer('cancelled', found.id);
  }
  // Another attempt paid the order first: this one is refused and closed, so Click gives its money back.
  if (checkout.status !== 'open') {
    await cancelProviderTransaction(tx, found, now, null, detail);
    return answer(checkout.status === 'paid' ? 'alreadyPaid' : 'cancelled', found.id);
  }
  const { transaction, settled } = await performProviderTransaction(tx, found, now, detail);
  return { answer: answer('success', transaction.id).answer, settled };
}

/** Click's ids are numbers; echoed as numbers when they fit, else as Click wrote them. */
function echoId(value: string | undefined): number | string | null {
  if (value === undefined) return null;
  const n = Number(value);
  return DIGITS.test(value) && Number.isSafeInteger(n) ? n : value;
}
