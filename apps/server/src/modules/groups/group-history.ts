import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { historyEvents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { listHistoryPage } from '../../platform/history.js';
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
  query: { page: number; per_page: number; type?: number[] },
) {
  await findVisibleGroup(tx, actor, id);
  const filters: SQL[] = [
    eq(historyEvents.entity, 'group'),
    or(eq(historyEvents.entityId, id), sql`${historyEvents.data}->>'from_group_id' = ${String(id)}`) as SQL,
  ];
  if (query.type?.length) filters.push(inArray(historyEvents.type, query.type));
  return listHistoryPage(tx, actor.companyId, filters, query);
}
