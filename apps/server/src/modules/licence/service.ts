import {
  type Country,
  canAccess,
  companyDatasSchema,
  isOnlineProvider,
  type LicenceAnswer,
  type LicenceSettings,
  ONLINE_PROVIDERS,
  type OnlineProvider,
  paymentMethodsOf,
  StudentStatus,
  type TariffList,
} from '@crm/contracts';
import { and, countDistinct, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { companies, groupStudents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { readPlatformMerchants } from '../console/licence-settings.js';
import { tariffsOf } from '../console/tariffs.js';
import { licenceStanding } from './licence-state.js';

/** A company's licence columns and country, read in its own transaction. */
export async function companyLicenceRow(tx: Queryable, companyId: number) {
  const [row] = await tx
    .select({ datas: companies.datas, licenceEndsOn: companies.licenceEndsOn })
    .from(companies)
    .where(eq(companies.id, companyId));
  const datas = companyDatasSchema.parse(row?.datas ?? {});
  return { datas, licenceEndsOn: row?.licenceEndsOn ?? null };
}

/** Students active in a group now: what the plan's band counts (company/tariff.ts refuses beyond it). */
async function activeStudents(tx: Tx, companyId: number): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(groupStudents.studentId) })
    .from(groupStudents)
    .where(and(eq(groupStudents.companyId, companyId), eq(groupStudents.status, StudentStatus.active)));
  return row?.n ?? 0;
}

/** /billing is hidden on a white-label partner's host (the console names them). */
export const billingHiddenOn = (host: string | undefined, settings: LicenceSettings): boolean => {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  return settings.billing_hidden_hosts.some((hidden) => name === hidden || name.endsWith(`.${hidden}`));
};

/** GET /licence: where the licence stands, and what the caller may do about it. */
export async function licenceOf(
  tx: Tx,
  actor: Actor,
  context: {
    today: (datas: { country: string; time_zone?: string | null }) => string;
    settings: LicenceSettings;
    host?: string;
  },
): Promise<LicenceAnswer> {
  const company = await companyLicenceRow(tx, actor.companyId);
  const standing = licenceStanding(company.licenceEndsOn, context.today(company.datas), context.settings.grace_days);
  const hidden = billingHiddenOn(context.host, context.settings);
  return {
    licence: {
      state: standing.state,
      ends_on: standing.endsOn,
      days_left: standing.daysLeft,
      grace_ends_on: standing.graceEndsOn,
      max_students: company.datas.tariff_student_limit,
      active_students: await activeStudents(tx, actor.companyId),
    },
    policies: { can_order: !hidden && canAccess('billing', actor.roles), billing_visible: !hidden },
  };
}

/** The providers the platform takes licence money through in a country: offered there and configured. */
export async function licenceProvidersOf(q: Queryable, country: Country): Promise<OnlineProvider[]> {
  const merchants = await readPlatformMerchants(q);
  return paymentMethodsOf(country)
    .filter(isOnlineProvider)
    .filter((provider) => ONLINE_PROVIDERS.includes(provider) && merchants[provider] !== null);
}

/** The price list of a country as a centre reads it (owner connection: the list is the platform's). */
export async function tariffListOf(q: Queryable, country: Country, currency: string): Promise<TariffList> {
  return { country, currency, tariffs: await tariffsOf(q, country), providers: await licenceProvidersOf(q, country) };
}
