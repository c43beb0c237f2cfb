import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type ClickFakeResult, startClickFake } from '../../../test/fakes/click-fake.js';
import { loginAs } from '../../../test/helpers.js';
import { clickCheckoutLink } from '../../adapters/payments/checkout-links.js';
import { companies, ledgerEntries, licenceOrders, licencePayments, onlinePayments } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type CheckoutRow, checkoutNumberOf } from './checkouts.js';
import { COMPANY_MERCHANTS, createPaymentsWorld, PLATFORM_MERCHANTS } from './payments-test-world.js';

/*
 * Click's SHOP API against the Click fake, over real HTTP: the fake posts its signed forms to the listening app
 * exactly as Click would. Each test opens its own checkout; the student's balance is read through the API.
 */
const world = await createPaymentsWorld();
await world.app.listen({ host: '127.0.0.1', port: 0 });
const callbacks = `http://127.0.0.1:${(world.app.server.address() as AddressInfo).port}/api/v1/payments/click`;
const at = (merchant: string) => ({
  prepareUrl: `${callbacks}/${merchant}/prepare`,
  completeUrl: `${callbacks}/${merchant}/complete`,
});
const platformClick = PLATFORM_MERCHANTS.click;
if (!platformClick) throw new Error('the payments world has no platform Click account');
const COMPANY = COMPANY_MERCHANTS.click.service_id;
const PLATFORM = platformClick.service_id;
/** A service id that is not the centre's, calling the centre's address with the centre's own secret. */
const STRANGER = '555';
const click = await startClickFake({
  services: {
    [COMPANY]: { ...at(world.company.subdomain), secretKey: COMPANY_MERCHANTS.click.secret_key },
    [PLATFORM]: { ...at('platform'), secretKey: platformClick.secret_key },
    [STRANGER]: { ...at(world.company.subdomain), secretKey: COMPANY_MERCHANTS.click.secret_key },
  },
});
afterAll(() => click.stop());
world.app.payments.clickCheckoutUrl = click.payUrl;

const admin = await loginAs(world.app, world.company.subdomain, world.company.users.admin.phone);
const balance = async () =>
  (await world.api('GET', `/user/${world.studentId}/balance`, undefined, { token: admin })).body.balance as number;

const payments = (checkout: CheckoutRow) =>
  inCompany(world.db, world.company.id, (tx) =>
    tx
      .select({ amount: ledgerEntries.amount, method: ledgerEntries.method, kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.cause, 'online_payment'), eq(ledgerEntries.causeId, checkout.id))),
  );
const statusOf = async (checkout: CheckoutRow) => {
  const [row] = await inCompany(world.db, world.company.id, (tx) =>
    tx
      .select({ status: onlinePayments.status })
      .from(onlinePayments)
      .where(and(eq(onlinePayments.companyId, checkout.companyId), eq(onlinePayments.id, checkout.id))),
  );
  return row?.status;
};

const order = (checkout: CheckoutRow, serviceId = COMPANY) => ({
  serviceId,
  merchantTransId: checkoutNumberOf(checkout),
  amount: checkout.amount,
});
const errorOf = (result: ClickFakeResult | null) => result?.answer?.error;
/** A prepared attempt: its ids, for the Complete a test makes itself. */
const prepared = async (checkout: CheckoutRow) => {
  const ids = click.nextIds();
  const result = await click.prepare({ ...order(checkout), ...ids });
  expect(result.answer).toMatchObject({ error: 0, error_note: 'Success', click_trans_id: ids.clickTransId });
  return { ...order(checkout), ...ids, merchantPrepareId: result.answer?.merchant_prepare_id as number };
};

/** Fifty callbacks through HTTP and one database connection (PGlite) take seconds on a busy machine. */
const FIFTY_AT_ONCE_MS = 60_000;

describe('Click SHOP API', () => {
  it("a fee: Prepare then Complete books one payment of method click and raises the student's balance", async () => {
    const before = await balance();
    const checkout = await world.feeCheckout('click', 450_000);
    const attempt = await prepared(checkout);
    expect(attempt.merchantPrepareId).toEqual(expect.any(Number));
    const done = await click.complete(attempt);
    expect(done.status).toBe(200);
    expect(done.answer).toEqual({
      click_trans_id: attempt.clickTransId,
      merchant_trans_id: checkoutNumberOf(checkout),
      merchant_confirm_id: attempt.merchantPrepareId,
      error: 0,
      error_note: 'Success',
    });
    expect(await payments(checkout)).toEqual([{ amount: 450_000, method: 'click', kind: 'payment' }]);
    expect(await balance()).toBe(before + 450_000);
    expect(await statusOf(checkout)).toBe('paid');
  });

  it("a licence: the platform's service pays the order and extends the licence once", async () => {
    const checkout = await world.licenceCheckout('click', 300, 6);
    const { prepare, complete } = await click.pay(order(checkout, PLATFORM));
    expect([errorOf(prepare), errorOf(complete)]).toEqual([0, 0]);
    expect(errorOf(await click.complete({ ...order(checkout, PLATFORM), ...idsOf(prepare) }))).toBe(-4);
    const paid = await inCompany(world.db, world.company.id, async (tx) => ({
      payments: await tx
        .select({ amount: licencePayments.amount, method: licencePayments.method })
        .from(licencePayments)
        .where(eq(licencePayments.onlinePaymentId, checkout.id)),
      order: (
        await tx
          .select()
          .from(licenceOrders)
          .where(eq(licenceOrders.id, checkout.licenceOrderId as number))
      )[0],
      company: (await tx.select().from(companies).where(eq(companies.id, world.company.id)))[0],
    }));
    expect(paid.payments).toEqual([{ amount: checkout.amount, method: 'click' }]);
    expect(paid.order?.status).toBe('paid');
    expect(paid.company?.licenceEndsOn).toBe(paid.order?.licenceTo);
  });

  it('refuses a broken sign or another service with -1 (and a Prepare at the Complete address, -3); books nothing', async () => {
    const checkout = await world.feeCheckout('click', 120_000);
    expect(errorOf(await click.prepare({ ...order(checkout), breakSign: true }))).toBe(-1);
    expect(errorOf(await click.prepare(order(checkout, STRANGER)))).toBe(-1);
    const attempt = await prepared(checkout);
    const forged = await click.complete({ ...attempt, breakSign: true });
    expect(forged.answer).toMatchObject({ error: -1, error_note: 'SIGN CHECK FAILED!' });
    // A well-signed call that is not a Complete, at the Complete address.
    expect(errorOf(await click.complete({ ...attempt, action: 0 }))).toBe(-3);
    expect(await payments(checkout)).toEqual([]);
    expect(await statusOf(checkout)).toBe('open');
  });

  it('refuses a wrong amount (-2), an unknown order (-5) and a wrong action (-3)', async () => {
    const checkout = await world.feeCheckout('click', 200_000);
    expect(errorOf(await click.prepare({ ...order(checkout), amount: 199_999 }))).toBe(-2);
    expect(errorOf(await click.prepare({ ...order(checkout), amount: '200000.50' }))).toBe(-2);
    expect(errorOf(await click.prepare({ ...order(checkout), amount: '200000' }))).toBe(0);
    const unknown = { ...order(checkout), merchantTransId: `${world.company.id}-99999999` };
    expect((await click.prepare(unknown)).answer).toMatchObject({ error: -5, error_note: 'User does not exist' });
    // A licence is the platform's: the centre's own account does not know it.
    const licence = await world.licenceCheckout('click');
    expect(errorOf(await click.prepare(order(licence)))).toBe(-5);
    expect(errorOf(await click.prepare({ ...order(checkout), action: 1 }))).toBe(-3);
    expect(await payments(checkout)).toEqual([]);
  });

  it('answers -6 to a Complete whose prepare id Prepare never gave, and -8 to a call missing its fields', async () => {
    const checkout = await world.feeCheckout('click', 90_000);
    const attempt = await prepared(checkout);
    const wrongId = await click.complete({ ...attempt, merchantPrepareId: attempt.merchantPrepareId + 1000 });
    expect(wrongId.answer).toMatchObject({ error: -6, error_note: 'Transaction does not exist' });
    const neverPrepared = await click.complete({ ...order(checkout), merchantPrepareId: attempt.merchantPrepareId });
    expect(errorOf(neverPrepared)).toBe(-6);
    const bare = await fetch(at(world.company.subdomain).prepareUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ click_trans_id: '1', merchant_trans_id: checkoutNumberOf(checkout) }).toString(),
    });
    expect([bare.status, ((await bare.json()) as { error: number }).error]).toEqual([200, -8]);
    expect(await payments(checkout)).toEqual([]);
  });

  it('a repeated Complete books once and answers "already paid" with the same confirm id', async () => {
    const before = await balance();
    const checkout = await world.feeCheckout('click', 300_000);
    const attempt = await prepared(checkout);
    expect(errorOf(await click.complete(attempt))).toBe(0);
    const again = await click.complete(attempt);
    expect(again.answer).toMatchObject({ error: -4, merchant_confirm_id: attempt.merchantPrepareId });
    // A new attempt at the paid order is refused before Click takes any money.
    expect(errorOf(await click.prepare(order(checkout)))).toBe(-4);
    expect(await payments(checkout)).toHaveLength(1);
    expect(await balance()).toBe(before + 300_000);
  });

  it('two attempts at one order: the one completed second is refused (-4), closed, and books nothing', async () => {
    const checkout = await world.feeCheckout('click', 110_000);
    const first = await prepared(checkout);
    const second = await prepared(checkout);
    expect(second.merchantPrepareId).not.toBe(first.merchantPrepareId);
    expect(errorOf(await click.complete(second))).toBe(0);
    expect(errorOf(await click.complete(first))).toBe(-4);
    expect(errorOf(await click.complete(first))).toBe(-9);
    expect(await payments(checkout)).toHaveLength(1);
  });

  it("Complete with Click's error -5017 cancels the attempt (-9) and books nothing", async () => {
    const before = await balance();
    const checkout = await world.feeCheckout('click', 75_000);
    const attempt = await prepared(checkout);
    const failed = await click.complete({ ...attempt, error: -5017, errorNote: 'Insufficient funds' });
    expect(failed.answer).toMatchObject({ error: -9, error_note: 'Transaction cancelled' });
    expect(await statusOf(checkout)).toBe('cancelled');
    // The cancelled attempt cannot be completed afterwards, nor the order prepared again.
    expect(errorOf(await click.complete(attempt))).toBe(-9);
    expect(errorOf(await click.prepare(order(checkout)))).toBe(-9);
    expect(await payments(checkout)).toEqual([]);
    expect(await balance()).toBe(before);
  });

  it(
    'the same Complete fifty times at once books once',
    async () => {
      const before = await balance();
      const checkout = await world.feeCheckout('click', 500_000);
      const attempt = await prepared(checkout);
      const answers = await Promise.all(Array.from({ length: 50 }, () => click.complete(attempt)));
      const codes = answers.map(errorOf);
      expect(codes.filter((code) => code === 0)).toHaveLength(1);
      expect(codes.filter((code) => code === -4)).toHaveLength(49);
      expect(await payments(checkout)).toHaveLength(1);
      expect(await balance()).toBe(before + 500_000);
    },
    FIFTY_AT_ONCE_MS,
  );

  it(
    'the same Prepare fifty times at once makes one attempt',
    async () => {
      const checkout = await world.feeCheckout('click', 60_000);
      const ids = click.nextIds();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => click.prepare({ ...order(checkout), ...ids })),
      );
      const prepareIds = new Set(answers.map((a) => a.answer?.merchant_prepare_id));
      expect([answers.every((a) => errorOf(a) === 0), prepareIds.size]).toEqual([true, 1]);
    },
    FIFTY_AT_ONCE_MS,
  );

  it("the checkout page: Pay makes Click's calls and sends the payer back; Cancel cancels", async () => {
    const before = await balance();
    const open = async (checkout: CheckoutRow) => {
      const link = clickCheckoutLink(world.app.payments.clickCheckoutUrl, COMPANY_MERCHANTS.click, {
        number: checkoutNumberOf(checkout),
        amount: checkout.amount,
        currency: checkout.currency,
        returnUrl: `http://${world.company.subdomain}.localhost/payments/${checkout.token}`,
        description: 'Fee',
      });
      const page = await fetch(link);
      const html = await page.text();
      expect(html).toContain('250 000');
      const fields = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
      );
      return { link, fields: fields as Record<string, string> };
    };
    const press = async (link: string, fields: Record<string, string>, choice: 'pay' | 'cancel') =>
      fetch(new URL('/services/pay', link), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, choice }).toString(),
        redirect: 'manual',
      });

    const paid = await world.feeCheckout('click', 250_000);
    const page = await open(paid);
    const answer = await press(page.link, page.fields, 'pay');
    expect([answer.status, answer.headers.get('location')]).toEqual([303, page.fields.return_url]);
    expect(await statusOf(paid)).toBe('paid');
    expect(await balance()).toBe(before + 250_000);

    const given = await world.feeCheckout('click', 250_000);
    const cancelPage = await open(given);
    expect((await press(cancelPage.link, cancelPage.fields, 'cancel')).status).toBe(303);
    expect(await statusOf(given)).toBe('cancelled');
    expect(await balance()).toBe(before + 250_000);
  });
});

function idsOf(result: ClickFakeResult) {
  return {
    clickTransId: result.fields.click_trans_id as string,
    clickPaydocId: result.fields.click_paydoc_id as string,
    merchantPrepareId: result.answer?.merchant_prepare_id as number,
  };
}
