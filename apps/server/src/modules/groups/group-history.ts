import { HISTORY_EVENT_NAMES, type HistoryEventType, type HistoryItem, paginate } from '@crm/contracts';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { historyEvents, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { findVisibleGroup } from './group-scope.js';

/**
 * GET /group/{id}/history: the group's own events (created, edited, archived, its
 * students and comments), and a transfer out of it, which is recorded on the group
 * the student moved to with `from_group_id`.
 */
export async function listGroupHistory(
  tx: Tx,
  actor: Actor,
  id: number,
  query: { page: number; per_page: number; type?: number },
) {
  await findVisibleGroup(tx, actor, id);
  const filters: SQL[] = [
    eq(historyEvents.companyId, actor.companyId),
    eq(historyEvents.entity, 'group'),
    or(eq(historyEvents.entityId, id), sql`${historyEvents.data}->>'from_group_id' = ${String(id)}`) as SQL,
  ];
  if (query.type !== undefined) filters.push(eq(historyEvents.type, query.type));
  const where = and(...filters);
  const [total] = await tx.select({ n: count() }).from(historyEvents).where(where);
  const rows = await tx
    .select({ event: historyEvents, actorName: users.name })
    .from(historyEvents)
    .leftJoin(users, and(eq(users.companyId, historyEvents.companyId), eq(users.id, historyEvents.actorId)))
    .where(where)
    .orderBy(desc(historyEvents.createdAt), desc(historyEvents.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data: HistoryItem[] = rows.map(({ event, actorName }) => ({
    id: event.id,
    type: event.type,
    name: HISTORY_EVENT_NAMES[event.type as HistoryEventType] ?? 'unknown',
    entity: event.entity,
    entity_id: event.entityId,
    branch_id: event.branchId,
    actor: event.actorId ? { id: event.actorId, name: actorName ?? '' } : null,
    data: (event.data ?? {}) as Record<string, unknown>,
    created_at: event.createdAt.toISOString(),
  }));
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}
