import type { Lead, LeadColumn } from '@crm/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leadColumnTitles, leads } from '../../db/schema/index.js';
import { columnUuid } from './board.js';
import { recordIncrement } from './board-clock.js';
import { loadLeads } from './lead-view.js';
import { topPosition } from './positions.js';

/** The gap between cards placed together (positions.ts uses the same step at the ends of a list). */
const STEP = 1024;
/** Rows per INSERT: 11 columns × 1,000 stays far below PostgreSQL's bind-parameter limit. */
const INSERT_CHUNK = 1000;
/**
 * Up to this many new cards, each gets its own 'create' record and open boards patch them in; beyond
 * it, one record asks boards to reload (a board more than 500 records behind would reload anyway, and
 * 10,000 records would only slow every board down).
 */
export const LIVE_RECORDS_LIMIT = 100;

export interface IncomingLead {
  name: string;
  /** National digits (contracts normalizePhone), already checked. */
  phone: string;
  comment?: string | null;
  courseId?: number | null;
  sourceId?: number | null;
}

/** Where new cards land: a column, or a section of it. */
export interface LeadPlace {
  column: LeadColumn;
  sectionId: number | null;
}
const INCOMING: LeadPlace = { column: 'incoming', sectionId: null };

/**
 * New leads on top of a branch's "incoming" column (or of the section the public form names), in the
 * given order (the first one topmost), and their update records in the same transaction so open boards
 * show them (docs/decisions/0015). Shared by the public lead form (one lead) and the Excel import (many).
 */
export async function addIncomingLeads(
  tx: Tx,
  companyId: number,
  branchId: number,
  rows: readonly IncomingLead[],
  authorId: number | null,
  place: LeadPlace = INCOMING,
): Promise<{ id: number; uuid: string }[]> {
  if (!rows.length) return [];
  const top = await topPosition(tx, { companyId, branchId, ...place });
  const made: { id: number; uuid: string }[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const part = rows.slice(start, start + INSERT_CHUNK);
    const inserted = await tx
      .insert(leads)
      .values(
        part.map((row, i) => ({
          companyId,
          branchId,
          name: row.name,
          phone: row.phone,
          comment: row.comment ?? null,
          courseId: row.courseId ?? null,
          sourceId: row.sourceId ?? null,
          column: place.column,
          sectionId: place.sectionId,
          // Lead statistics count conversion by the day a lead first reached "set" (as createLead does).
          setAt: place.column === 'set' ? new Date() : null,
          // The last row lands where a single new card would (one step above the old top).
          position: top - (rows.length - 1 - (start + i)) * STEP,
        })),
      )
      .returning({ id: leads.id, uuid: leads.uuid });
    made.push(...inserted);
  }
  if (made.length <= LIVE_RECORDS_LIMIT) await recordEachCard(tx, companyId, branchId, made, authorId);
  else await recordReload(tx, companyId, branchId, made.length, authorId, place.column);
  return made;
}

async function recordEachCard(
  tx: Tx,
  companyId: number,
  branchId: number,
  made: { id: number }[],
  authorId: number | null,
) {
  const views = await loadLeads(tx, companyId, [
    inArray(
      leads.id,
      made.map((m) => m.id),
    ),
  ]);
  const byId = new Map<number, Lead>(views.map((view) => [view.id, view]));
  for (const { id } of made) {
    const view = byId.get(id);
    if (!view) continue;
    await recordIncrement(tx, companyId, branchId, {
      action: 'create',
      type: 'lead',
      uuid: view.uuid,
      data: view,
      location: { column: view.column, section: view.section_id },
      authorId,
    });
  }
}

/**
 * One record for a big import: the column (an element) changed as a whole; `reload` tells boards to
 * load it again, as the record of a deleted section does. It carries the column's current title too,
 * so a board that only applies element updates keeps the right one.
 */
async function recordReload(
  tx: Tx,
  companyId: number,
  branchId: number,
  count: number,
  authorId: number | null,
  column: LeadColumn,
) {
  const [title] = await tx
    .select({ title: leadColumnTitles.title })
    .from(leadColumnTitles)
    .where(
      and(
        eq(leadColumnTitles.companyId, companyId),
        eq(leadColumnTitles.branchId, branchId),
        eq(leadColumnTitles.column, column),
      ),
    );
  await recordIncrement(tx, companyId, branchId, {
    action: 'update',
    type: 'element',
    uuid: columnUuid(branchId, column),
    data: { column, title: title?.title ?? '', reload: true, imported: count },
    location: { column, section: null },
    authorId,
  });
}
