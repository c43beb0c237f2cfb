import { HistoryEvent, type HistoryEventName } from '@crm/contracts';
import type { Tx } from '../db/client.js';
import { historyEvents } from '../db/schema/index.js';
import type { Actor } from './actor.js';

export interface HistoryRecord {
  event: HistoryEventName;
  entity: string;
  entityId?: number | null;
  branchId?: number | null;
  data?: Record<string, unknown>;
}

/** Writes a history event (spec §3) in the caller's transaction, so it exists exactly when the change does. */
export async function recordHistory(tx: Tx, actor: Pick<Actor, 'id' | 'companyId'>, record: HistoryRecord) {
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
