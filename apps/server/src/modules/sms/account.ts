import { randomBytes } from 'node:crypto';
import { companyTimeZone, type SmsOwnProvider, type SmsUsage, zonedDateTime } from '@crm/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { companies, smsAccounts, smsMessages } from '../../db/schema/index.js';

export type SmsAccount = typeof smsAccounts.$inferSelect;

/**
 * The company's SMS account (sms_accounts), made on first use with a fresh callback secret. `forUpdate`
 * locks it: sends of one company take turns, so two of them cannot both spend the last of the limit.
 */
export async function smsAccountOf(
  tx: Tx,
  companyId: number,
  options: { forUpdate?: boolean } = {},
): Promise<SmsAccount> {
  await tx
    .insert(smsAccounts)
    .values({ companyId, callbackSecret: randomBytes(24).toString('base64url') })
    .onConflictDoNothing();
  const query = tx.select().from(smsAccounts).where(eq(smsAccounts.companyId, companyId));
  const [account] = options.forUpdate ? await query.for('update') : await query;
  if (!account) throw new Error(`no sms account for company ${companyId}`);
  return account;
}

/** The first instant of the company's current month (its time zone), as an ISO instant for SQL. */
export async function monthStartOf(tx: Tx, companyId: number, at: Date): Promise<Date> {
  const [company] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  const zone = companyTimeZone((company?.datas ?? { country: 'uz' }) as { country: string; time_zone?: string | null });
  const month = `${zonedDateTime(at, zone).date.slice(0, 7)}-01`;
  const [row] = await selectRows<{ start: string }>(
    tx,
    sql`select (${month}::date::timestamp at time zone ${zone})::text as start`,
  );
  return new Date(row?.start ?? at);
}

/** Parts sent through the shared sender this month and paid from the monthly limit. */
export async function limitPartsThisMonth(tx: Tx, companyId: number, monthStart: Date): Promise<number> {
  const [row] = await tx
    .select({ parts: sql<number>`coalesce(sum(${smsMessages.parts}), 0)::int` })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.companyId, companyId),
        eq(smsMessages.paidFrom, 'limit'),
        gte(smsMessages.createdAt, monthStart),
      ),
    );
  return row?.parts ?? 0;
}

export async function usageOf(tx: Tx, account: SmsAccount, at: Date, logOnly = false): Promise<SmsUsage> {
  const monthStart = await monthStartOf(tx, account.companyId, at);
  const [row] = await tx
    .select({ parts: sql<number>`coalesce(sum(${smsMessages.parts}), 0)::int` })
    .from(smsMessages)
    .where(and(eq(smsMessages.companyId, account.companyId), gte(smsMessages.createdAt, monthStart)));
  return {
    month_parts: await limitPartsThisMonth(tx, account.companyId, monthStart),
    monthly_limit: account.monthlyLimit,
    bonus_left: Math.max(0, account.bonusTotal - account.bonusUsed),
    own_operator: account.ownProvider !== null,
    month_cost_parts: row?.parts ?? 0,
    log_only: logOnly && account.ownProvider === null,
  };
}

/** What is stored of a company's own operator: the provider and its credentials (never answered). */
export const ownCredentialsOf = (account: SmsAccount): SmsOwnProvider | null =>
  account.ownProvider && account.ownCredentials
    ? ({ provider: account.ownProvider, ...(account.ownCredentials as object) } as SmsOwnProvider)
    : null;
