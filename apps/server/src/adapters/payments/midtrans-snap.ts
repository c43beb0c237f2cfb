import type { ProviderCredentials } from '@crm/contracts';
import { type AdapterLog, exchange, exchangeSettings, NoAnswerError } from '../http-exchange.js';
import type { CheckoutLinkRequest } from './checkout-links.js';

/** A Snap transaction: the token for Snap.js and the page the payer is sent to. */
export interface SnapTransaction {
  token: string;
  redirect_url: string;
}

/**
 * Why Snap gave no transaction: 'unauthorized' (Midtrans refused the server key: the account is set up
 * wrong), 'refused' (another 4xx: Midtrans refused the request itself), 'unavailable' (no answer, or a 5xx
 * after the retry), 'bad_answer' (2xx without a token).
 */
export type SnapFailure = 'unauthorized' | 'refused' | 'unavailable' | 'bad_answer';

/** Carries the failure and Midtrans's HTTP status only: never the key, the request or Midtrans's own words. */
export class MidtransSnapError extends Error {
  constructor(
    readonly failure: SnapFailure,
    readonly status: number | null,
  ) {
    super(`midtrans snap: ${failure}${status === null ? '' : ` (HTTP ${status})`}`);
    this.name = 'MidtransSnapError';
  }
}

export interface SnapOptions {
  /** Told the call's name and what failed (http-exchange.ts), never the key or the body. */
  log?: AdapterLog;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
}

/** Midtrans refuses an item name over 50 characters and a first name over 255. */
const ITEM_NAME_MAX = 50;
const FIRST_NAME_MAX = 255;

/**
 * Midtrans Snap (docs.midtrans.com, "Snap API: create transaction"): POST {snap}/transactions with the server
 * key as the Basic user and an empty password; the order id and the gross amount in whole rupiah; Midtrans
 * answers 201 with a token and the redirect URL of its payment page. `callbacks.finish` is where the payer
 * comes back (the "custom finish URL" of a transaction).
 *
 * A timed-out request is not repeated (Midtrans may have made the transaction); a 5xx is, once: the order id
 * stays the same, and Midtrans takes one payment per order id, so a repeat can never charge twice.
 */
export async function createSnapTransaction(
  snapUrl: string,
  credentials: ProviderCredentials<'midtrans'>,
  request: CheckoutLinkRequest,
  fetcher: typeof fetch = fetch,
  options: SnapOptions = {},
): Promise<SnapTransaction> {
  // Rupiah has no minor unit in Midtrans's API; a checkout in another currency never reaches it.
  if (request.currency !== 'IDR') throw new Error(`Midtrans takes IDR, not ${request.currency}`);
  const settings = exchangeSettings('midtrans', {
    baseUrl: snapUrl,
    fetch: fetcher,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  let answer: Awaited<ReturnType<typeof exchange>>;
  try {
    answer = await exchange(settings, {
      name: 'create snap transaction',
      path: '/transactions',
      retryTimeout: false,
      init: {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${credentials.server_key}:`).toString('base64')}`,
        },
        body: JSON.stringify(snapRequestBody(request)),
      },
    });
  } catch (err) {
    if (err instanceof NoAnswerError) throw new MidtransSnapError('unavailable', null);
    throw err;
  }
  if (answer.status === 401) throw new MidtransSnapError('unauthorized', 401);
  if (answer.status >= 500 || answer.status === 429 || answer.status === 408)
    throw new MidtransSnapError('unavailable', answer.status);
  if (answer.status >= 300) throw new MidtransSnapError('refused', answer.status);
  const body = (answer.body ?? {}) as Partial<Record<keyof SnapTransaction, unknown>>;
  if (typeof body.token !== 'string' || !body.token || !isWebAddress(body.redirect_url)) {
    throw new MidtransSnapError('bad_answer', answer.status);
  }
  return { token: body.token, redirect_url: body.redirect_url };
}

/** The request as the Snap docs name its fields; the one item's price equals the gross amount, as Snap checks. */
function snapRequestBody(request: CheckoutLinkRequest) {
  const customer = request.customer;
  return {
    transaction_details: { order_id: request.number, gross_amount: request.amount },
    item_details: [
      { id: request.number, price: request.amount, quantity: 1, name: request.description.slice(0, ITEM_NAME_MAX) },
    ],
    ...(customer
      ? {
          customer_details: {
            first_name: customer.name.slice(0, FIRST_NAME_MAX),
            ...(customer.phone ? { phone: customer.phone } : {}),
          },
        }
      : {}),
    callbacks: { finish: request.returnUrl },
  };
}

const isWebAddress = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);
