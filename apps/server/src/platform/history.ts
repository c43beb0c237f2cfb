import {
  HISTORY_EVENT_NAMES,
  HistoryEvent,
  type HistoryEventName,
  type HistoryEventType,
  type HistoryItem,
  paginate,
} from '@crm/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { historyEvents, users } from '../db/schema/index.js';
import type { Actor } from './actor.js';

export interface HistoryRecord {
  event: HistoryEventName;
  entity: string;
  entityId?: number | null;
  branchId?: number | null;
  data?: Record<string, unknown>;
}

/** Writes a history event (spec §3) in the caller's transaction, so it exists exactly when the change does. */
/** `actor.id` null: nobody of the staff did it (a visitor's lead form); the log shows it as the system's. */
export async function recordHistory(
  tx: Tx,
  actor: { id: Actor['id'] | null; companyId: number },
  record: HistoryRecord,
) {
  await tx.insert(historyEvents).values({
    companyId: actor.companyId,
    type: HistoryEvent[record.event],
    entity: record.entity,
    entityId: record.entityId ?? null,
    branchId: record.branchId ?? null,
    actorId: actor.id,
    data: record.data ?? {},
  });
}

/**
 * A page of history events, newest first, with their authors' names: the company
 * log, a user's and a group's history differ only in `filters` (the company is added here).
 */
export async function listHistoryPage(
  tx: Tx,
  companyId: number,
  filters: SQL[],
  page: { page: number; per_page: number },
) {
  const where = and(eq(historyEvents.companyId, companyId), ...filters);
  const [total] = await tx.select({ n: count() }).from(historyEvents).where(where);
  const rows = await tx
    .select({ event: historyEvents, actorName: users.name })
    .from(historyEvents)
    .leftJoin(users, and(eq(users.companyId, historyEvents.companyId), eq(users.id, historyEvents.actorId)))
    .where(where)
    .orderBy(desc(historyEvents.createdAt), desc(historyEvents.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
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
  return { data, pagination: paginate(total?.n ?? 0, page.page, page.per_page, data.length) };
}
