import { type ArchiveRestoreParams, GroupStatus, type GroupStatusId, HistoryEvent } from '@crm/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { historyEvents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { findVisibleGroup, type GroupRow } from '../groups/group-scope.js';
import { updateGroup } from '../groups/service.js';
import { restoreLead } from '../leads/lead-archive.js';
import { companyTime } from '../lessons/company-time.js';
import { restoreUsers } from '../users/lifecycle.js';
import { findTarget } from '../users/queries.js';

/** Somebody restored (or deleted) it meanwhile: the list the caller saw is out of date. */
const notArchived = (params: ArchiveRestoreParams) =>
  new AppError(409, 'conflict', { reason: 'not_archived', kind: params.kind, id: params.id });

/**
 * The status an archived group goes back to: the one it had when archived (groupArchived's `status_before`),
 * else what its dates say today — not started yet, running, or over.
 */
async function statusBeforeArchive(tx: Tx, actor: Actor, group: GroupRow): Promise<GroupStatusId> {
  const [event] = await tx
    .select({ data: historyEvents.data })
    .from(historyEvents)
    .where(
      and(
        eq(historyEvents.companyId, actor.companyId),
        eq(historyEvents.entity, 'group'),
        eq(historyEvents.entityId, group.id),
        eq(historyEvents.type, HistoryEvent.groupArchived),
      ),
    )
    .orderBy(desc(historyEvents.createdAt), desc(historyEvents.id))
    .limit(1);
  const before = (event?.data as { status_before?: unknown } | undefined)?.status_before;
  if (before === GroupStatus.selection || before === GroupStatus.active || before === GroupStatus.completed)
    return before;
  const { today } = await companyTime(tx, actor.companyId, new Date());
  if (group.startDate > today) return GroupStatus.selection;
  return group.endDate !== null && group.endDate < today ? GroupStatus.completed : GroupStatus.active;
}

/**
 * POST /archive/{kind}/{id}/restore: brings back an archived row through its own module, whose rules and
 * history apply — a person through the users module (userRestored), a group through the group edit that
 * reopens it (groupEdited; its schedule is checked for conflicts again), a lead through the board's restore
 * (leadRestored, back to "incoming"). Another company's or branch's row is absent (404).
 */
export async function restoreArchived(tx: Tx, actor: Actor, params: ArchiveRestoreParams) {
  const { kind, id } = params;
  if (kind === 'group') {
    const group = await findVisibleGroup(tx, actor, id, true);
    if (group.status !== GroupStatus.archive) throw notArchived(params);
    await updateGroup(tx, actor, id, { status: await statusBeforeArchive(tx, actor, group) });
  } else if (kind === 'lead') {
    await restoreLead(tx, actor, id);
  } else {
    const person = await findTarget(tx, actor, id, true);
    if (!person.types.includes(kind)) throw notFound();
    if (!person.archived) throw notArchived(params);
    await restoreUsers(tx, actor, [id]);
  }
  return { ok: true as const, kind, id };
}
