import { describe, expect, it } from 'vitest';
import { checkoutNumberOf } from './checkouts.js';
import { createPaymeWorld } from './payme-test-support.js';
import { COMPANY_MERCHANTS } from './payments-test-world.js';

/*
 * What Payme's merchant API refuses, and its lookups: each refusal answers HTTP 200 with Payme's error code and
 * its message in Russian, Uzbek and English, and books nothing. The paying sequences are in
 * payme-merchant.test.ts.
 */
const w = await createPaymeWorld();
const { payme, COMPANY, PLATFORM } = w;
const HOUR = 3_600_000;
const basic = (login: string, key: string) => `Basic ${Buffer.from(`${login}:${key}`).toString('base64')}`;
const errorOf = (answer: { status: number; body: { error?: { code: number } } }) => {
  expect(answer.status).toBe(200);
  return answer.body.error?.code;
};
const create = (checkout: Awaited<ReturnType<typeof w.feeCheckout>>, id = payme.newTransactionId(), time?: number) =>
  payme.rpc(COMPANY, 'CreateTransaction', { id, time: time ?? w.now().getTime(), ...w.order(checkout) });

describe('Payme merchant API: refusals', () => {
  it('a wrong, missing or foreign key is refused with -32504 and its message in three languages', async () => {
    const checkout = await w.feeCheckout('payme', 100_000);
    const id = payme.newTransactionId();
    const params = { id, time: w.now().getTime(), ...w.order(checkout) };
    const refused = await payme.rpc(COMPANY, 'CreateTransaction', params, { auth: basic('Paycom', 'wrong-key') });
    expect(refused.body).toEqual({
      jsonrpc: '2.0',
      id: expect.any(Number),
      error: {
        code: -32504,
        message: {
          ru: expect.any(String),
          uz: expect.any(String),
          en: 'Insufficient privileges to perform the method',
        },
      },
    });
    expect(errorOf(await payme.rpc(COMPANY, 'CreateTransaction', params, { auth: null }))).toBe(-32504);
    // The platform's key does not open the centre's cashbox, nor another login than Paycom the right key.
    const platformKey = basic('Paycom', w.platformKey);
    expect(errorOf(await payme.rpc(COMPANY, 'CreateTransaction', params, { auth: platformKey }))).toBe(-32504);
    const otherLogin = basic('Payme', COMPANY_MERCHANTS.payme.key);
    expect(errorOf(await payme.rpc(COMPANY, 'CreateTransaction', params, { auth: otherLogin }))).toBe(-32504);
    expect(errorOf(await payme.rpc(COMPANY, 'CheckTransaction', { id }))).toBe(-31003);
    expect(await w.statusOf(checkout)).toBe('open');
  });

  it('a centre that has no Payme account is refused with -32504', async () => {
    const res = await fetch(`${w.api}/no-such-centre`, {
      method: 'POST',
      headers: { authorization: basic('Paycom', COMPANY_MERCHANTS.payme.key), 'content-type': 'application/json' },
      body: JSON.stringify({ id: 7, method: 'CheckTransaction', params: { id: 'x' } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32504);
  });

  it('a wrong amount is -31001, an unknown order -31050, and nothing is created', async () => {
    const checkout = await w.feeCheckout('payme', 100_000);
    const { amount, account } = w.order(checkout);
    expect(errorOf(await payme.rpc(COMPANY, 'CheckPerformTransaction', { amount: amount - 100, account }))).toBe(
      -31001,
    );
    // Sum instead of tiyin: Payme counts tiyin.
    const wrongCreate = { id: payme.newTransactionId(), time: w.now().getTime(), amount: 100_000, account };
    expect(errorOf(await payme.rpc(COMPANY, 'CreateTransaction', wrongCreate))).toBe(-31001);
    const unknown = { amount, account: { order_id: `${w.company.id}-999999` } };
    expect(errorOf(await payme.rpc(COMPANY, 'CheckPerformTransaction', unknown))).toBe(-31050);
    expect(errorOf(await payme.rpc(COMPANY, 'CheckPerformTransaction', { amount, account: {} }))).toBe(-31050);
    // The centre's fee is not the platform's to take, and the platform's licence not the centre's.
    expect(errorOf(await payme.rpc(PLATFORM, 'CheckPerformTransaction', { amount, account }))).toBe(-31050);
    const licence = await w.licenceCheckout('payme');
    expect(errorOf(await payme.rpc(COMPANY, 'CheckPerformTransaction', w.order(licence)))).toBe(-31050);
    expect(errorOf(await payme.rpc(COMPANY, 'CheckTransaction', { id: wrongCreate.id }))).toBe(-31003);
    expect(await w.entries(checkout)).toEqual([]);
  });

  it('an order another transaction is paying is busy (-31099); a paid one is closed (-31051)', async () => {
    const checkout = await w.feeCheckout('payme', 70_000);
    const first = payme.newTransactionId();
    expect((await create(checkout, first)).body.result).toMatchObject({ state: 1 });
    // The same transaction again is the same one; another is refused while the first may still be paid.
    expect((await create(checkout, first)).body.result).toMatchObject({ state: 1 });
    expect(errorOf(await create(checkout))).toBe(-31099);
    expect(errorOf(await payme.rpc(COMPANY, 'CheckPerformTransaction', w.order(checkout)))).toBe(-31099);
    await payme.rpc(COMPANY, 'PerformTransaction', { id: first });
    expect(errorOf(await payme.rpc(COMPANY, 'CheckPerformTransaction', w.order(checkout)))).toBe(-31051);
    expect(errorOf(await create(checkout))).toBe(-31051);
    // Created again after it was performed: Payme's -31008.
    expect(errorOf(await create(checkout, first))).toBe(-31008);
    expect(await w.entries(checkout)).toHaveLength(1);
  });

  it("Payme's 12 hours: a transaction older cannot be performed; it is cancelled with reason 4", async () => {
    const checkout = await w.feeCheckout('payme', 60_000);
    // Created by Payme 13 hours ago: nothing is made of it.
    const stale = payme.newTransactionId();
    expect(errorOf(await create(checkout, stale, w.now().getTime() - 13 * HOUR))).toBe(-31008);
    expect(errorOf(await payme.rpc(COMPANY, 'CheckTransaction', { id: stale }))).toBe(-31003);

    const id = payme.newTransactionId();
    expect((await create(checkout, id)).body.result).toMatchObject({ state: 1 });
    w.later(13 * 3600);
    expect(errorOf(await payme.rpc(COMPANY, 'PerformTransaction', { id }))).toBe(-31008);
    const check = (await payme.rpc(COMPANY, 'CheckTransaction', { id })).body.result;
    expect(check).toMatchObject({ state: -1, reason: 4, perform_time: 0, cancel_time: w.now().getTime() });
    expect(errorOf(await create(checkout, id))).toBe(-31008);
    expect(await w.entries(checkout)).toEqual([]);

    // A repeated CreateTransaction past the timeout cancels it too.
    const late = await w.feeCheckout('payme', 60_000);
    const lateId = payme.newTransactionId();
    await create(late, lateId);
    w.later(12 * 3600 + 1);
    expect(errorOf(await create(late, lateId))).toBe(-31008);
    expect((await payme.rpc(COMPANY, 'CheckTransaction', { id: lateId })).body.result).toMatchObject({
      state: -1,
      reason: 4,
    });
  });

  it('unknown methods, broken bodies and ChangePassword are refused in JSON-RPC words', async () => {
    expect(errorOf(await payme.rpc(COMPANY, 'GetBalance', {}))).toBe(-32601);
    expect(errorOf(await payme.rpc(COMPANY, 'CheckTransaction', {}, { rawBody: '{"method": "Check' }))).toBe(-32700);
    const noParams = JSON.stringify({ id: 3, method: 'CheckTransaction' });
    expect(errorOf(await payme.rpc(COMPANY, 'CheckTransaction', {}, { rawBody: noParams }))).toBe(-32600);
    expect(errorOf(await payme.rpc(COMPANY, 'PerformTransaction', {}))).toBe(-32600);
    expect(errorOf(await payme.rpc(COMPANY, 'CancelTransaction', { id: 'abc', reason: 'late' }))).toBe(-32600);
    expect(errorOf(await payme.rpc(COMPANY, 'PerformTransaction', { id: payme.newTransactionId() }))).toBe(-31003);
    expect(errorOf(await payme.rpc(COMPANY, 'CancelTransaction', { id: payme.newTransactionId(), reason: 1 }))).toBe(
      -31003,
    );
    // Payme may not change our key: it is set in the centre's settings.
    expect(errorOf(await payme.rpc(COMPANY, 'ChangePassword', { password: 'new-key' }))).toBe(-32504);
    expect(errorOf(await payme.rpc(COMPANY, 'CheckTransaction', { id: 'x' }))).toBe(-31003);
  });
});

describe('Payme merchant API: lookups', () => {
  it('CheckTransaction answers the times, our transaction id, the state and the reason', async () => {
    const checkout = await w.feeCheckout('payme', 80_000);
    const id = payme.newTransactionId();
    const created = (await create(checkout, id)).body.result;
    expect(created).toEqual({ create_time: expect.any(Number), transaction: expect.stringMatching(/^\d+$/), state: 1 });
    expect((await payme.rpc(COMPANY, 'CheckTransaction', { id })).body.result).toEqual({
      create_time: created.create_time,
      perform_time: 0,
      cancel_time: 0,
      transaction: created.transaction,
      state: 1,
      reason: null,
    });
    w.later(30);
    await payme.rpc(COMPANY, 'PerformTransaction', { id });
    expect((await payme.rpc(COMPANY, 'CheckTransaction', { id })).body.result).toEqual({
      create_time: created.create_time,
      perform_time: w.now().getTime(),
      cancel_time: 0,
      transaction: created.transaction,
      state: 2,
      reason: null,
    });
  });

  it("GetStatement lists this cashbox's transactions whose Payme time is in the range, oldest first", async () => {
    const base = w.now().getTime() + 5 * HOUR;
    const [a, b, c] = [
      await w.feeCheckout('payme', 10_000),
      await w.feeCheckout('payme', 20_000),
      await w.feeCheckout('payme', 30_000),
    ];
    const [idA, idB, idC] = [payme.newTransactionId(), payme.newTransactionId(), payme.newTransactionId()];
    await create(b, idB, base + 2_000);
    await create(a, idA, base + 1_000);
    await create(c, idC, base + 10_000);
    await payme.rpc(COMPANY, 'PerformTransaction', { id: idA });
    await payme.rpc(COMPANY, 'CancelTransaction', { id: idB, reason: 3 });
    // The platform's cashbox in the same range: not in the centre's statement.
    const licence = await w.licenceCheckout('payme');
    await payme.rpc(PLATFORM, 'CreateTransaction', {
      id: payme.newTransactionId(),
      time: base + 1_500,
      ...w.order(licence),
    });

    const statement = await payme.rpc(COMPANY, 'GetStatement', { from: base, to: base + 5_000 });
    const rows = statement.body.result.transactions;
    expect(rows.map((r: { id: string }) => r.id)).toEqual([idA, idB]);
    expect(rows[0]).toEqual({
      id: idA,
      time: base + 1_000,
      amount: 1_000_000,
      account: { order_id: checkoutNumberOf(a) },
      create_time: expect.any(Number),
      perform_time: w.now().getTime(),
      cancel_time: 0,
      transaction: expect.stringMatching(/^\d+$/),
      state: 2,
      reason: null,
    });
    expect(rows[1]).toMatchObject({ id: idB, amount: 2_000_000, state: -1, reason: 3, perform_time: 0 });
    const platform = await payme.rpc(PLATFORM, 'GetStatement', { from: base, to: base + 5_000 });
    expect(platform.body.result.transactions).toHaveLength(1);
    expect(errorOf(await payme.rpc(COMPANY, 'GetStatement', { from: 'yesterday', to: base }))).toBe(-32600);
  });
});
