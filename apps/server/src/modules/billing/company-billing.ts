import { billingSettingsOf, companyDatasSchema } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { companyTime } from '../lessons/company-time.js';
import type { BillingContext } from './booking.js';

/** The company's billing settings, time zone and today at the instant `at`, for one who books as `authorId`. */
export async function companyBilling(
  tx: Tx,
  companyId: number,
  at: Date,
  authorId: number | null,
): Promise<BillingContext> {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new Error(`company ${companyId} not found`);
  const time = await companyTime(tx, companyId, at);
  return {
    companyId,
    authorId,
    settings: billingSettingsOf(companyDatasSchema.parse(row.datas ?? {})),
    timeZone: time.timeZone,
    today: time.today,
  };
}
