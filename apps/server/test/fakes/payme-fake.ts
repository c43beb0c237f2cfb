import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FakeRequest, readFields, startFakeServer } from './fake-server.js';

/**
 * A local Payme (Payme Business): its checkout page and the merchant API calls it makes, on loopback.
 *
 * The page is where a checkout link points (adapters/payments/checkout-links.ts, "sending a check via GET"):
 * GET /{base64 of m={merchant id};ac.order_id={number};a={tiyin};c={return url}} shows the amount in sum with
 * a Pay and a Cancel button (forms posting the link to /pay and /cancel). Pay makes Payme's calls to that
 * merchant's API address, CheckPerformTransaction, CreateTransaction and PerformTransaction, then sends the
 * payer back to `c` (303); Cancel makes CreateTransaction and CancelTransaction (reason 3) and sends him back. Calls are JSON-RPC 2.0 posts with
 * Basic "Paycom:{key}", as Payme signs them. A refusal is shown on the page with Payme's message.
 *
 * rpc() makes any single call (a replay, one out of order, a wrong key) for the API tests.
 */

export interface PaymeFakeMerchant {
  /** Our merchant API endpoint for this cashbox, e.g. http://127.0.0.1:3300/api/v1/payments/payme/platform */
  url: string;
  key: string;
}

export interface PaymeFakeOptions {
  /** Cashboxes by merchant id (the link's `m`); may be added to after start. */
  merchants: Record<string, PaymeFakeMerchant>;
  port?: number;
  /** Payme's clock, for its `time` (ms); default the real one. */
  now?: () => number;
}

export interface PaymeRpcAnswer {
  /** The merchant's HTTP status (Payme expects 200 always; 0: nobody answered). */
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the merchant's JSON, read by the tests as they expect it
  body: any;
}

export interface PaymeRpcOptions {
  /** The Authorization header to send instead of the merchant's own; null sends none. */
  auth?: string | null;
  /** A raw body instead of the JSON-RPC request (a broken one, say). */
  rawBody?: string;
  /** The JSON-RPC id; default a counter. */
  id?: number;
}

export interface PaymeFakeCall {
  merchantId: string;
  method: string;
  params: Record<string, unknown>;
  answer: PaymeRpcAnswer;
}

export interface PaymeFake {
  /** The checkout's base address (PaymentsConfig.paymeCheckoutUrl). */
  url: string;
  requests: FakeRequest[];
  /** Every merchant API call made, with its answer. */
  calls: PaymeFakeCall[];
  rpc(
    merchantId: string,
    method: string,
    params: Record<string, unknown>,
    options?: PaymeRpcOptions,
  ): Promise<PaymeRpcAnswer>;
  /** Payme's transaction id: 24 hex characters. */
  newTransactionId(): string;
  stop(): Promise<void>;
}

/** A checkout link's parameters, decoded. */
export interface PaymeCheckoutParams {
  merchantId: string;
  account: Record<string, string>;
  amount: number;
  returnUrl: string | null;
}

/** Decodes `m=..;ac.order_id=..;a=..;c=..` (Payme's GET checkout parameters, `;`-separated). */
export function decodePaymeCheckout(encoded: string): PaymeCheckoutParams | null {
  let text: string;
  try {
    text = Buffer.from(decodeURIComponent(encoded), 'base64').toString('utf8');
  } catch {
    return null;
  }
  const fields = new Map<string, string>();
  const parts = text.split(/;(?=[a-z][\w.]*=)/);
  for (const [n, part] of parts.entries()) {
    const at = part.indexOf('=');
    const key = part.slice(0, at);
    // The return URL comes last in our links and may hold `;name=` itself: it takes the rest.
    if (key === 'c') {
      fields.set(key, [part.slice(at + 1), ...parts.slice(n + 1)].join(';'));
      break;
    }
    if (at > 0) fields.set(key, part.slice(at + 1));
  }
  const merchantId = fields.get('m');
  const amount = Number(fields.get('a'));
  if (!merchantId || !Number.isSafeInteger(amount) || amount <= 0) return null;
  const account = Object.fromEntries(
    [...fields].filter(([key]) => key.startsWith('ac.')).map(([key, value]) => [key.slice(3), value]),
  );
  return { merchantId, account, amount, returnUrl: fields.get('c') ?? null };
}

/** Sum with thousands spaced, tiyin after a comma when there are any: 45000000 → "450 000". */
export const formatSum = (tiyin: number) => {
  const whole = Math.floor(tiyin / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const rest = tiyin % 100;
  return rest ? `${whole},${String(rest).padStart(2, '0')}` : whole;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export async function startPaymeFake(options: PaymeFakeOptions): Promise<PaymeFake> {
  const now = options.now ?? Date.now;
  const calls: PaymeFakeCall[] = [];
  let rpcId = 1000;
  const newTransactionId = () => randomBytes(12).toString('hex');

  const rpc: PaymeFake['rpc'] = async (merchantId, method, params, rpcOptions = {}) => {
    const merchant = options.merchants[merchantId];
    if (!merchant) throw new Error(`The Payme fake has no merchant ${merchantId}`);
    const auth =
      rpcOptions.auth === undefined
        ? `Basic ${Buffer.from(`Paycom:${merchant.key}`).toString('base64')}`
        : rpcOptions.auth;
    const body = rpcOptions.rawBody ?? JSON.stringify({ jsonrpc: '2.0', id: rpcOptions.id ?? rpcId++, method, params });
    let answer: PaymeRpcAnswer;
    try {
      const res = await fetch(merchant.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          ...(auth === null ? {} : { authorization: auth }),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      answer = { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch {
      answer = { status: 0, body: null };
    }
    calls.push({ merchantId, method, params, answer });
    return answer;
  };

  /** Pay: Payme's three calls, stopping at the first refusal. */
  const pay = async (checkout: PaymeCheckoutParams) => {
    const { merchantId, account, amount } = checkout;
    const check = await rpc(merchantId, 'CheckPerformTransaction', { amount, account });
    if (!check.body?.result?.allow) return check;
    const id = newTransactionId();
    const created = await rpc(merchantId, 'CreateTransaction', { id, time: now(), amount, account });
    if (!created.body?.result) return created;
    return rpc(merchantId, 'PerformTransaction', { id });
  };

  /** Cancel: the payer gave up after Payme had created the transaction. */
  const cancel = async (checkout: PaymeCheckoutParams) => {
    const { merchantId, account, amount } = checkout;
    const id = newTransactionId();
    const created = await rpc(merchantId, 'CreateTransaction', { id, time: now(), amount, account });
    if (!created.body?.result) return created;
    return rpc(merchantId, 'CancelTransaction', { id, reason: 3 });
  };

  const handle = async (request: FakeRequest, res: ServerResponse) => {
    // The page is GET /{link}; its buttons post the link back to /pay or /cancel (a link may hold a '/').
    const action = request.method === 'POST' ? /^\/(pay|cancel)$/.exec(request.path)?.[1] : undefined;
    const encoded = action ? ((await readFields(request)).checkout ?? '') : request.path.slice(1);
    const checkout = decodePaymeCheckout(encoded);
    if (!checkout || !options.merchants[checkout.merchantId] || (request.method !== 'GET' && !action)) {
      return sendHtml(res, 404, page('<p>Chek topilmadi / Чек не найден / Check not found</p>'));
    }
    if (!action) return sendHtml(res, 200, checkoutPage(encoded, checkout));
    const answer = action === 'pay' ? await pay(checkout) : await cancel(checkout);
    const refused = answer.body?.error as { message?: { en?: string }; code?: number } | undefined;
    if (action === 'pay' && (answer.status !== 200 || refused || !answer.body?.result)) {
      const why = refused
        ? `${refused.message?.en ?? 'Refused'} (${refused.code})`
        : `The merchant did not answer (HTTP ${answer.status})`;
      return sendHtml(res, 422, page(`<p role="alert">${escapeHtml(why)}</p>`));
    }
    if (!checkout.returnUrl) return sendHtml(res, 200, page('<p>OK</p>'));
    res.writeHead(303, { location: checkout.returnUrl });
    res.end();
  };

  const server = await startFakeServer({
    port: options.port,
    failureBody: (status) => ({ error: `Payme fake failure ${status}` }),
    handle,
  });
  return {
    url: server.url,
    requests: server.requests,
    calls,
    rpc,
    newTransactionId,
    stop: server.stop,
  };
}

function checkoutPage(encoded: string, checkout: PaymeCheckoutParams): string {
  const order = escapeHtml(checkout.account.order_id ?? '');
  const link = `<input type="hidden" name="checkout" value="${escapeHtml(encoded)}">`;
  return page(
    `<h1>Payme</h1>
<p>Buyurtma / Заказ / Order: <b data-testid="order">${order}</b></p>
<p>Summa / Сумма / Amount: <b data-testid="amount">${formatSum(checkout.amount)} soʻm</b></p>
<form method="post" action="/pay">${link}<button type="submit">Pay</button></form>
<form method="post" action="/cancel">${link}<button type="submit">Cancel</button></form>`,
  );
}

const page = (body: string) =>
  '<!doctype html><html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  `<title>Payme</title></head><body>${body}</body></html>`;

function sendHtml(res: ServerResponse, status: number, html: string) {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}
