import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startMidtransFake } from '../../../test/fakes/midtrans-fake.js';
import { loginAs } from '../../../test/helpers.js';
import { createSnapTransaction } from '../../adapters/payments/midtrans-snap.js';
import {
  ledgerEntries,
  licenceOrders,
  licencePayments,
  onlinePayments,
  providerTransactions,
} from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { asPlatform } from '../console/platform-db.js';
import { type CheckoutRow, checkoutNumberOf } from './checkouts.js';
import { COMPANY_MERCHANTS, createPaymentsWorld, PLATFORM_MERCHANTS } from './payments-test-world.js';

/*
 * Midtrans's HTTP notifications against the Midtrans fake, over real HTTP: the fake signs and posts them to
 * the listening app as Midtrans would, to the Payment Notification URL of the server key that made the Snap
 * transaction. Each test opens its own checkout; the student's balance is read through the API.
 */
const midtrans = await startMidtransFake({ merchants: {} });
afterAll(() => midtrans.stop());
const world = await createPaymentsWorld({ country: 'id', payments: { midtransSnapUrl: midtrans.snapUrl } });
await world.app.listen({ host: '127.0.0.1', port: 0 });
const notifications = `http://127.0.0.1:${(world.app.server.address() as AddressInfo).port}/api/v1/payments/midtrans`;
midtrans.setNotificationUrl(
  COMPANY_MERCHANTS.midtrans.server_key,
  `${notifications}/${world.company.subdomain}/notification`,
);
midtrans.setNotificationUrl(PLATFORM_MERCHANTS.midtrans.server_key, `${notifications}/platform/notification`);

const admin = await loginAs(world.app, world.company.subdomain, world.company.users.admin.phone);
const balance = async () =>
  (await world.api('GET', `/user/${world.studentId}/balance`, undefined, { token: admin })).body.balance as number;

/** A checkout with its Snap transaction made at the fake, by the key of the merchant it is paid to. */
async function snapped(checkout: CheckoutRow) {
  const credentials = checkout.purpose === 'fee' ? COMPANY_MERCHANTS.midtrans : PLATFORM_MERCHANTS.midtrans;
  const snap = await createSnapTransaction(midtrans.snapUrl, credentials, {
    number: checkoutNumberOf(checkout),
    amount: checkout.amount,
    currency: checkout.currency,
    returnUrl: `http://${world.company.subdomain}.localhost/entry/pay/${checkout.token}`,
    description: 'Pay Academy: Ali Valiyev',
  });
  return { checkout, order: checkoutNumberOf(checkout), snap };
}
const feeCheckout = async (amount: number) => snapped(await world.feeCheckout('midtrans', amount));

/** This checkout's ledger amounts, its reversals included (other tests pay the same student). */
const entriesOf = async (checkout: CheckoutRow) => {
  const rows = await inCompany(world.db, world.company.id, async (tx) => {
    const paid = await tx
      .select({ id: ledgerEntries.id, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.cause, 'online_payment'), eq(ledgerEntries.causeId, checkout.id)))
      .orderBy(ledgerEntries.id);
    const reversals = paid.length
      ? await tx
          .select({ id: ledgerEntries.id, amount: ledgerEntries.amount })
          .from(ledgerEntries)
          .where(
            inArray(
              ledgerEntries.reversesId,
              paid.map((row) => row.id),
            ),
          )
      : [];
    return [...paid, ...reversals];
  });
  return rows.map((row) => row.amount);
};

const statusOf = async (checkout: CheckoutRow) => {
  const [row] = await inCompany(world.db, world.company.id, (tx) =>
    tx
      .select({ status: onlinePayments.status })
      .from(onlinePayments)
      .where(and(eq(onlinePayments.companyId, checkout.companyId), eq(onlinePayments.id, checkout.id))),
  );
  return row?.status;
};
const transactionsOf = (checkout: CheckoutRow) =>
  asPlatform(world.db, (tx) =>
    tx
      .select({ externalId: providerTransactions.externalId, state: providerTransactions.state })
      .from(providerTransactions)
      .where(
        and(
          eq(providerTransactions.payerCompanyId, checkout.companyId),
          eq(providerTransactions.onlinePaymentId, checkout.id),
        ),
      ),
  );

const BUTTONS = { pay: 'Pay', deny: 'Deny', expire: 'Expire' } as const;
/** The payer presses a button of Midtrans's page; answers where he is sent back to. */
async function press(redirectUrl: string, button: 'pay' | 'deny' | 'expire') {
  const page = await fetch(redirectUrl);
  expect(await page.text()).toContain(`${BUTTONS[button]}</button>`);
  const answer = await fetch(`${redirectUrl}/${button}`, { method: 'POST', redirect: 'manual' });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

describe('Midtrans notifications', () => {
  it("settlement books one payment of method midtrans; the payer's Pay goes pending, settles and returns", async () => {
    const before = await balance();
    const { checkout, snap } = await feeCheckout(150_000);
    const back = await press(snap.redirect_url, 'pay');
    expect(back.pathname).toBe(`/entry/pay/${checkout.token}`);
    expect(back.searchParams.get('transaction_status')).toBe('settlement');
    expect(midtrans.notifications.slice(-2).map((n) => [n.body.transaction_status, n.status])).toEqual([
      ['pending', 200],
      ['settlement', 200],
    ]);
    const booked = await inCompany(world.db, world.company.id, (tx) =>
      tx
        .select({ amount: ledgerEntries.amount, kind: ledgerEntries.kind, method: ledgerEntries.method })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.cause, 'online_payment'), eq(ledgerEntries.causeId, checkout.id))),
    );
    expect(booked).toEqual([{ amount: 150_000, kind: 'payment', method: 'midtrans' }]);
    expect(await balance()).toBe(before + 150_000);
    expect(await statusOf(checkout)).toBe('paid');
    expect(await transactionsOf(checkout)).toEqual([
      { externalId: midtrans.orders.get(checkoutNumberOf(checkout))?.transactionId, state: 'performed' },
    ]);
    // Midtrans posts it again (our answer lost, say): nothing more is booked, and it hears "ok".
    const again = await midtrans.notify(checkoutNumberOf(checkout), 'settlement');
    expect([again.status, await entriesOf(checkout), await balance()]).toEqual([200, [150_000], before + 150_000]);
  });

  it('deny closes the attempt and books nothing; the payer may then pay with another card', async () => {
    const before = await balance();
    const { checkout, snap } = await feeCheckout(90_000);
    const back = await press(snap.redirect_url, 'deny');
    expect(back.searchParams.get('transaction_status')).toBe('deny');
    expect(midtrans.notifications.at(-1)?.status).toBe(200);
    expect(await statusOf(checkout)).toBe('cancelled');
    expect([await entriesOf(checkout), await balance()]).toEqual([[], before]);

    await press(snap.redirect_url, 'pay');
    expect(await statusOf(checkout)).toBe('paid');
    expect(await entriesOf(checkout)).toEqual([90_000]);
    expect((await transactionsOf(checkout)).map((t) => t.state).sort()).toEqual(['cancelled', 'performed']);
  });

  it('expire after pending closes the checkout and books nothing; a late failure changes nothing', async () => {
    const before = await balance();
    const { checkout, order, snap } = await feeCheckout(75_000);
    const back = await press(snap.redirect_url, 'expire');
    expect(back.searchParams.get('transaction_status')).toBe('expire');
    expect(await statusOf(checkout)).toBe('cancelled');
    expect(await transactionsOf(checkout)).toEqual([expect.objectContaining({ state: 'cancelled' })]);
    expect((await midtrans.notify(order, 'failure')).status).toBe(200);
    expect([await entriesOf(checkout), await balance()]).toEqual([[], before]);
  });

  it('a forged signature is refused with 403 and leaves no trace', async () => {
    const before = await balance();
    const { checkout, order } = await feeCheckout(120_000);
    const forged = await midtrans.notify(order, 'settlement', { forgeSignature: true });
    expect(forged.status).toBe(403);
    expect(await transactionsOf(checkout)).toEqual([]);
    expect([await entriesOf(checkout), await statusOf(checkout), await balance()]).toEqual([[], 'open', before]);
    // The same notification with one field changed after signing is as forged.
    const genuine = midtrans.notification(order, 'settlement');
    const tampered = await midtrans.post(order, { ...genuine, order_id: `${world.company.id}-999999` });
    expect(tampered.status).toBe(403);
    // Signed by the platform's key but posted to the centre's address: refused too.
    const platformSigned = await postTo(
      world.company.subdomain,
      signedWith(genuine, PLATFORM_MERCHANTS.midtrans.server_key),
    );
    expect(platformSigned).toBe(403);
    expect(await entriesOf(checkout)).toEqual([]);
  });

  it('a gross amount unlike the order is refused with 400 and books nothing', async () => {
    const { checkout, order } = await feeCheckout(200_000);
    expect((await midtrans.notify(order, 'settlement', { grossAmount: '2000.00' })).status).toBe(400);
    expect((await midtrans.notify(order, 'settlement', { grossAmount: '200000.50' })).status).toBe(400);
    expect([await entriesOf(checkout), await statusOf(checkout)]).toEqual([[], 'open']);
    expect(await transactionsOf(checkout)).toEqual([]);
  });

  it('refund after settlement books the reversal once; the checkout reads refunded', async () => {
    const before = await balance();
    const { checkout, order } = await feeCheckout(180_000);
    await midtrans.notify(order, 'settlement');
    expect(await balance()).toBe(before + 180_000);
    expect((await midtrans.notify(order, 'refund')).status).toBe(200);
    expect((await midtrans.notify(order, 'refund')).status).toBe(200);
    expect(await entriesOf(checkout)).toEqual([180_000, -180_000]);
    expect(await balance()).toBe(before);
    expect(await statusOf(checkout)).toBe('refunded');
    expect(await transactionsOf(checkout)).toEqual([expect.objectContaining({ state: 'reversed' })]);
  });

  it('a partial refund is answered ok and books nothing (the centre books the refunded part)', async () => {
    const { checkout, order } = await feeCheckout(100_000);
    await midtrans.notify(order, 'settlement');
    expect((await midtrans.notify(order, 'partial_refund')).status).toBe(200);
    expect([await entriesOf(checkout), await statusOf(checkout)]).toEqual([[100_000], 'paid']);
  });

  it('pending, deny or expire after settlement change nothing: a settled payment never moves back', async () => {
    const before = await balance();
    const { checkout, order } = await feeCheckout(130_000);
    await midtrans.notify(order, 'settlement');
    for (const late of ['pending', 'deny', 'expire', 'failure']) {
      const answer = await midtrans.notify(order, late);
      expect(answer.status, late).toBe(200);
    }
    expect([await entriesOf(checkout), await statusOf(checkout), await balance()]).toEqual([
      [130_000],
      'paid',
      before + 130_000,
    ]);
    expect(await transactionsOf(checkout)).toEqual([expect.objectContaining({ state: 'performed' })]);
  });

  it('a card: capture challenged by the fraud check waits; capture accepted books; a void (cancel) reverses', async () => {
    const { checkout, order } = await feeCheckout(60_000);
    await midtrans.notify(order, 'capture', { fraudStatus: 'challenge' });
    expect([await entriesOf(checkout), await statusOf(checkout)]).toEqual([[], 'open']);
    await midtrans.notify(order, 'capture', { fraudStatus: 'accept' });
    expect([await entriesOf(checkout), await statusOf(checkout)]).toEqual([[60_000], 'paid']);
    await midtrans.notify(order, 'cancel', { paymentType: 'credit_card' });
    expect([await entriesOf(checkout), await statusOf(checkout)]).toEqual([[60_000, -60_000], 'refunded']);
  });

  it('the same settlement notification fifty times at once books once', async () => {
    const before = await balance();
    const { checkout, order } = await feeCheckout(250_000);
    const body = midtrans.notification(order, 'settlement');
    const answers = await Promise.all(Array.from({ length: 50 }, () => midtrans.post(order, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await entriesOf(checkout)).toEqual([250_000]);
    expect(await balance()).toBe(before + 250_000);
    expect(await transactionsOf(checkout)).toHaveLength(1);
  });

  it("a licence is paid through the platform's key and extends the licence once; the centre's key cannot", async () => {
    const { checkout, order, snap } = await snapped(await world.licenceCheckout('midtrans', 300, 6));
    // The centre's own key signing a licence order, at the centre's address: not its order.
    const asCentre = signedWith(midtrans.notification(order, 'settlement'), COMPANY_MERCHANTS.midtrans.server_key);
    expect(await postTo(world.company.subdomain, asCentre)).toBe(404);

    await press(snap.redirect_url, 'pay');
    await midtrans.notify(order, 'settlement');
    const paid = await inCompany(world.db, world.company.id, async (tx) => ({
      payments: await tx
        .select({ amount: licencePayments.amount, method: licencePayments.method })
        .from(licencePayments)
        .where(eq(licencePayments.onlinePaymentId, checkout.id)),
      order: (
        await tx
          .select({ status: licenceOrders.status })
          .from(licenceOrders)
          .where(eq(licenceOrders.id, checkout.licenceOrderId as number))
      )[0],
    }));
    expect(paid).toEqual({ payments: [{ amount: checkout.amount, method: 'midtrans' }], order: { status: 'paid' } });
    expect(await statusOf(checkout)).toBe('paid');
  });

  it('refuses a body that is not a notification (400) and a merchant that is not ours (404)', async () => {
    const { order } = await feeCheckout(10_000);
    const body = midtrans.notification(order, 'settlement');
    expect(await postTo('no-such-centre', body)).toBe(404);
    expect(await postTo(world.company.subdomain, { ...body, signature_key: 'abc' })).toBe(400);
    const broken = await fetch(`${notifications}/${world.company.subdomain}/notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"order_id":',
    });
    // Midtrans reads only the status; the body is the API's own error shape, saying what was wrong.
    expect([broken.status, await broken.json()]).toEqual([
      400,
      {
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          details: { reason: 'not a Midtrans notification' },
        },
      },
    ]);
  });
});

async function postTo(merchant: string, body: Record<string, string>): Promise<number> {
  const res = await fetch(`${notifications}/${merchant}/notification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

/** The notification re-signed with another server key, as that merchant's Midtrans would sign it. */
function signedWith(body: Record<string, string>, serverKey: string): Record<string, string> {
  const text = `${body.order_id}${body.status_code}${body.gross_amount}${serverKey}`;
  return { ...body, signature_key: createHash('sha512').update(text).digest('hex') };
}
