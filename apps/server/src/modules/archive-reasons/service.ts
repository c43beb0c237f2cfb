import type { ArchiveReason, ArchiveReasonInput } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { archiveReasons, groupStudents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { namedCatalogue } from '../../platform/named-catalogue.js';

const usageCount = sql<number>`(select count(*) from ${groupStudents}
  where ${groupStudents.companyId} = ${archiveReasons.companyId}
  and ${groupStudents.archiveReasonId} = ${archiveReasons.id})::int`;

/**
 * A reason no departure names is deleted. One that students' departures name is deactivated instead:
 * it leaves the choices for new departures while the history of past ones keeps its wording.
 */
const reasons = namedCatalogue<'name', ArchiveReason>({
  table: archiveReasons,
  nameKey: 'name',
  columns: { id: archiveReasons.id, name: archiveReasons.name, active: archiveReasons.active, usage_count: usageCount },
  history: { event: 'archiveReasonChanged', entity: 'archive_reason' },
  inUse: (_tx, _actor, reason) => reason.usage_count > 0,
  deletionNote: (reason) => ({ usage_count: reason.usage_count }),
});

/** Spec §2 archive_reasons/list: active ones first, then inactive; `active` narrows to one kind. */
export const listArchiveReasons = (tx: Tx, actor: Actor, active: boolean | undefined): Promise<ArchiveReason[]> =>
  reasons.list(tx, actor, active);

export async function createArchiveReason(tx: Tx, actor: Actor, input: ArchiveReasonInput): Promise<ArchiveReason> {
  const id = await reasons.create(tx, actor, input);
  return { id, name: input.name, active: input.active, usage_count: 0 };
}

export const updateArchiveReason = (tx: Tx, actor: Actor, id: number, input: ArchiveReasonInput) =>
  reasons.update(tx, actor, id, input);

export const deleteArchiveReason = (tx: Tx, actor: Actor, id: number) => reasons.remove(tx, actor, id);
