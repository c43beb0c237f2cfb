import type { ArchiveReason, ArchiveReasonInput } from '@crm/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { archiveReasons, groupStudents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

const usageCount = sql<number>`(select count(*) from ${groupStudents}
  where ${groupStudents.companyId} = ${archiveReasons.companyId}
  and ${groupStudents.archiveReasonId} = ${archiveReasons.id})::int`;
const reasonColumns = {
  id: archiveReasons.id,
  name: archiveReasons.name,
  active: archiveReasons.active,
  usage_count: usageCount,
};
const ofCompany = (actor: Actor, id: number) =>
  and(eq(archiveReasons.companyId, actor.companyId), eq(archiveReasons.id, id));

/** Spec §2 archive_reasons/list: active ones first, then inactive; `active` narrows to one kind. */
export async function listArchiveReasons(tx: Tx, actor: Actor, active: boolean | undefined): Promise<ArchiveReason[]> {
  const filters: SQL[] = [eq(archiveReasons.companyId, actor.companyId)];
  if (active !== undefined) filters.push(eq(archiveReasons.active, active));
  return tx
    .select(reasonColumns)
    .from(archiveReasons)
    .where(and(...filters))
    .orderBy(desc(archiveReasons.active), asc(archiveReasons.name), asc(archiveReasons.id));
}

async function findReason(tx: Tx, actor: Actor, id: number): Promise<ArchiveReason> {
  const [reason] = await tx.select(reasonColumns).from(archiveReasons).where(ofCompany(actor, id)).for('update');
  if (!reason) throw notFound();
  return reason;
}

export async function createArchiveReason(tx: Tx, actor: Actor, input: ArchiveReasonInput): Promise<ArchiveReason> {
  const [row] = await tx
    .insert(archiveReasons)
    .values({ companyId: actor.companyId, name: input.name, active: input.active })
    .returning({ id: archiveReasons.id });
  if (!row) throw new Error('insert returned no row');
  await recordHistory(tx, actor, {
    event: 'archiveReasonChanged',
    entity: 'archive_reason',
    entityId: row.id,
    data: { action: 'created', name: input.name, active: input.active },
  });
  return { id: row.id, name: input.name, active: input.active, usage_count: 0 };
}

export async function updateArchiveReason(
  tx: Tx,
  actor: Actor,
  id: number,
  input: ArchiveReasonInput,
): Promise<ArchiveReason> {
  const before = await findReason(tx, actor, id);
  await tx.update(archiveReasons).set({ name: input.name, active: input.active }).where(ofCompany(actor, id));
  await recordHistory(tx, actor, {
    event: 'archiveReasonChanged',
    entity: 'archive_reason',
    entityId: id,
    data: {
      action: 'updated',
      before: { name: before.name, active: before.active },
      after: { name: input.name, active: input.active },
    },
  });
  return { ...before, name: input.name, active: input.active };
}

/**
 * A reason no departure names is deleted. One that students' departures name is deactivated instead:
 * it leaves the choices for new departures while the history of past ones keeps its wording.
 */
export async function deleteArchiveReason(tx: Tx, actor: Actor, id: number): Promise<{ deactivated: boolean }> {
  const reason = await findReason(tx, actor, id);
  const deactivated = reason.usage_count > 0;
  if (deactivated) await tx.update(archiveReasons).set({ active: false }).where(ofCompany(actor, id));
  else await tx.delete(archiveReasons).where(ofCompany(actor, id));
  await recordHistory(tx, actor, {
    event: 'archiveReasonChanged',
    entity: 'archive_reason',
    entityId: id,
    data: { action: deactivated ? 'deactivated' : 'deleted', name: reason.name, usage_count: reason.usage_count },
  });
  return { deactivated };
}
