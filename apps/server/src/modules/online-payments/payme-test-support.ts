import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { startPaymeFake } from '../../../test/fakes/payme-fake.js';
import { loginAs } from '../../../test/helpers.js';
import type { Tx } from '../../db/client.js';
import { companies, ledgerEntries, licenceOrders, licencePayments, onlinePayments } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type CheckoutRow, checkoutNumberOf } from './checkouts.js';
import { COMPANY_MERCHANTS, createPaymentsWorld, PLATFORM_MERCHANTS } from './payments-test-world.js';

/**
 * The world of the Payme tests: the payments world listening on loopback, the Payme fake calling it for the
 * centre's cashbox and the platform's, Payme's clock tied to the world's, and readers of what a user would see
 * (the student's balance through the API) and of what was booked.
 */
export async function createPaymeWorld() {
  const world = await createPaymentsWorld();
  await world.app.listen({ host: '127.0.0.1', port: 0 });
  const api = `http://127.0.0.1:${(world.app.server.address() as AddressInfo).port}/api/v1/payments/payme`;
  const platformPayme = PLATFORM_MERCHANTS.payme;
  if (!platformPayme) throw new Error('the payments world has no platform Payme account');
  const COMPANY = COMPANY_MERCHANTS.payme.merchant_id;
  const PLATFORM = platformPayme.merchant_id;
  const payme = await startPaymeFake({
    merchants: {
      [COMPANY]: { url: `${api}/${world.company.subdomain}`, key: COMPANY_MERCHANTS.payme.key },
      [PLATFORM]: { url: `${api}/platform`, key: platformPayme.key },
    },
    now: () => world.now().getTime(),
  });
  afterAll(() => payme.stop());
  world.app.payments.paymeCheckoutUrl = payme.url;
  const admin = await loginAs(world.app, world.company.subdomain, world.company.users.admin.phone);

  const inTheCentre = <T>(work: (tx: Tx) => Promise<T>) => inCompany(world.db, world.company.id, work);
  return {
    ...world,
    payme,
    api,
    COMPANY,
    PLATFORM,
    /** The platform's Payme key. */
    platformKey: platformPayme.key,
    /** The student's balance as the centre's admin sees it. */
    balance: async () =>
      (await world.api('GET', `/user/${world.studentId}/balance`, undefined, { token: admin })).body.balance as number,
    /** Ledger entries a checkout booked, reversals included (they carry the method too). */
    entries: (checkout: CheckoutRow) =>
      inTheCentre(async (tx) => {
        const [paid] = await tx
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.cause, 'online_payment'), eq(ledgerEntries.causeId, checkout.id)));
        if (!paid) return [];
        const reversals = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.reversesId, paid.id));
        return [paid, ...reversals].map((e) => ({ amount: e.amount, method: e.method, kind: e.kind }));
      }),
    statusOf: async (checkout: CheckoutRow) => {
      const [row] = await inTheCentre((tx) =>
        tx
          .select({ status: onlinePayments.status })
          .from(onlinePayments)
          .where(and(eq(onlinePayments.companyId, checkout.companyId), eq(onlinePayments.id, checkout.id))),
      );
      return row?.status;
    },
    /** The centre's licence: its last day, its plan, the checkout's order and payments. */
    licence: (checkout: CheckoutRow) =>
      inTheCentre(async (tx) => {
        const [company] = await tx.select().from(companies).where(eq(companies.id, world.company.id));
        const [order] = await tx
          .select()
          .from(licenceOrders)
          .where(eq(licenceOrders.id, checkout.licenceOrderId as number));
        const payments = await tx
          .select({ amount: licencePayments.amount, method: licencePayments.method })
          .from(licencePayments)
          .where(eq(licencePayments.onlinePaymentId, checkout.id))
          .orderBy(licencePayments.id);
        const plan = (company?.datas as { tariff_student_limit?: number | null } | undefined)?.tariff_student_limit;
        return { endsOn: company?.licenceEndsOn ?? null, plan: plan ?? null, order, payments };
      }),
    /** Payme's `amount` and `account` of a checkout. */
    order: (checkout: CheckoutRow) => ({
      amount: checkout.amount * 100,
      account: { order_id: checkoutNumberOf(checkout) },
    }),
  };
}
export type PaymeWorld = Awaited<ReturnType<typeof createPaymeWorld>>;
