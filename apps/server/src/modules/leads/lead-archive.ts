import type { Lead } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { lockLead } from './lead-lock.js';
import { leadById } from './lead-view.js';
import { recordCard } from './lead-write.js';
import { topPosition } from './positions.js';

/** Where a restored lead goes back to: the top of "incoming", out of any section (decision 0015). */
const RESTORED_TO = { column: 'incoming', section: null } as const;

/**
 * POST /leads/archive/{id}/restore: an archived lead comes back to the board, its deletion reason
 * cleared; open boards receive it as a new card ('create' record).
 */
export async function restoreLead(tx: Tx, actor: Actor, id: number, clientId: string | null = null): Promise<Lead> {
  const { companyId } = actor;
  const lead = await lockLead(tx, actor, { id });
  if (lead.studentId !== null) throw new AppError(409, 'lead_already_student', { id: lead.id });
  if (lead.archivedAt === null) throw new AppError(409, 'lead_not_archived', { id: lead.id });
  const position = await topPosition(tx, {
    companyId,
    branchId: lead.branchId,
    column: RESTORED_TO.column,
    sectionId: RESTORED_TO.section,
  });
  await tx
    .update(leads)
    .set({
      archivedAt: null,
      archiveReasonId: null,
      column: RESTORED_TO.column,
      sectionId: RESTORED_TO.section,
      position,
      updatedAt: new Date(),
    })
    .where(and(eq(leads.companyId, companyId), eq(leads.id, lead.id)));
  await recordHistory(tx, actor, {
    event: 'leadRestored',
    entity: 'lead',
    entityId: lead.id,
    branchId: lead.branchId,
    data: { name: lead.name, reason_id: lead.archiveReasonId, archived_at: lead.archivedAt.toISOString() },
  });
  const view = await leadById(tx, companyId, lead.id);
  await recordCard(tx, actor, 'create', view, clientId);
  return view;
}
