import { createHash, randomInt } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FakeRequest, readFields, sendJson, startFakeServer } from './fake-server.js';

/**
 * A local Click: plays its side of the SHOP API (docs.click.uz "Click-API – Request") on loopback. Its payment
 * page is at {url}/services/pay?service_id&merchant_id&amount&transaction_param&return_url, like
 * https://my.click.uz/services/pay; "Pay" makes Click's two calls to the service's addresses — Prepare
 * (action 0), then Complete (action 1) with the merchant_prepare_id Prepare answered — each a form post signed
 *   md5(click_trans_id + service_id + secret_key + merchant_trans_id [+ merchant_prepare_id] + amount + action
 *       + sign_time)
 * and sends the browser back to return_url (303). "Cancel" stands for a payment Click could not take after
 * preparing it (the payer gave up, the card was refused): Complete carries a negative error. Tests make any
 * single call with prepare()/complete(), including repeats, out-of-order calls and broken signs.
 *
 * Written from the documentation, not from our server's code, so the two check each other.
 */

export interface ClickFakeService {
  prepareUrl: string;
  completeUrl: string;
  secretKey: string;
}

export interface ClickFakeOptions {
  /** By service_id: where its merchant takes Click's calls, and the secret both sides sign with. */
  services: Record<string, ClickFakeService>;
  /** A fixed port (the e2e run); default a free one. */
  port?: number;
}

interface CallOptions {
  serviceId: string;
  /** Our checkout number, the page's transaction_param. */
  merchantTransId: string;
  /** A number is written as Click writes a sum ("450000.00"); a string is sent as it is. */
  amount: number | string;
  /** Default a new one, as Click makes per attempt. */
  clickTransId?: number | string;
  clickPaydocId?: number | string;
  /** Default: now on Tashkent's clock, "YYYY-MM-DD HH:mm:ss". */
  signTime?: string;
  /** Click's status of the payment: 0, or negative when it failed. */
  error?: number;
  errorNote?: string;
  /** Send another action than the call's own (a -3 test). */
  action?: number | string;
  /** Sign with a wrong secret, as a forger would. */
  breakSign?: boolean;
}

export interface ClickPrepareOptions extends CallOptions {}
export interface ClickCompleteOptions extends CallOptions {
  merchantPrepareId: number | string;
}

/** What the merchant answered (its JSON), with the HTTP status (0: nobody answered). */
export interface ClickFakeResult {
  status: number;
  answer: Record<string, unknown> | null;
  fields: Record<string, string>;
}

export interface ClickFakeCall extends ClickFakeResult {
  kind: 'prepare' | 'complete';
  url: string;
}

/** The negative error Click's Complete carries when the page's "Cancel" is pressed. */
export const CLICK_FAKE_FAILURE = { error: -5017, note: 'Payment cancelled by the payer' } as const;

export interface ClickFake {
  url: string;
  /** What app.payments.clickCheckoutUrl is set to. */
  payUrl: string;
  requests: FakeRequest[];
  calls: ClickFakeCall[];
  prepare(options: ClickPrepareOptions): Promise<ClickFakeResult>;
  complete(options: ClickCompleteOptions): Promise<ClickFakeResult>;
  /** Prepare, then (when it succeeded) Complete with the given error (default 0), as the page's buttons do. */
  pay(options: CallOptions): Promise<{ prepare: ClickFakeResult; complete: ClickFakeResult | null }>;
  /** A fresh click_trans_id and click_paydoc_id. */
  nextIds(): { clickTransId: number; clickPaydocId: number };
  stop(): Promise<void>;
}

const ACTION = { prepare: 0, complete: 1 } as const;

export async function startClickFake(options: ClickFakeOptions): Promise<ClickFake> {
  const calls: ClickFakeCall[] = [];
  // Random starts: a database kept between runs (PostgreSQL) never sees an id twice.
  let nextTransId = randomInt(1_000_000_000, 9_000_000_000);
  let nextPaydocId = randomInt(1_000_000_000, 9_000_000_000);
  const nextIds = () => ({ clickTransId: nextTransId++, clickPaydocId: nextPaydocId++ });

  const service = (id: string) => {
    const found = options.services[id];
    if (!found) throw new Error(`The Click fake has no service ${id}`);
    return found;
  };

  const call = async (kind: 'prepare' | 'complete', o: CallOptions, prepareId?: number | string) => {
    const target = service(o.serviceId);
    const ids = nextIds();
    const fields: Record<string, string> = {
      click_trans_id: String(o.clickTransId ?? ids.clickTransId),
      service_id: o.serviceId,
      click_paydoc_id: String(o.clickPaydocId ?? ids.clickPaydocId),
      merchant_trans_id: o.merchantTransId,
      ...(kind === 'complete' ? { merchant_prepare_id: String(prepareId) } : {}),
      amount: typeof o.amount === 'number' ? o.amount.toFixed(2) : o.amount,
      action: String(o.action ?? ACTION[kind]),
      error: String(o.error ?? 0),
      error_note: o.errorNote ?? (o.error ? 'Error' : 'Success'),
      sign_time: o.signTime ?? tashkentNow(),
    };
    fields.sign_string = signOf(fields, o.breakSign ? `${target.secretKey}-forged` : target.secretKey);
    const url = kind === 'prepare' ? target.prepareUrl : target.completeUrl;
    const result = { ...(await postForm(url, fields)), fields };
    calls.push({ kind, url, ...result });
    return result;
  };

  const prepare = (o: ClickPrepareOptions) => call('prepare', o);
  const complete = (o: ClickCompleteOptions) => call('complete', o, o.merchantPrepareId);
  const pay = async (o: CallOptions) => {
    const ids = nextIds();
    const attempt = { ...o, clickTransId: o.clickTransId ?? ids.clickTransId, clickPaydocId: ids.clickPaydocId };
    const prepared = await call('prepare', { ...attempt, error: 0, errorNote: 'Success' });
    const prepareId = prepared.answer?.merchant_prepare_id;
    // Click goes on only when the merchant said yes to Prepare.
    if (prepared.answer?.error !== 0 || (typeof prepareId !== 'number' && typeof prepareId !== 'string')) {
      return { prepare: prepared, complete: null };
    }
    return { prepare: prepared, complete: await call('complete', attempt, prepareId) };
  };

  const handle = async (request: FakeRequest, res: ServerResponse) => {
    if (request.path !== '/services/pay') return sendHtml(res, 404, page('Not found', '<p>Not found</p>'));
    if (request.method === 'GET') return showPaymentPage(request.query, res);
    if (request.method !== 'POST') return sendJson(res, 405, { error: 'method not allowed' });
    const fields = await readFields(request);
    const amount = Number(fields.amount);
    if (!options.services[fields.service_id ?? ''] || !fields.transaction_param || !(amount > 0)) {
      return sendHtml(res, 400, page('Error', '<p>Invalid payment</p>'));
    }
    const failed = fields.choice === 'cancel';
    await pay({
      serviceId: fields.service_id as string,
      merchantTransId: fields.transaction_param,
      amount,
      ...(failed ? { error: CLICK_FAKE_FAILURE.error, errorNote: CLICK_FAKE_FAILURE.note } : {}),
    });
    if (!fields.return_url) return sendHtml(res, 200, page('Done', `<p>${failed ? 'Cancelled' : 'Paid'}</p>`));
    res.writeHead(303, { location: fields.return_url });
    res.end();
  };

  const showPaymentPage = (query: Record<string, string>, res: ServerResponse) => {
    const amount = Number(query.amount);
    if (!options.services[query.service_id ?? ''] || !query.transaction_param || !(amount > 0)) {
      return sendHtml(res, 400, page('Error', '<p>Invalid payment link</p>'));
    }
    const hidden = ['service_id', 'merchant_id', 'amount', 'transaction_param', 'return_url']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`)
      .join('');
    const body = `<h1>CLICK</h1>
<p>Service <b>${escapeHtml(query.service_id ?? '')}</b>, order <b>${escapeHtml(query.transaction_param)}</b></p>
<p class="amount">${amount.toLocaleString('en-US').replace(/,/g, ' ')} so'm</p>
<form method="post" action="/services/pay">${hidden}
<button type="submit" name="choice" value="pay">Pay</button>
<button type="submit" name="choice" value="cancel">Cancel</button>
</form>`;
    return sendHtml(res, 200, page('CLICK — payment', body));
  };

  const server = await startFakeServer({
    port: options.port,
    failureBody: (status) => ({ error: -1, error_note: `Click fake failure ${status}` }),
    handle,
  });

  return {
    url: server.url,
    payUrl: `${server.url}/services/pay`,
    requests: server.requests,
    calls,
    prepare,
    complete,
    pay,
    nextIds,
    stop: server.stop,
  };
}

/** Click's sign of a call: Complete's includes merchant_prepare_id, Prepare's has none. */
function signOf(fields: Record<string, string>, secretKey: string): string {
  const text = [
    fields.click_trans_id,
    fields.service_id,
    secretKey,
    fields.merchant_trans_id,
    fields.merchant_prepare_id ?? '',
    fields.amount,
    fields.action,
    fields.sign_time,
  ].join('');
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Tashkent is UTC+5 all year. */
function tashkentNow(): string {
  return new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

async function postForm(url: string, fields: Record<string, string>): Promise<Omit<ClickFakeResult, 'fields'>> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    let answer: Record<string, unknown> | null = null;
    try {
      answer = JSON.parse(text) as Record<string, unknown>;
    } catch {
      answer = null;
    }
    return { status: res.status, answer };
  } catch {
    return { status: 0, answer: null };
  }
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
