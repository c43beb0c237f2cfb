import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';

export type LeadRow = typeof leads.$inferSelect;

/**
 * A lead locked for a change, found by its board uuid or id, of a branch the caller works in.
 * Two users moving one card take turns here, so every board ends in the state of the later move.
 */
export async function lockLead(tx: Tx, actor: Actor, by: { uuid: string } | { id: number }): Promise<LeadRow> {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, actor.companyId), 'uuid' in by ? eq(leads.uuid, by.uuid) : eq(leads.id, by.id)))
    .for('update');
  if (!lead) throw notFound();
  assertBranch(actor, lead.branchId);
  return lead;
}

/** The lead must still be a card of the board (not archived, not yet a student). */
export function assertOnBoard(lead: LeadRow): void {
  if (lead.studentId !== null) throw new AppError(409, 'lead_already_student', { id: lead.id });
  if (lead.archivedAt !== null) throw new AppError(409, 'lead_not_on_board', { id: lead.id });
}
