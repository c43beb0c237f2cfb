import { addDays, countryRules, type Debtor, type DebtorsExportQuery } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { companyBilling } from '../billing/company-billing.js';
import { monthStart } from '../billing/units.js';
import { companyCountry } from '../reports/export.js';
import { assertDebtorsBranch, describeDebtors } from './debtors.js';
import { type ExportRow, exportRows } from './debtors-query.js';

/** One Excel file holds at most this many debtors (a branch has far fewer). */
export const DEBTORS_EXPORT_CAP = 20_000;

/** A debtor of the sheet: the period's figures and his groups as of its last day. */
export type ExportDebtor = ExportRow & { groups: Debtor['groups'] };

export interface DebtorsExport {
  period: { start: string; end: string };
  /** The day before the period: the opening balance is the balance at its end. */
  openingDay: string;
  currency: string;
  country: string;
  rows: ExportDebtor[];
}

/**
 * GET /user/debtors-export/{branch_id}: the debtors as of date_end (default the company's
 * today) with their balance on the eve of date_start (default the first of date_end's
 * month), what they paid and were charged in between, and each group's debt in lessons
 * priced on date_end.
 */
export async function debtorsExport(
  tx: Tx,
  actor: Actor,
  at: Date,
  branchId: number,
  query: DebtorsExportQuery,
): Promise<DebtorsExport> {
  await assertDebtorsBranch(tx, actor, branchId);
  const ctx = await companyBilling(tx, actor.companyId, at, actor.id);
  const end = query.date_end ?? ctx.today;
  const start = query.date_start ?? monthStart(end);
  const filter = { companyId: actor.companyId, branchId, name_or_phone: query.name_or_phone, group_id: query.group_id };
  const rows = await exportRows(tx, filter, { start, end }, DEBTORS_EXPORT_CAP);
  const described = await describeDebtors(tx, ctx, rows, { day: end, asOf: end });
  const country = await companyCountry(tx, actor.companyId);
  return {
    period: { start, end },
    openingDay: addDays(start, -1),
    currency: countryRules(country).currency,
    country,
    rows: rows.map((row, i) => ({ ...row, groups: described[i]?.groups ?? [] })),
  };
}
