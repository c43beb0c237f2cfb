import { type Lead, leadColumnSchema, leadSearchSchema } from '@crm/contracts';
import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { leadColumnTitles, leadSections, leads } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { onBoard } from './board.js';
import { leadSearchConditions } from './lead-list.js';
import { loadLeads } from './lead-view.js';

/** A spreadsheet of more rows than this is no longer read by anyone; the filters narrow it. */
export const LEAD_EXPORT_CAP = 50_000;

/**
 * GET /leadExport: the spec §9 lead search, which leads (`archived`: '0' or absent the board's
 * cards, '1' the archive as GET /leads/archive lists it, 'all' every lead, students made of leads
 * too), a column, and the language.
 */
export const leadExportQuerySchema = leadSearchSchema.extend({
  column: leadColumnSchema.optional(),
  archived: z.enum(['0', '1', 'all']).optional(),
  lang: z.string().max(5).optional(),
});
export type LeadExportQuery = z.infer<typeof leadExportQuerySchema>;

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
