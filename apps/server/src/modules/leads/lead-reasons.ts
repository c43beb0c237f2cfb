import type { LeadReason, leadReasonInputSchema } from '@crm/contracts';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { leadReasons, leads, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { leadNamedCatalogue } from './lead-named-catalogue.js';

type ReasonInput = z.infer<typeof leadReasonInputSchema>;

/** A reason no archived lead names is deleted; one that some name is deactivated, so they keep their wording. */
const reasons = leadNamedCatalogue<'title', { id: number; title: string; active: boolean }>({
  table: leadReasons,
  nameKey: 'title',
  columns: { id: leadReasons.id, title: leadReasons.title, active: leadReasons.active },
  entity: 'lead_reason',
  usedBy: leads.archiveReasonId,
});

/** Spec §3 lead deletion reason with the staff member who made it. */
function reasonsQuery(tx: Tx, companyId: number, where: SQL[]) {
  return tx
    .select({
      id: leadReasons.id,
      title: leadReasons.title,
      active: leadReasons.active,
      staffId: leadReasons.staffId,
      staffName: users.name,
    })
    .from(leadReasons)
    .leftJoin(users, and(eq(users.companyId, leadReasons.companyId), eq(users.id, leadReasons.staffId)))
    .where(and(eq(leadReasons.companyId, companyId), ...where));
}

type ReasonRow = Awaited<ReturnType<typeof reasonsQuery>>[number];
const toReason = (row: ReasonRow): LeadReason => ({
  id: row.id,
  title: row.title,
  active: row.active,
  staff: row.staffId === null ? null : { id: row.staffId, name: row.staffName ?? '' },
});

/** GET /leads/archive-reason: the active reasons (the board's delete offers them), or with `all` every one. */
export async function listLeadReasons(tx: Tx, actor: Actor, all: boolean): Promise<LeadReason[]> {
  const rows = await reasonsQuery(tx, actor.companyId, all ? [] : [eq(leadReasons.active, true)]).orderBy(
    desc(leadReasons.active),
    asc(leadReasons.title),
    asc(leadReasons.id),
  );
  return rows.map(toReason);
}

async function reasonById(tx: Tx, companyId: number, id: number): Promise<LeadReason> {
  const [row] = await reasonsQuery(tx, companyId, [eq(leadReasons.id, id)]);
  if (!row) throw notFound();
  return toReason(row);
}

/** POST /leads/archive-reason: the caller is its staff (spec §3 "staff"). */
export async function createLeadReason(tx: Tx, actor: Actor, input: ReasonInput): Promise<LeadReason> {
  const id = await reasons.create(tx, actor, input, { staffId: actor.id });
  return reasonById(tx, actor.companyId, id);
}

export async function updateLeadReason(tx: Tx, actor: Actor, id: number, input: ReasonInput): Promise<LeadReason> {
  await reasons.update(tx, actor, id, input);
  return reasonById(tx, actor.companyId, id);
}

export const deleteLeadReason = (tx: Tx, actor: Actor, id: number) => reasons.remove(tx, actor, id);
