import {
  canAccess,
  companyTimeZone,
  countryRules,
  HISTORY_EXPORT_MAX_ROWS,
  type HistoryExportQuery,
  type HistoryPage,
  type HistoryQuery,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches, historyEvents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { historyRows, listHistoryPage, toHistoryItem } from '../../platform/history.js';
import { assertOwnCompany, findCompanyPublic } from '../company/service.js';
import { historyFilters } from './history-filters.js';

/** What the caller may do with the log (STYLE.md 6): the download is for whoever reads it. */
export const historyPolicies = (actor: Actor) => ({ export: canAccess('history', actor.roles) });

/** The company's time zone and currency: the days of a filter and the money of a sentence are the company's. */
async function companyClock(tx: Tx, companyId: number) {
  const { datas } = await findCompanyPublic(tx, companyId);
  return { timeZone: companyTimeZone(datas), currency: countryRules(datas.country).currency };
}

/** GET /company/{id}/history (spec §2 history, §7): a page of the filter's events, newest first. */
export async function listCompanyHistory(
  tx: Tx,
  actor: Actor,
  companyId: number,
  query: HistoryQuery,
): Promise<HistoryPage> {
  assertOwnCompany(actor, companyId);
  const needsClock = query.from !== undefined || query.till !== undefined;
  const timeZone = needsClock ? (await companyClock(tx, actor.companyId)).timeZone : 'UTC';
  const page = await listHistoryPage(tx, actor.companyId, historyFilters(actor, query, timeZone), query);
  return { ...page, policies: historyPolicies(actor) };
}

/**
 * GET /company/{id}/history/export: the filter's events, newest first (at most
 * HISTORY_EXPORT_MAX_ROWS), with what the file needs to word them: the company's time zone,
 * currency and branch names.
 */
export async function historyForExport(tx: Tx, actor: Actor, companyId: number, query: HistoryExportQuery) {
  assertOwnCompany(actor, companyId);
  const clock = await companyClock(tx, actor.companyId);
  const where = and(eq(historyEvents.companyId, actor.companyId), ...historyFilters(actor, query, clock.timeZone));
  const rows = await historyRows(tx, where).limit(HISTORY_EXPORT_MAX_ROWS);
  const branchRows = await tx
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.companyId, actor.companyId));
  return { items: rows.map(toHistoryItem), ...clock, branchNames: new Map(branchRows.map((b) => [b.id, b.name])) };
}
