import {
  addDays,
  type ConsoleCompany,
  type ConsoleCompanyStatus,
  type ConsoleLicence,
  type ConsoleSmsLimit,
  companyDay,
  consoleCompanyStatusSchema,
  consoleLicenceSchema,
  consoleSmsLimitSchema,
} from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { setSmsMonthlyLimit } from '../sms/limits.js';
import { recordConsoleAction } from './console-audit.js';
import { consoleCompanyOf } from './console-companies.js';
import type { ConsoleCaller } from './console-sessions.js';
import { asPlatform } from './platform-db.js';

/** Who acts, from where, and when: every action is written with its account and address. */
export interface ConsoleActing {
  caller: ConsoleCaller;
  ip: string;
  now: Date;
}

/** The centre's row, locked for the action; 404 when there is none. */
async function lockCompany(tx: Tx, companyId: number) {
  const [company] = await tx
    .select({
      id: companies.id,
      disabled: companies.disabled,
      licenceEndsOn: companies.licenceEndsOn,
      datas: companies.datas,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!company) throw notFound();
  return company;
}

/**
 * Disables or enables a centre. A disabled centre's users are refused `company_disabled` (403) at log-in
 * (auth/service.ts) and on every request of a session they already have (platform/session.ts loadActor reads
 * the flag each time), so the sessions need not be ended — enabled again, the centre works on as it was.
 */
export async function setCompanyDisabled(
  db: Db,
  acting: ConsoleActing,
  companyId: number,
  disabled: boolean,
  input: ConsoleCompanyStatus,
): Promise<ConsoleCompany> {
  const { note } = consoleCompanyStatusSchema.parse(input);
  return asPlatform(db, async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (company.disabled !== disabled) {
      await tx.update(companies).set({ disabled }).where(eq(companies.id, companyId));
      await recordConsoleAction(tx, {
        accountId: acting.caller.id,
        action: disabled ? 'company_disabled' : 'company_enabled',
        targetCompanyId: companyId,
        data: note ? { note } : {},
        ip: acting.ip,
      });
    }
    return consoleCompanyOf(tx, companyId, acting.now);
  });
}

/**
 * Extends a licence by hand (a bank transfer). By days: from its last day while it runs, else from the
 * centre's yesterday, so "30 days" bought after it ran out covers today and 29 more. To a date: that date.
 */
export async function extendLicence(
  db: Db,
  acting: ConsoleActing,
  companyId: number,
  input: ConsoleLicence,
): Promise<ConsoleCompany> {
  const body = consoleLicenceSchema.parse(input);
  return asPlatform(db, async (tx) => {
    const company = await lockCompany(tx, companyId);
    const today = companyDay(company.datas as { country: string; time_zone?: string | null }, acting.now);
    const yesterday = addDays(today, -1);
    const from = company.licenceEndsOn && company.licenceEndsOn > yesterday ? company.licenceEndsOn : yesterday;
    const endsOn = body.until ?? addDays(from, body.days ?? 0);
    await tx.update(companies).set({ licenceEndsOn: endsOn }).where(eq(companies.id, companyId));
    await recordConsoleAction(tx, {
      accountId: acting.caller.id,
      action: 'licence_extended',
      targetCompanyId: companyId,
      data: { from: company.licenceEndsOn, to: endsOn, ...(body.days ? { days: body.days } : {}), note: body.note },
      ip: acting.ip,
    });
    return consoleCompanyOf(tx, companyId, acting.now);
  });
}

/**
 * Sets the monthly SMS limit through the sms module (the only writer of sms_accounts). One transaction with
 * its audit row: the owner connection writes the company's row by its explicit company id, as sign-up does.
 */
export async function changeSmsLimit(
  db: Db,
  acting: ConsoleActing,
  companyId: number,
  input: ConsoleSmsLimit,
): Promise<ConsoleCompany> {
  const body = consoleSmsLimitSchema.parse(input);
  return asPlatform(db, async (tx) => {
    await lockCompany(tx, companyId);
    const change = await setSmsMonthlyLimit(tx, companyId, body.monthly_limit);
    await recordConsoleAction(tx, {
      accountId: acting.caller.id,
      action: 'sms_limit_changed',
      targetCompanyId: companyId,
      data: { from: change.before, to: change.after, ...(body.note ? { note: body.note } : {}) },
      ip: acting.ip,
    });
    return consoleCompanyOf(tx, companyId, acting.now);
  });
}
