import {
  companyDatasSchema,
  companyTimeZone,
  daysBetween,
  PERFORMANCE_MAX_DAYS,
  type PerformancePolicies,
  type PerformanceQuery,
  seesMoney,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches, companies } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { invalidFields } from '../groups/service.js';

/** What every performance read stands on once its filters are checked. */
export interface PerformanceScope {
  companyId: number;
  query: PerformanceQuery;
  /** The company's time zone: a status change's day is its company-local day. */
  timeZone: string;
  /** The company's country (its currency for the Excel files). */
  country: string;
  policies: PerformancePolicies;
}

/**
 * Spec §6 and the product's money rule: the limited admin is in the performance area but sees no
 * money anywhere. Income is shown to whoever may read the reports or the finance pages.
 */
export const performancePolicies = (actor: Actor): PerformancePolicies => ({
  income: seesMoney(actor.roles),
  export: true,
});

/**
 * The checks of every performance read, in one statement: the branch is the company's (another
 * company's branch does not exist here: 404), one the caller works in (403), and the period runs
 * forwards and is at most a year (400 on `till`, as every period of the API).
 */
export async function loadPerformanceScope(tx: Tx, actor: Actor, query: PerformanceQuery): Promise<PerformanceScope> {
  const [row] = await tx
    .select({ datas: companies.datas })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(and(eq(branches.companyId, actor.companyId), eq(branches.id, query.branch_id)));
  if (!row) throw notFound();
  assertBranch(actor, query.branch_id);
  if (query.till < query.from) {
    throw invalidFields([{ field: 'till', rule: 'end_before_start', message: 'till is before from' }]);
  }
  if (daysBetween(query.from, query.till) >= PERFORMANCE_MAX_DAYS) {
    throw invalidFields([
      {
        field: 'till',
        rule: 'too_big',
        message: `at most ${PERFORMANCE_MAX_DAYS} days`,
        limit: PERFORMANCE_MAX_DAYS,
      },
    ]);
  }
  const datas = companyDatasSchema.parse(row.datas ?? {});
  return {
    companyId: actor.companyId,
    query,
    timeZone: companyTimeZone(datas),
    country: datas.country,
    policies: performancePolicies(actor),
  };
}
