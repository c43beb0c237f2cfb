import type { LeadColumn, LeadIncrement, LeadLocation } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leadReasons, leads } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { recordIncrement } from './board-clock.js';
import { findLiveSection } from './board-sections.js';
import { assertOnBoard, type LeadRow, lockLead } from './lead-lock.js';
import { leadById } from './lead-view.js';
import { type ListRef, lastPosition, positionAfter } from './positions.js';

const badField = (field: string, message: string) =>
  new AppError(400, 'validation_failed', [{ field, rule: 'board', message }]);

/** A section of the branch's column, or a 400 naming `location.section`. */
async function assertSection(tx: Tx, companyId: number, branchId: number, column: LeadColumn, sectionId: number) {
  const section = await findLiveSection(tx, companyId, branchId, sectionId, column);
  if (!section) throw badField('location.section', 'not a section of this column');
}

/**
 * Where a dragged card lands: right after the card `afterUuid` of the target list (null: at the
 * top). When that card has meanwhile left the list (another user moved it), at the end.
 */
async function landingPosition(tx: Tx, list: ListRef, afterUuid: string | null, movingId: number) {
  if (afterUuid === null) return positionAfter(tx, list, null, movingId);
  const [after] = await tx
    .select({ position: leads.position, column: leads.column, sectionId: leads.sectionId, branchId: leads.branchId })
    .from(leads)
    .where(and(eq(leads.companyId, list.companyId), eq(leads.uuid, afterUuid)));
  const inList =
    after && after.branchId === list.branchId && after.column === list.column && after.sectionId === list.sectionId;
  return inList ? positionAfter(tx, list, after.position, movingId) : (await lastPosition(tx, list)) + 1024;
}

export interface MoveRequest {
  uuid: string;
  location: Pick<LeadLocation, 'column' | 'section'>;
  afterUuid: string | null;
  /** Another branch of the company: the card goes to that branch's board. */
  branchId?: number | null;
  clientId?: string | null;
}

/**
 * Spec §4: a card dragged to another column or section, or to another branch. One update record
 * (a move to another branch: a delete on the old board and a create on the new one).
 */
export async function moveLead(tx: Tx, actor: Actor, move: MoveRequest): Promise<LeadIncrement> {
  const lead = await lockLead(tx, actor, { uuid: move.uuid });
  assertOnBoard(lead);
  const branchId = move.branchId ?? lead.branchId;
  if (branchId !== lead.branchId) assertBranch(actor, branchId);
  const { column } = move.location;
  const sectionId = move.location.section ?? null;
  if (sectionId !== null) await assertSection(tx, actor.companyId, branchId, column, sectionId);
  const list = { companyId: actor.companyId, branchId, column, sectionId };
  const position = await landingPosition(tx, list, move.afterUuid, lead.id);
  await tx
    .update(leads)
    .set({
      branchId,
      column,
      sectionId,
      position,
      updatedAt: new Date(),
      ...(column === 'set' && lead.setAt === null ? { setAt: new Date() } : {}),
    })
    .where(and(eq(leads.companyId, actor.companyId), eq(leads.id, lead.id)));
  const from = { column: lead.column as LeadColumn, section: lead.sectionId };
  await recordHistory(tx, actor, {
    event: 'leadMoved',
    entity: 'lead',
    entityId: lead.id,
    branchId,
    data: {
      name: lead.name,
      from: { ...from, branch_id: lead.branchId },
      to: { column, section: sectionId, branch_id: branchId },
    },
  });
  const view = await leadById(tx, actor.companyId, lead.id);
  const clientId = move.clientId ?? null;
  if (branchId === lead.branchId) {
    return recordIncrement(tx, actor.companyId, branchId, {
      action: 'update',
      type: 'lead',
      uuid: lead.uuid,
      data: view,
      location: { column, section: sectionId, old_column: from.column, old_section: from.section },
      authorId: actor.id,
      clientId,
    });
  }
  await recordLeadGone(tx, actor, lead, clientId, { moved_to_branch: branchId });
  return recordIncrement(tx, actor.companyId, branchId, {
    action: 'create',
    type: 'lead',
    uuid: lead.uuid,
    data: view,
    location: { column, section: sectionId },
    authorId: actor.id,
    clientId,
  });
}

/** The record that takes a card off its board (archived, converted, moved to another branch). */
export function recordLeadGone(
  tx: Tx,
  actor: Actor,
  lead: LeadRow,
  clientId: string | null,
  why: Record<string, unknown>,
): Promise<LeadIncrement> {
  return recordIncrement(tx, actor.companyId, lead.branchId, {
    action: 'delete',
    type: 'lead',
    uuid: lead.uuid,
    data: { id: lead.id, ...why },
    location: { column: lead.column as LeadColumn, section: lead.sectionId },
    authorId: actor.id,
    clientId,
  });
}

/** Spec §4: a card deleted from the board is archived with a deletion reason (restorable from the archive). */
export async function archiveLead(
  tx: Tx,
  actor: Actor,
  by: { uuid: string } | { id: number },
  reasonId: number | undefined,
  clientId: string | null,
): Promise<LeadIncrement> {
  const lead = await lockLead(tx, actor, by);
  assertOnBoard(lead);
  if (!reasonId)
    throw new AppError(400, 'lead_reason_required', [{ field: 'reason_id', rule: 'required', message: 'required' }]);
  const [reason] = await tx
    .select({ id: leadReasons.id, title: leadReasons.title })
    .from(leadReasons)
    .where(and(eq(leadReasons.companyId, actor.companyId), eq(leadReasons.id, reasonId), eq(leadReasons.active, true)));
  if (!reason) throw badField('reason_id', 'not an active deletion reason');
  await tx
    .update(leads)
    .set({ archivedAt: new Date(), archiveReasonId: reasonId, updatedAt: new Date() })
    .where(and(eq(leads.companyId, actor.companyId), eq(leads.id, lead.id)));
  await recordHistory(tx, actor, {
    event: 'leadArchived',
    entity: 'lead',
    entityId: lead.id,
    branchId: lead.branchId,
    data: { name: lead.name, reason_id: reasonId, reason: reason.title },
  });
  return recordLeadGone(tx, actor, lead, clientId, { reason_id: reasonId });
}
