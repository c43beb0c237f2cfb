import type { LicenceOrderInput, OnlineProvider, ProviderCredentials } from '@crm/contracts';
import { PLATFORM_SETTING_KEYS } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildTestApp, call, openTestDatabase, uniqueSubdomain } from '../../../test/helpers.js';
import type { PaymentsConfig } from '../../adapters/payments/checkout-links.js';
import type { Database } from '../../db/client.js';
import { paymentProviderAccounts, platformSettings } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { asPlatform } from '../console/platform-db.js';
import { tariffPrice } from '../console/tariffs.js';
import { createLicenceOrder } from '../licence/orders.js';
import { type CheckoutRow, openCheckout } from './checkouts.js';

/** A centre's own merchant accounts (students' fees) and the platform's (licences), as the tests configure them. */
export const COMPANY_MERCHANTS: { [P in OnlineProvider]: ProviderCredentials<P> } = {
  payme: { merchant_id: 'company-kassa-1', key: 'company-payme-key' },
  click: { service_id: '101', merchant_id: '201', merchant_user_id: '301', secret_key: 'company-click-secret' },
  midtrans: { server_key: 'SB-Mid-server-company', client_key: 'SB-Mid-client-company' },
};
export const PLATFORM_MERCHANTS: { [P in OnlineProvider]: ProviderCredentials<P> } = {
  payme: { merchant_id: 'platform-kassa', key: 'platform-payme-key' },
  click: { service_id: '900', merchant_id: '901', merchant_user_id: '902', secret_key: 'platform-click-secret' },
  midtrans: { server_key: 'SB-Mid-server-platform', client_key: 'SB-Mid-client-platform' },
};

/**
 * The world of the online-payment tests: a centre (of `country`) with a user of every role and a student, its
 * merchant accounts at every provider, the platform's, and a clock the test moves. `payments` points the
 * providers' addresses at the test's fakes.
 */
export async function createPaymentsWorld(
  options: { country?: 'uz' | 'id' | 'kz'; payments?: Partial<PaymentsConfig>; database?: Database } = {},
) {
  const database = options.database ?? (await openTestDatabase());
  let clock = new Date('2026-11-26T09:00:00Z');
  const app: FastifyInstance = await buildTestApp(database, { clock: () => clock });
  if (options.payments) Object.assign(app.payments, options.payments);
  await app.ready();
  afterAll(() => app.close());
  const db = database.db;
  const country = options.country ?? 'uz';
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Pay Academy',
    subdomain: uniqueSubdomain('pay'),
    datas: { country },
    branches: ['Main'],
  });
  const branchId = company.branchIds[0] as number;
  const studentId = await createStudent(db, company.id, {
    name: 'Ali Valiyev',
    phone: '901112233',
    branchIds: [branchId],
  });
  await inCompany(db, company.id, (tx) =>
    tx.insert(paymentProviderAccounts).values(
      (Object.keys(COMPANY_MERCHANTS) as OnlineProvider[]).map((provider) => ({
        companyId: company.id,
        provider,
        credentials: COMPANY_MERCHANTS[provider],
      })),
    ),
  );
  await db
    .insert(platformSettings)
    .values({ key: PLATFORM_SETTING_KEYS.licenceMerchants, value: PLATFORM_MERCHANTS })
    // The test files share the platform's settings on PostgreSQL: these accounts are set whatever another left.
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: PLATFORM_MERCHANTS } });
  const currency = country === 'uz' ? 'UZS' : country === 'id' ? 'IDR' : 'KZT';

  return {
    app,
    database,
    db,
    company,
    branchId,
    studentId,
    currency,
    now: () => clock,
    later: (seconds: number) => {
      clock = new Date(clock.getTime() + seconds * 1000);
    },
    /** A request to the API as a browser on the centre's host (or the bare domain with `sub: null`). */
    api: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, extra: { token?: string } = {}) =>
      call(app, { method, url: `/api/v1${url}`, body, sub: company.subdomain, ...extra }),
    /** A student's fee checkout, as the student's own screen opens it. */
    feeCheckout: (provider: OnlineProvider, amount: number, groupId: number | null = null): Promise<CheckoutRow> =>
      inCompany(db, company.id, (tx) =>
        openCheckout(tx, {
          companyId: company.id,
          purpose: 'fee',
          provider,
          amount,
          currency,
          source: 'student',
          createdBy: studentId,
          branchId,
          studentId,
          groupId,
        }),
      ),
    /** A licence order of a band and period at the list's price, and its checkout through `provider`. */
    licenceCheckout: async (provider: OnlineProvider, maxStudents = 300, periodMonths = 6): Promise<CheckoutRow> => {
      const tariff = await asPlatform(db, (tx) => tariffPrice(tx, country, maxStudents, periodMonths));
      return inCompany(db, company.id, async (tx) => {
        const input = { max_students: maxStudents, period_months: periodMonths } as LicenceOrderInput;
        const order = await createLicenceOrder(tx, company.id, company.users.owner.id, input, tariff);
        return openCheckout(tx, {
          companyId: company.id,
          purpose: 'licence',
          provider,
          amount: order.amount,
          currency: order.currency,
          source: 'billing',
          createdBy: company.users.owner.id,
          licenceOrderId: order.id,
        });
      });
    },
  };
}
export type PaymentsWorld = Awaited<ReturnType<typeof createPaymentsWorld>>;
