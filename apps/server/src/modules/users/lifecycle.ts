import { HistoryEvent, type HistoryEventName } from '@crm/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { historyEvents, leadReasons, leads, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { endSessions } from '../../platform/session-ends.js';
import { releaseReminderLinks } from '../reminders/reminder-links.js';
import { forgetSmsRecipients } from '../sms/outbox.js';
import { sqlList } from './list-filters.js';
import { assertMayWrite, findTargets, type TargetUser } from './queries.js';

/** Spec §4 "Users can be archived, restored and hard-deleted": many at once, all or nothing. */

/** Loads every id or none (all or nothing), each one the caller may change. */
async function targetsToChange(tx: Tx, actor: Actor, ids: readonly number[]): Promise<TargetUser[]> {
  const unique = [...new Set(ids)];
  const targets = await findTargets(tx, actor, unique, true);
  if (targets.length !== unique.length) {
    const found = new Set(targets.map((t) => t.id));
    throw new AppError(404, 'not_found', { ids: unique.filter((id) => !found.has(id)) });
  }
  for (const target of targets) {
    assertMayWrite(actor, target);
    if (target.id === actor.id) throw forbidden();
  }
  return targets;
}

/** One history row per user in one statement (bulk archive, restore, delete). */
async function recordEach(tx: Tx, actor: Actor, event: HistoryEventName, targets: readonly TargetUser[]) {
  if (!targets.length) return;
  await tx.insert(historyEvents).values(
    targets.map((t) => ({
      companyId: actor.companyId,
      type: HistoryEvent[event],
      entity: 'user',
      entityId: t.id,
      branchId: t.mainBranchId,
      actorId: actor.id,
      data: { name: t.name, phone: t.phone, roles: t.roles },
    })),
  );
}

/**
 * Spec §4 "Users can be archived": archived users leave the lists and lose their
 * sessions at once (the next request of an archived employee answers 401).
 */
export async function archiveUsers(tx: Tx, actor: Actor, ids: readonly number[]) {
  const targets = (await targetsToChange(tx, actor, ids)).filter((t) => !t.archived);
  if (!targets.length) return 0;
  const targetIds = targets.map((t) => t.id);
  const now = new Date();
  await tx
    .update(users)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(eq(users.companyId, actor.companyId), inArray(users.id, targetIds)));
  await endSessions(tx, { companyId: actor.companyId, userIds: targetIds });
  await recordEach(tx, actor, 'userArchived', targets);
  return targets.length;
}

export async function restoreUsers(tx: Tx, actor: Actor, ids: readonly number[]) {
  const targets = (await targetsToChange(tx, actor, ids)).filter((t) => t.archived);
  if (!targets.length) return 0;
  await tx
    .update(users)
    .set({ archivedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(users.companyId, actor.companyId),
        inArray(
          users.id,
          targets.map((t) => t.id),
        ),
      ),
    );
  await recordEach(tx, actor, 'userRestored', targets);
  return targets.length;
}

/**
 * Hard delete (spec §4): only from the archive, and not while rows that must
 * outlive the user point at him (groups he teaches, course files he uploaded).
 * His branches, tags, notes, sessions and group memberships go with him; the
 * history keeps what happened.
 */
export async function deleteUsers(tx: Tx, actor: Actor, ids: readonly number[]) {
  const targets = await targetsToChange(tx, actor, ids);
  const active = targets.filter((t) => !t.archived).map((t) => t.id);
  if (active.length)
    throw new AppError(409, 'conflict', { reason: 'not_archived', ids: active }, 'Archive the user first.');
  const targetIds = targets.map((t) => t.id);
  const linked = await selectRows<{ id: number }>(
    tx,
    sql`select distinct x.id::int as id from (
        select g.teacher_id as id from groups g where g.company_id = ${actor.companyId} and g.teacher_id in ${sqlList(targetIds)}
        union all
        select f.uploaded_by from course_files f where f.company_id = ${actor.companyId} and f.uploaded_by in ${sqlList(targetIds)}
      ) x`,
  );
  if (linked.length) {
    throw new AppError(
      409,
      'conflict',
      { reason: 'has_records', ids: linked.map((r) => r.id) },
      'The user still teaches groups or owns course files.',
    );
  }
  await recordEach(tx, actor, 'userDeleted', targets);
  // Leads he was responsible for, and deletion reasons he made, stay without him.
  await tx
    .update(leads)
    .set({ adminId: null })
    .where(and(eq(leads.companyId, actor.companyId), inArray(leads.adminId, targetIds)));
  await tx
    .update(leadReasons)
    .set({ staffId: null })
    .where(and(eq(leadReasons.companyId, actor.companyId), inArray(leadReasons.staffId, targetIds)));
  // Their tasks and SMS stay, without them (the reminders' and SMS modules' own calls).
  await releaseReminderLinks(tx, actor.companyId, { userIds: targetIds });
  await forgetSmsRecipients(tx, actor.companyId, targetIds);
  await tx.delete(users).where(and(eq(users.companyId, actor.companyId), inArray(users.id, targetIds)));
  return targets.length;
}
