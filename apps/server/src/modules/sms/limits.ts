import { eq, sql } from 'drizzle-orm';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { smsAccounts } from '../../db/schema/index.js';
import { smsAccountOf } from './account.js';

/** The monthly limit of a company that has never sent (its sms_accounts row does not exist yet). */
const DEFAULT_MONTHLY_LIMIT = Number(smsAccounts.monthlyLimit.default ?? 0);

/**
 * Sets a company's monthly allowance through the shared sender (the platform console, issue 16), in the
 * caller's transaction; every statement names the company. The account is made if the company has never
 * sent, and locked while it changes (a send spending the limit waits). Answers the limit before and after.
 */
export async function setSmsMonthlyLimit(
  tx: Tx,
  companyId: number,
  monthlyLimit: number,
): Promise<{ before: number; after: number }> {
  const account = await smsAccountOf(tx, companyId, { forUpdate: true });
  await tx.update(smsAccounts).set({ monthlyLimit, updatedAt: sql`now()` }).where(eq(smsAccounts.companyId, companyId));
  return { before: account.monthlyLimit, after: monthlyLimit };
}

export interface SmsMonthFigures {
  /** Parts paid from the monthly limit since the month's start (what the limit is spent by). */
  used: number;
  monthlyLimit: number;
}

/**
 * This month's figures of several companies at once, each month starting in its company's time zone (as
 * account.ts monthStartOf counts it). For the platform's owner connection, which sees every company; it
 * answers sums only, never a message.
 */
export async function smsMonthFiguresOf(
  tx: Tx,
  companies: readonly { companyId: number; timeZone: string }[],
): Promise<Map<number, SmsMonthFigures>> {
  if (companies.length === 0) return new Map();
  const ids = companies.map((c) => c.companyId);
  // Bound one by one: a zone's name is the company's setting, never spliced into an array literal.
  const zones = sql.join(
    companies.map((c) => sql`${c.timeZone}`),
    sql`, `,
  );
  const rows = await selectRows<{ company_id: number; used: number; monthly_limit: number }>(
    tx,
    sql`select m.company_id::int as company_id,
        coalesce((select sum(s.parts) from sms_messages s
                  where s.company_id = m.company_id and s.paid_from = 'limit'
                    and s.created_at >= date_trunc('month', now() at time zone m.zone) at time zone m.zone), 0)::int
          as used,
        coalesce(a.monthly_limit, ${DEFAULT_MONTHLY_LIMIT})::int as monthly_limit
      from unnest(${pgArray(ids)}::bigint[], array[${zones}]::text[]) as m(company_id, zone)
      left join sms_accounts a on a.company_id = m.company_id`,
  );
  return new Map(rows.map((r) => [r.company_id, { used: r.used, monthlyLimit: r.monthly_limit }]));
}
