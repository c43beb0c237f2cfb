import {
  addDays,
  addMonths,
  type Country,
  type LicenceOrderInput,
  localDate,
  type OnlineProvider,
  PLATFORM_SETTING_KEYS,
  platformMerchantsSchema,
  providerCredentialsSchemas,
} from '@crm/contracts';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { paymentProviderAccounts, platformSettings } from '../db/schema/index.js';
import { asPlatform } from '../modules/console/platform-db.js';
import { tariffPrice } from '../modules/console/tariffs.js';
import { applyLicencePayment } from '../modules/licence/licence-payments.js';
import { createLicenceOrder } from '../modules/licence/orders.js';
import { inCompany } from '../platform/tenancy.js';

/** The plan the demo centres paid for: 100–300 students, six months, paid by a bank transfer. */
const DEMO_ORDER: LicenceOrderInput = { max_students: 300, period_months: 6 };
/** Days the demo licence still has: the dashboard shows them, the header does not warn yet. */
const DAYS_LEFT = 47;

/**
 * A paid licence order with its payment (so /billing shows a history and the plan), timed so the licence ends
 * DAYS_LEFT days after the seed's day.
 */
export async function seedLicenceDemo(db: Db, companyId: number, country: Country): Promise<boolean> {
  const tariff = await asPlatform(db, (q) =>
    tariffPrice(q, country, DEMO_ORDER.max_students, DEMO_ORDER.period_months),
  );
  if (!tariff) return false;
  const lastDay = addDays(localDate(), DAYS_LEFT);
  const firstDay = addMonths(addDays(lastDay, 1), -DEMO_ORDER.period_months);
  await inCompany(db, companyId, async (tx) => {
    const order = await createLicenceOrder(tx, companyId, null, DEMO_ORDER, tariff);
    await applyLicencePayment(tx, {
      companyId,
      orderId: order.id,
      amount: order.amount,
      currency: order.currency,
      method: 'bank_account',
      onlinePaymentId: null,
      naturalKey: `demo-transfer:${order.id}`,
      now: new Date(`${firstDay}T09:00:00Z`),
    });
  });
  return true;
}

const demoMerchantsSchema = z.object({
  platform: platformMerchantsSchema.optional(),
  company: z
    .object({
      payme: providerCredentialsSchemas.payme.optional(),
      click: providerCredentialsSchemas.click.optional(),
      midtrans: providerCredentialsSchemas.midtrans.optional(),
    })
    .optional(),
});

/**
 * Merchant accounts for a demo run against the providers' local fakes (the end-to-end run sets DEMO_MERCHANTS to
 * the fakes' accounts). Without it the demo has none: /billing offers the invoice, students see "not set up".
 */
export async function seedDemoMerchants(db: Db, companyId: number, json: string | undefined) {
  if (!json) return;
  const merchants = demoMerchantsSchema.parse(JSON.parse(json));
  if (merchants.platform) {
    await db
      .insert(platformSettings)
      .values({ key: PLATFORM_SETTING_KEYS.licenceMerchants, value: merchants.platform })
      .onConflictDoNothing();
  }
  const accounts = Object.entries(merchants.company ?? {}) as [OnlineProvider, object][];
  if (!accounts.length) return;
  await inCompany(db, companyId, (tx) =>
    tx
      .insert(paymentProviderAccounts)
      .values(accounts.map(([provider, credentials]) => ({ companyId, provider, credentials })))
      .onConflictDoNothing(),
  );
}
