import { addDays, addMonths } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { paymeCheckoutLink } from '../../adapters/payments/checkout-links.js';
import { checkoutNumberOf } from './checkouts.js';
import { createPaymeWorld } from './payme-test-support.js';
import { COMPANY_MERCHANTS } from './payments-test-world.js';

/*
 * Payme's merchant API, the way Payme uses it: the fake's checkout page and its calls over real HTTP to the
 * listening app, for a student's fee (the centre's cashbox) and a licence (the platform's). Refusals are in
 * payme-merchant-refusals.test.ts.
 */
const w = await createPaymeWorld();
const { payme, COMPANY, PLATFORM } = w;
const result = (answer: { body: { result?: unknown } }) => answer.body.result;

/** A fee paid through Check, Create and Perform; answers Payme's transaction id. */
async function paid(checkout: Awaited<ReturnType<typeof w.feeCheckout>>, merchant = COMPANY) {
  const id = payme.newTransactionId();
  expect(result(await payme.rpc(merchant, 'CheckPerformTransaction', w.order(checkout)))).toEqual({ allow: true });
  const time = w.now().getTime();
  expect(result(await payme.rpc(merchant, 'CreateTransaction', { id, time, ...w.order(checkout) }))).toMatchObject({
    state: 1,
  });
  expect(result(await payme.rpc(merchant, 'PerformTransaction', { id }))).toMatchObject({ state: 2 });
  return id;
}

describe('Payme merchant API: paying', () => {
  it("a fee through Payme's checkout page: Pay books one payment of method payme and the payer comes back", async () => {
    const before = await w.balance();
    const checkout = await w.feeCheckout('payme', 450_000);
    const returnUrl = 'http://pay.localhost/payment/done?token=abc;x=1';
    const link = paymeCheckoutLink(payme.url, COMPANY_MERCHANTS.payme, {
      number: checkoutNumberOf(checkout),
      amount: checkout.amount,
      currency: checkout.currency,
      returnUrl,
      description: 'November',
    });
    const page = await fetch(link);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('450 000 soʻm');
    expect(html).toContain(checkoutNumberOf(checkout));
    const form = /<form method="post" action="(\/pay)"><input type="hidden" name="checkout" value="([^"]+)">/.exec(
      html,
    );
    expect(form).not.toBeNull();
    const pay = await fetch(new URL(form?.[1] as string, payme.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ checkout: form?.[2] as string }),
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(returnUrl);
    expect(payme.calls.slice(-3).map((c) => [c.method, c.answer.status, c.answer.body.error ?? null])).toEqual([
      ['CheckPerformTransaction', 200, null],
      ['CreateTransaction', 200, null],
      ['PerformTransaction', 200, null],
    ]);
    expect(await w.entries(checkout)).toEqual([{ amount: 450_000, method: 'payme', kind: 'payment' }]);
    expect(await w.balance()).toBe(before + 450_000);
    expect(await w.statusOf(checkout)).toBe('paid');
    // Paying the same link again: Payme's page shows our refusal and nothing more is booked.
    const again = await fetch(new URL('/pay', payme.url), {
      method: 'POST',
      body: new URLSearchParams({ checkout: form?.[2] as string }),
      redirect: 'manual',
    });
    expect(again.status).toBe(422);
    expect(await again.text()).toContain('The order is already paid or closed (-31051)');
    expect(await w.entries(checkout)).toHaveLength(1);
  });

  it('Cancel on the checkout page creates the transaction and cancels it (reason 3): nothing is booked', async () => {
    const checkout = await w.feeCheckout('payme', 120_000);
    const link = paymeCheckoutLink(payme.url, COMPANY_MERCHANTS.payme, {
      number: checkoutNumberOf(checkout),
      amount: checkout.amount,
      currency: checkout.currency,
      returnUrl: 'http://pay.localhost/back',
      description: 'fee',
    });
    const encoded = link.slice(payme.url.length + 1);
    const cancel = await fetch(`${payme.url}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ checkout: encoded }),
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    const [create, cancelled] = payme.calls.slice(-2);
    expect(create?.method).toBe('CreateTransaction');
    expect(cancelled?.answer.body.result).toMatchObject({ state: -1 });
    const check = await payme.rpc(COMPANY, 'CheckTransaction', { id: create?.params.id });
    expect(result(check)).toMatchObject({ state: -1, reason: 3, perform_time: 0 });
    expect(await w.entries(checkout)).toEqual([]);
    expect(await w.statusOf(checkout)).toBe('cancelled');
  });

  it("a licence: the platform's cashbox pays it, the licence runs the order's months more on the band's plan", async () => {
    const checkout = await w.licenceCheckout('payme', 300, 6);
    const before = await w.licence(checkout);
    const today = '2026-11-26';
    const from = before.endsOn && before.endsOn >= today ? addDays(before.endsOn, 1) : today;
    await paid(checkout, PLATFORM);
    const after = await w.licence(checkout);
    expect(after.payments).toEqual([{ amount: checkout.amount, method: 'payme' }]);
    expect(after.order?.status).toBe('paid');
    expect(after.endsOn).toBe(addDays(addMonths(from, 6), -1));
    expect(after.plan).toBe(300);
    expect(await w.statusOf(checkout)).toBe('paid');
  });

  it('a repeated PerformTransaction answers the same perform_time and books nothing more', async () => {
    const before = await w.balance();
    const checkout = await w.feeCheckout('payme', 200_000);
    const id = await paid(checkout);
    const first = await payme.rpc(COMPANY, 'CheckTransaction', { id });
    w.later(60);
    const again = await payme.rpc(COMPANY, 'PerformTransaction', { id });
    expect(result(again)).toEqual({
      transaction: first.body.result.transaction,
      perform_time: first.body.result.perform_time,
      state: 2,
    });
    expect(await w.entries(checkout)).toHaveLength(1);
    expect(await w.balance()).toBe(before + 200_000);
  });
});

describe('Payme merchant API: at once', () => {
  const inject = (merchant: string, body: unknown) =>
    w.app.inject({
      method: 'POST',
      url: `/api/v1/payments/payme/${merchant}`,
      headers: {
        authorization: `Basic ${Buffer.from(`Paycom:${COMPANY_MERCHANTS.payme.key}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body),
    });

  it('the same PerformTransaction 50 times at once books once', async () => {
    const before = await w.balance();
    const checkout = await w.feeCheckout('payme', 300_000);
    const id = payme.newTransactionId();
    await payme.rpc(COMPANY, 'CreateTransaction', { id, time: w.now().getTime(), ...w.order(checkout) });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        inject(w.company.subdomain, { jsonrpc: '2.0', id: n, method: 'PerformTransaction', params: { id } }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    const results = answers.map((a) => JSON.parse(a.body).result);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]).toMatchObject({ state: 2 });
    expect(await w.entries(checkout)).toEqual([{ amount: 300_000, method: 'payme', kind: 'payment' }]);
    expect(await w.balance()).toBe(before + 300_000);
  });

  it('the same CreateTransaction 20 times at once makes one transaction', async () => {
    const checkout = await w.feeCheckout('payme', 40_000);
    const params = { id: payme.newTransactionId(), time: w.now().getTime(), ...w.order(checkout) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => inject(w.company.subdomain, { id: n, method: 'CreateTransaction', params })),
    );
    const results = answers.map((a) => JSON.parse(a.body).result);
    expect(results.every((r) => r?.state === 1)).toBe(true);
    expect(new Set(results.map((r) => r.transaction)).size).toBe(1);
  });
});

describe('Payme merchant API: cancelling', () => {
  it('a cancel after perform books the reversal (state -2), the balance goes back; a repeat answers the same', async () => {
    const before = await w.balance();
    const checkout = await w.feeCheckout('payme', 250_000);
    const id = await paid(checkout);
    expect(await w.balance()).toBe(before + 250_000);
    w.later(3600);
    const cancel = await payme.rpc(COMPANY, 'CancelTransaction', { id, reason: 5 });
    expect(result(cancel)).toEqual({
      transaction: expect.any(String),
      cancel_time: w.now().getTime(),
      state: -2,
    });
    w.later(60);
    expect(result(await payme.rpc(COMPANY, 'CancelTransaction', { id, reason: 5 }))).toEqual(result(cancel));
    expect(await w.entries(checkout)).toEqual([
      { amount: 250_000, method: 'payme', kind: 'payment' },
      { amount: -250_000, method: 'payme', kind: 'payment' },
    ]);
    expect(await w.balance()).toBe(before);
    expect(await w.statusOf(checkout)).toBe('refunded');
    const check = result(await payme.rpc(COMPANY, 'CheckTransaction', { id }));
    expect(check).toMatchObject({ state: -2, reason: 5, cancel_time: cancel.body.result.cancel_time });
    // A cancelled transaction is not performed again.
    expect((await payme.rpc(COMPANY, 'PerformTransaction', { id })).body.error.code).toBe(-31008);
  });

  it('a cancel after perform of a licence takes back the months it added', async () => {
    const checkout = await w.licenceCheckout('payme', 100, 3);
    const before = await w.licence(checkout);
    const id = await paid(checkout, PLATFORM);
    expect((await w.licence(checkout)).endsOn).not.toBe(before.endsOn);
    expect(result(await payme.rpc(PLATFORM, 'CancelTransaction', { id, reason: 5 }))).toMatchObject({ state: -2 });
    const after = await w.licence(checkout);
    expect(after.endsOn).toBe(before.endsOn);
    expect(after.payments).toEqual([
      { amount: checkout.amount, method: 'payme' },
      { amount: -checkout.amount, method: 'payme' },
    ]);
    expect(after.order?.status).toBe('cancelled');
  });

  it('a cancel before perform closes the transaction (state -1) and the checkout; perform is then refused', async () => {
    const checkout = await w.feeCheckout('payme', 90_000);
    const id = payme.newTransactionId();
    await payme.rpc(COMPANY, 'CreateTransaction', { id, time: w.now().getTime(), ...w.order(checkout) });
    const cancel = await payme.rpc(COMPANY, 'CancelTransaction', { id, reason: 2 });
    expect(result(cancel)).toMatchObject({ state: -1, cancel_time: w.now().getTime() });
    expect(result(await payme.rpc(COMPANY, 'CancelTransaction', { id, reason: 2 }))).toEqual(result(cancel));
    expect((await payme.rpc(COMPANY, 'PerformTransaction', { id })).body.error.code).toBe(-31008);
    expect(await w.entries(checkout)).toEqual([]);
    expect(await w.statusOf(checkout)).toBe('cancelled');
  });
});
