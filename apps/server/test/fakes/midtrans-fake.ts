import { createHash, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FakeRequest, sendJson, startFakeServer } from './fake-server.js';

/**
 * A local Midtrans: Snap and its HTTP notifications, on loopback (docs.midtrans.com "Snap API", "HTTP(S)
 * Notification / Webhooks", "Transaction Status Cycle").
 *
 * - POST /snap/v1/transactions with Basic {server key}: (empty password) makes a Snap transaction and answers
 *   201 {token, redirect_url}; an unknown key 401, a malformed request 400, an order id already used 400,
 *   each with Midtrans's {error_messages}.
 * - GET /snap/v2/vtweb/{token} is the payment page: the amount and Pay, Deny and Expire buttons. Pay posts
 *   `pending` then `settlement`, Deny posts `deny` (a refused card; Pay may follow, as a new attempt with a
 *   new transaction_id, the way Snap lets a payer try another card), Expire posts `pending` then `expire`;
 *   each then sends the payer to the transaction's finish URL with Midtrans's query (303).
 * - Notifications go to the Payment Notification URL configured for the server key (the merchant's
 *   dashboard setting), as JSON signed with SHA-512 of order_id + status_code + gross_amount + server key.
 *
 * notification()/notify() make any single notification for the API tests: a repeat, one out of order, a
 * forged signature, another gross amount.
 */

export interface MidtransFakeOptions {
  /** Server key → the merchant's Payment Notification URL; a key not listed is refused (401). */
  merchants: Record<string, string>;
  port?: number;
}

export interface MidtransFakeOrder {
  orderId: string;
  serverKey: string;
  /** Whole rupiah, as Snap was given it. */
  grossAmount: number;
  token: string;
  finishUrl: string | null;
  itemName: string;
  /** The current attempt's transaction id; a new one after a deny. */
  transactionId: string | null;
  /** The current attempt's last status posted. */
  status: string | null;
}

export interface NotifyOptions {
  /** Signs with another key, as a forger without the server key would. */
  forgeSignature?: boolean;
  /** Another gross amount (correctly signed), e.g. "1.00". */
  grossAmount?: string;
  /** For capture: 'accept' (default), 'challenge' or 'deny'. */
  fraudStatus?: string;
  paymentType?: string;
  /** Starts a new attempt (a new transaction_id) even when the current one has not failed. */
  newAttempt?: boolean;
}

export type MidtransNotificationBody = Record<string, string>;

export interface MidtransNotified {
  url: string;
  body: MidtransNotificationBody;
  /** The merchant's HTTP status (0: nobody answered). */
  status: number;
}

export interface MidtransFake {
  /** Base address: the Snap API is `${url}/snap/v1` (PaymentsConfig.midtransSnapUrl). */
  url: string;
  snapUrl: string;
  requests: FakeRequest[];
  orders: Map<string, MidtransFakeOrder>;
  notifications: MidtransNotified[];
  /** Sets (or replaces) the Payment Notification URL of a server key. */
  setNotificationUrl(serverKey: string, url: string): void;
  /** The signed notification Midtrans would post now for this order and status (moves the order's state). */
  notification(orderId: string, status: string, options?: NotifyOptions): MidtransNotificationBody;
  /** Builds the notification and posts it to the order's merchant; answers what the merchant said. */
  notify(orderId: string, status: string, options?: NotifyOptions): Promise<MidtransNotified>;
  /** Posts a body as Midtrans posts notifications, to the order's merchant. */
  post(orderId: string, body: MidtransNotificationBody): Promise<MidtransNotified>;
  failNext(times: number, status?: number): void;
  setDelay(ms: number): void;
  stop(): Promise<void>;
}

/** Midtrans's status_code of each transaction_status in its notifications. */
const STATUS_CODES: Record<string, string> = {
  capture: '200',
  settlement: '200',
  pending: '201',
  deny: '202',
  cancel: '200',
  expire: '407',
  failure: '202',
  refund: '200',
  partial_refund: '200',
  chargeback: '200',
  partial_chargeback: '200',
  authorize: '200',
};
/** After these an attempt is over: the next Pay is a new transaction. */
const FINAL = new Set(['deny', 'cancel', 'expire', 'failure']);
const SNAP_PAGE = /^\/snap\/v2\/vtweb\/([\w-]+)(?:\/(pay|deny|expire))?$/;

export async function startMidtransFake(options: MidtransFakeOptions): Promise<MidtransFake> {
  const merchants = { ...options.merchants };
  const orders = new Map<string, MidtransFakeOrder>();
  const byToken = new Map<string, MidtransFakeOrder>();
  const notifications: MidtransNotified[] = [];
  let base = '';

  const orderOf = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`midtrans fake: no Snap transaction for order ${orderId}`);
    return order;
  };

  const notification = (orderId: string, status: string, o: NotifyOptions = {}): MidtransNotificationBody => {
    const order = orderOf(orderId);
    if (!order.transactionId || o.newAttempt || (FINAL.has(order.status ?? '') && !FINAL.has(status))) {
      order.transactionId = randomUUID();
    }
    order.status = status;
    const statusCode = STATUS_CODES[status] ?? '200';
    const grossAmount = o.grossAmount ?? `${order.grossAmount}.00`;
    const key = o.forgeSignature ? 'not-the-server-key' : order.serverKey;
    const paymentType = o.paymentType ?? (status === 'capture' || status === 'deny' ? 'credit_card' : 'bank_transfer');
    const card = paymentType === 'credit_card';
    return {
      transaction_time: jakartaTime(new Date()),
      transaction_status: status,
      transaction_id: order.transactionId,
      status_message: `midtrans payment notification`,
      status_code: statusCode,
      signature_key: sha512(`${orderId}${statusCode}${grossAmount}${key}`),
      payment_type: paymentType,
      order_id: orderId,
      merchant_id: 'G000000001',
      gross_amount: grossAmount,
      // Midtrans's fraud check speaks on cards; other methods carry 'accept'.
      fraud_status: o.fraudStatus ?? (card && status === 'deny' ? 'deny' : 'accept'),
      currency: 'IDR',
      ...(status === 'settlement' ? { settlement_time: jakartaTime(new Date()) } : {}),
    };
  };

  const post = async (orderId: string, body: MidtransNotificationBody): Promise<MidtransNotified> => {
    const url = merchants[orderOf(orderId).serverKey] ?? '';
    const status = url ? await postNotification(url, body) : 0;
    const notified = { url, body, status };
    notifications.push(notified);
    return notified;
  };

  const createTransaction = (request: FakeRequest, res: ServerResponse) => {
    const serverKey = basicUser(request.authorization);
    if (serverKey === null || !(serverKey in merchants)) {
      return sendJson(res, 401, {
        error_messages: ['Access denied due to unauthorized transaction, please check client or server key'],
      });
    }
    const body = parseJson(request.body) as SnapRequest | undefined;
    const details = body?.transaction_details;
    const orderId = details?.order_id;
    const amount = details?.gross_amount;
    const problems: string[] = [];
    if (typeof orderId !== 'string' || !/^[\w.~-]{1,50}$/.test(orderId))
      problems.push('transaction_details.order_id is invalid');
    if (!Number.isInteger(amount) || (amount as number) < 1)
      problems.push('transaction_details.gross_amount is invalid');
    const items = body?.item_details ?? [];
    const itemsTotal = items.reduce((sum, item) => sum + (item.price ?? 0) * (item.quantity ?? 0), 0);
    if (items.length && itemsTotal !== amount)
      problems.push('transaction_details.gross_amount is not equal to the sum of item_details');
    if (items.some((item) => typeof item.name !== 'string' || item.name.length > 50))
      problems.push('item_details.name is invalid');
    if (typeof orderId === 'string' && orders.has(orderId))
      problems.push('transaction_details.order_id has already been taken');
    if (problems.length) return sendJson(res, 400, { error_messages: problems });
    const order: MidtransFakeOrder = {
      orderId: orderId as string,
      serverKey,
      grossAmount: amount as number,
      token: randomUUID(),
      finishUrl: typeof body?.callbacks?.finish === 'string' ? body.callbacks.finish : null,
      itemName: String(items[0]?.name ?? ''),
      transactionId: null,
      status: null,
    };
    orders.set(order.orderId, order);
    byToken.set(order.token, order);
    return sendJson(res, 201, { token: order.token, redirect_url: `${base}/snap/v2/vtweb/${order.token}` });
  };

  const payerPresses = async (order: MidtransFakeOrder, button: 'pay' | 'deny' | 'expire', res: ServerResponse) => {
    const steps = { pay: ['pending', 'settlement'], deny: ['deny'], expire: ['pending', 'expire'] }[button];
    let last: MidtransNotified | undefined;
    for (const status of steps) last = await post(order.orderId, notification(order.orderId, status));
    const status = order.status ?? '';
    if (!order.finishUrl) return sendHtml(res, 200, page('Midtrans', `<p>Transaction ${escapeHtml(status)}.</p>`));
    const finish = new URL(order.finishUrl);
    finish.searchParams.set('order_id', order.orderId);
    finish.searchParams.set('status_code', last?.body.status_code ?? '');
    finish.searchParams.set('transaction_status', status);
    res.writeHead(303, { location: finish.toString() });
    res.end();
  };

  const server = await startFakeServer({
    port: options.port,
    failureBody: (status) => ({ error_messages: [`fake midtrans failure ${status}`] }),
    handle: async (request, res) => {
      if (request.method === 'POST' && request.path === '/snap/v1/transactions') return createTransaction(request, res);
      const match = SNAP_PAGE.exec(request.path);
      const order = match ? byToken.get(match[1] as string) : undefined;
      if (!match || !order) return sendJson(res, 404, { error_messages: ['not found'] });
      const button = match[2] as 'pay' | 'deny' | 'expire' | undefined;
      if (request.method === 'POST' && button) return payerPresses(order, button, res);
      if (request.method === 'GET' && !button) return sendHtml(res, 200, paymentPage(order));
      return sendJson(res, 405, { error_messages: ['method not allowed'] });
    },
  });
  base = server.url;

  return {
    url: server.url,
    snapUrl: `${server.url}/snap/v1`,
    requests: server.requests,
    orders,
    notifications,
    setNotificationUrl(serverKey, url) {
      merchants[serverKey] = url;
    },
    notification,
    notify: (orderId, status, o) => post(orderId, notification(orderId, status, o)),
    post,
    failNext: server.failNext,
    setDelay: server.setDelay,
    stop: server.stop,
  };
}

interface SnapRequest {
  transaction_details?: { order_id?: unknown; gross_amount?: unknown };
  item_details?: { price?: number; quantity?: number; name?: unknown }[];
  callbacks?: { finish?: unknown };
}

async function postNotification(url: string, body: MidtransNotificationBody): Promise<number> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** The user of Basic auth (Midtrans: the server key, with an empty password). */
function basicUser(header: string | undefined): string | null {
  const encoded = header?.match(/^Basic\s+(\S+)$/i)?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : null;
}

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Midtrans writes times in Jakarta's (GMT+7) as "YYYY-MM-DD HH:mm:ss". */
function jakartaTime(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function paymentPage(order: MidtransFakeOrder): string {
  const amount = new Intl.NumberFormat('id-ID').format(order.grossAmount);
  const action = (button: string) => `/snap/v2/vtweb/${order.token}/${button}`;
  return page(
    'Midtrans',
    `<h1>Rp ${amount}</h1><p>${escapeHtml(order.itemName)}</p><p>Order ID ${escapeHtml(order.orderId)}</p>
<form method="post" action="${action('pay')}"><button type="submit">Pay</button></form>
<form method="post" action="${action('deny')}"><button type="submit">Deny</button></form>
<form method="post" action="${action('expire')}"><button type="submit">Expire</button></form>`,
  );
}

const page = (title: string, body: string) =>
  '<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  `<title>${title}</title></head><body>${body}</body></html>`;

function sendHtml(res: ServerResponse, status: number, html: string) {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
