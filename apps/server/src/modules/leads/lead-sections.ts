import type { LeadColumn, LeadIncrement, LeadSection } from '@crm/contracts';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leadColumnTitles, leadSections, leads } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { columnUuid } from './board.js';
import { recordIncrement } from './board-clock.js';
import { lastPosition } from './positions.js';

type SectionRow = typeof leadSections.$inferSelect;

const toSection = (row: SectionRow): LeadSection => ({
  id: row.id,
  uuid: row.uuid,
  branch_id: row.branchId,
  column: row.column as LeadColumn,
  title: row.title,
  position: row.position,
});

/** A live section of a branch the caller works in, locked; by id or board uuid. */
async function lockSection(tx: Tx, actor: Actor, by: { id: number } | { uuid: string }): Promise<SectionRow> {
  const [section] = await tx
    .select()
    .from(leadSections)
    .where(
      and(
        eq(leadSections.companyId, actor.companyId),
        'id' in by ? eq(leadSections.id, by.id) : eq(leadSections.uuid, by.uuid),
        isNull(leadSections.deletedAt),
      ),
    )
    .for('update');
  if (!section) throw notFound();
  assertBranch(actor, section.branchId);
  return section;
}

/** GET /leadSection?branch_id: the branch's sections, column by column in board order. */
export async function listSections(tx: Tx, actor: Actor, branchId: number): Promise<LeadSection[]> {
  assertBranch(actor, branchId);
  const rows = await tx
    .select()
    .from(leadSections)
    .where(
      and(
        eq(leadSections.companyId, actor.companyId),
        eq(leadSections.branchId, branchId),
        isNull(leadSections.deletedAt),
      ),
    )
    .orderBy(asc(leadSections.column), asc(leadSections.position), asc(leadSections.id));
  return rows.map(toSection);
}

/** GET /leadSection/{id}. */
export async function sectionById(tx: Tx, actor: Actor, id: number): Promise<LeadSection> {
  return toSection(await lockSection(tx, actor, { id }));
}

const boardChanged = (tx: Tx, actor: Actor, branchId: number, data: Record<string, unknown>) =>
  recordHistory(tx, actor, { event: 'leadBoardChanged', entity: 'lead_board', entityId: branchId, branchId, data });

const sectionRecord = (
  tx: Tx,
  actor: Actor,
  section: SectionRow,
  action: LeadIncrement['action'],
  clientId: string | null,
  data: Record<string, unknown> = toSection(section),
) =>
  recordIncrement(tx, actor.companyId, section.branchId, {
    action,
    type: 'section',
    uuid: section.uuid,
    data,
    location: { column: section.column as LeadColumn, section: section.id },
    authorId: actor.id,
    clientId,
  });

/** POST /leadSection: a new section at the bottom of a column. */
export async function createSection(
  tx: Tx,
  actor: Actor,
  input: { branch_id: number; column: LeadColumn; title: string },
  clientId: string | null = null,
): Promise<{ section: LeadSection; increment: LeadIncrement }> {
  assertBranch(actor, input.branch_id);
  const [last] = await tx
    .select({ position: leadSections.position })
    .from(leadSections)
    .where(
      and(
        eq(leadSections.companyId, actor.companyId),
        eq(leadSections.branchId, input.branch_id),
        eq(leadSections.column, input.column),
      ),
    )
    .orderBy(desc(leadSections.position))
    .limit(1);
  const [row] = await tx
    .insert(leadSections)
    .values({
      companyId: actor.companyId,
      branchId: input.branch_id,
      column: input.column,
      title: input.title,
      position: (last?.position ?? 0) + 1024,
    })
    .returning();
  const section = row as SectionRow;
  await boardChanged(tx, actor, section.branchId, { section_created: section.id, title: section.title });
  return { section: toSection(section), increment: await sectionRecord(tx, actor, section, 'create', clientId) };
}

/** PUT /leadSection/{id}: a new title. */
export async function renameSection(
  tx: Tx,
  actor: Actor,
  by: { id: number } | { uuid: string },
  title: string,
  clientId: string | null = null,
): Promise<{ section: LeadSection; increment: LeadIncrement }> {
  const old = await lockSection(tx, actor, by);
  const [row] = await tx
    .update(leadSections)
    .set({ title })
    .where(and(eq(leadSections.companyId, actor.companyId), eq(leadSections.id, old.id)))
    .returning();
  const section = row as SectionRow;
  await boardChanged(tx, actor, section.branchId, { section_renamed: section.id, before: old.title, after: title });
  return { section: toSection(section), increment: await sectionRecord(tx, actor, section, 'update', clientId) };
}

/**
 * DELETE /leadSection/{id}: the section goes; its cards join the end of its column in their order.
 * The record says `reload`: boards reload that column rather than receive one record per card.
 */
export async function deleteSection(
  tx: Tx,
  actor: Actor,
  by: { id: number } | { uuid: string },
  clientId: string | null = null,
): Promise<LeadIncrement> {
  const section = await lockSection(tx, actor, by);
  const column = section.column as LeadColumn;
  const base = await lastPosition(tx, {
    companyId: actor.companyId,
    branchId: section.branchId,
    column,
    sectionId: null,
  });
  const cards = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.companyId, actor.companyId), eq(leads.sectionId, section.id)))
    .orderBy(leads.position, leads.id);
  for (const [index, card] of cards.entries()) {
    await tx
      .update(leads)
      .set({ sectionId: null, position: base + 1024 * (index + 1) })
      .where(and(eq(leads.companyId, actor.companyId), eq(leads.id, card.id)));
  }
  await tx
    .update(leadSections)
    .set({ deletedAt: new Date() })
    .where(and(eq(leadSections.companyId, actor.companyId), eq(leadSections.id, section.id)));
  await boardChanged(tx, actor, section.branchId, {
    section_deleted: section.id,
    title: section.title,
    cards_moved: cards.length,
  });
  return sectionRecord(tx, actor, section, 'delete', clientId, { id: section.id, reload: true });
}

/** Column settings: a branch's own title of a column (empty: back to the standard name). */
export async function renameColumn(
  tx: Tx,
  actor: Actor,
  branchId: number,
  column: LeadColumn,
  title: string,
  clientId: string | null = null,
): Promise<LeadIncrement> {
  assertBranch(actor, branchId);
  if (title) {
    await tx
      .insert(leadColumnTitles)
      .values({ companyId: actor.companyId, branchId, column, title })
      .onConflictDoUpdate({
        target: [leadColumnTitles.companyId, leadColumnTitles.branchId, leadColumnTitles.column],
        set: { title },
      });
  } else {
    await tx
      .delete(leadColumnTitles)
      .where(
        and(
          eq(leadColumnTitles.companyId, actor.companyId),
          eq(leadColumnTitles.branchId, branchId),
          eq(leadColumnTitles.column, column),
        ),
      );
  }
  await boardChanged(tx, actor, branchId, { column, title });
  return recordIncrement(tx, actor.companyId, branchId, {
    action: 'update',
    type: 'element',
    uuid: columnUuid(branchId, column),
    data: { column, title },
    location: { column, section: null },
    authorId: actor.id,
    clientId,
  });
}
