import type { Lead, LeadExportQuery } from '@crm/contracts';
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leadColumnTitles, leadSections, leads } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { onBoard } from './board.js';
import { leadSearchConditions } from './lead-list.js';
import { loadLeads } from './lead-view.js';

/** A spreadsheet of more rows than this is no longer read by anyone; the filters narrow it. */
export const LEAD_EXPORT_CAP = 50_000;

/** GET /leadExport's query (contracts jobs-routes.ts: the background export takes the same). */
export { type LeadExportQuery, leadExportQuerySchema } from '@crm/contracts';

/** The list's search (lead-list.ts), which leads, and the column. */
async function exportWhere(tx: Tx, actor: Actor, query: LeadExportQuery): Promise<SQL[]> {
  const where = await leadSearchConditions(tx, actor, query);
  if (query.archived === '1') where.push(isNotNull(leads.archivedAt), isNull(leads.studentId));
  else if (query.archived !== 'all') where.push(...onBoard);
  if (query.column) where.push(eq(leads.column, query.column));
  return where;
}

export interface LeadExportData {
  leads: Lead[];
  /** Section titles by id, and the branch's own column titles (absent: the standard name). */
  sections: Map<number, string>;
  columnTitles: Map<string, string>;
}

/** How many leads the export would write (POST /leadExport: a large one runs in the background). */
export async function countLeadsForExport(tx: Tx, actor: Actor, query: LeadExportQuery): Promise<number> {
  const where = await exportWhere(tx, actor, query);
  const [row] = await tx
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.companyId, actor.companyId), ...where));
  return Math.min(row?.n ?? 0, LEAD_EXPORT_CAP);
}

/** The matching leads, newest first, with the names of their sections and columns. */
export async function leadsForExport(tx: Tx, actor: Actor, query: LeadExportQuery): Promise<LeadExportData> {
  const where = await exportWhere(tx, actor, query);
  const rows = await loadLeads(tx, actor.companyId, where, {
    orderBy: [desc(leads.createdAt), desc(leads.id)],
    limit: LEAD_EXPORT_CAP,
  });
  const ofBranch = (table: typeof leadSections | typeof leadColumnTitles) =>
    and(eq(table.companyId, actor.companyId), eq(table.branchId, query.branch_id));
  const sections = await tx
    .select({ id: leadSections.id, title: leadSections.title })
    .from(leadSections)
    .where(ofBranch(leadSections));
  const titles = await tx
    .select({ column: leadColumnTitles.column, title: leadColumnTitles.title })
    .from(leadColumnTitles)
    .where(ofBranch(leadColumnTitles));
  return {
    leads: rows,
    sections: new Map(sections.map((s) => [s.id, s.title])),
    columnTitles: new Map(titles.map((t) => [t.column, t.title])),
  };
}
