import {
  type BoardColumn,
  LEAD_COLUMNS,
  LEAD_FIRST_PAGE_SIZE,
  LEAD_PAGE_SIZE,
  type Lead,
  type LeadBoard,
  type LeadColumn,
} from '@crm/contracts';
import { and, asc, count, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leadColumnTitles, leadSections, leads } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { boardTime } from './board-clock.js';
import { liveSectionsOf } from './board-sections.js';
import { loadLeads } from './lead-view.js';

/** A card is on the board while it is neither archived nor a student yet. */
export const onBoard = [isNull(leads.archivedAt), isNull(leads.studentId)];

/** The cards of one list: a column's own (section null) or one section's. */
const inList = (branchId: number, column: LeadColumn, sectionId: number | null): SQL[] => [
  eq(leads.branchId, branchId),
  eq(leads.column, column),
  sectionId === null ? isNull(leads.sectionId) : eq(leads.sectionId, sectionId),
  ...onBoard,
];

/** A stable name for a branch's column (the board's key of it). */
export const columnUuid = (branchId: number, column: LeadColumn) => `${branchId}-${column}`;

/**
 * Spec §7 GET leads/?branch_id: the branch's board, each column and section with its first
 * LEAD_FIRST_PAGE_SIZE cards and its count. `time` is read first: a change committed while the board is
 * read is then also among the updates after `time`, and applying it again changes nothing.
 */
export async function loadBoard(tx: Tx, actor: Actor, branchId: number): Promise<LeadBoard> {
  assertBranch(actor, branchId);
  const time = await boardTime(tx, actor.companyId, branchId);
  const sections = await tx
    .select()
    .from(leadSections)
    .where(liveSectionsOf(actor.companyId, branchId))
    .orderBy(asc(leadSections.position), asc(leadSections.id));
  const counts = await tx
    .select({ column: leads.column, sectionId: leads.sectionId, count: count() })
    .from(leads)
    .where(and(eq(leads.companyId, actor.companyId), eq(leads.branchId, branchId), ...onBoard))
    .groupBy(leads.column, leads.sectionId);
  const countOf = (column: LeadColumn, sectionId: number | null) =>
    counts.find((c) => c.column === column && c.sectionId === sectionId)?.count ?? 0;
  const titles = await tx
    .select()
    .from(leadColumnTitles)
    .where(and(eq(leadColumnTitles.companyId, actor.companyId), eq(leadColumnTitles.branchId, branchId)));

  // Every list's first page in one query: one short walk of the leads_board index per list, where ranking
  // all of a large branch's cards cost reading and sorting thousands of rows (docs/performance.md).
  const lists = LEAD_COLUMNS.flatMap((column) => [
    { column, sectionId: null as number | null },
    ...sections.filter((section) => section.column === column).map((section) => ({ column, sectionId: section.id })),
  ]);
  const firstPageIds = sql.join(
    lists.map(
      (list) => sql`(select l.id from leads l where l.company_id = ${actor.companyId} and l.branch_id = ${branchId}
        and l.column = ${list.column} and ${list.sectionId === null ? sql`l.section_id is null` : sql`l.section_id = ${list.sectionId}`}
        and l.archived_at is null and l.student_id is null
        order by l.position, l.id limit ${LEAD_FIRST_PAGE_SIZE})`,
    ),
    sql` union all `,
  );
  const firstPages = await loadLeads(tx, actor.companyId, [sql`${leads.id} in (${firstPageIds})`]);
  const pageOf = (column: LeadColumn, sectionId: number | null) =>
    firstPages.filter((lead) => lead.column === column && lead.section_id === sectionId);

  const columns: BoardColumn[] = LEAD_COLUMNS.map((column) => ({
    uuid: columnUuid(branchId, column),
    column,
    // An empty title: the client shows the column's standard name in the user's language.
    title: titles.find((t) => t.column === column)?.title ?? '',
    count: countOf(column, null),
    leads: pageOf(column, null),
    sections: sections
      .filter((section) => section.column === column)
      .map((section) => ({
        id: section.id,
        uuid: section.uuid,
        branch_id: branchId,
        column,
        title: section.title,
        position: section.position,
        count: countOf(column, section.id),
        leads: pageOf(column, section.id),
      })),
  }));
  return { branch_id: branchId, time, columns };
}

/** GET leads/more: the next page of a list, after the last card the board has (by position, then id). */
export async function loadMore(
  tx: Tx,
  actor: Actor,
  query: { branch_id: number; column: LeadColumn; section_id?: number; after_position?: number; after_id?: number },
): Promise<Lead[]> {
  assertBranch(actor, query.branch_id);
  const where = inList(query.branch_id, query.column, query.section_id ?? null);
  if (query.after_position !== undefined) {
    const after = query.after_position;
    const tie =
      query.after_id === undefined ? sql`false` : and(eq(leads.position, after), gt(leads.id, query.after_id));
    where.push(or(gt(leads.position, after), tie) as SQL);
  }
  return loadLeads(tx, actor.companyId, where, { limit: LEAD_PAGE_SIZE });
}
