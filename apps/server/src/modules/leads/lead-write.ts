import { idSchema, LEAD_NAME_MAX, type Lead, type LeadColumn, leadInputSchema } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { leads, leadTags } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { checkPhone, companyCountry } from '../users/service.js';
import { recordIncrement } from './board-clock.js';
import {
  assertActiveSource,
  assertCourse,
  assertLeadAdmin,
  assertLeadTags,
  courseIdOf,
  replaceLeadTags,
  sectionColumn,
} from './lead-input.js';
import { assertOnBoard, lockLead } from './lead-lock.js';
import { leadById } from './lead-view.js';
import { topPosition } from './positions.js';

export type NewLead = z.infer<typeof leadInputSchema>;

/** PUT /leadData/{id}: the fields sent change; absent ones stay (null clears an optional one). */
export interface LeadPatch {
  name?: string;
  phone?: string;
  comment?: string | null;
  course_id?: number | null;
  source_id?: number | null;
  admin_id?: number | null;
  tag_ids?: number[];
}

/**
 * The update record of a card as it now is, where it now is: 'create' puts it on open boards,
 * 'update' replaces it there (a record carries the whole card, so applying it twice changes nothing).
 */
export const recordCard = (tx: Tx, actor: Actor, action: 'create' | 'update', view: Lead, clientId: string | null) =>
  recordIncrement(tx, actor.companyId, view.branch_id, {
    action,
    type: 'lead',
    uuid: view.uuid,
    data: view,
    location: { column: view.column, section: view.section_id },
    authorId: actor.id,
    clientId,
  });

const textOrNull = (value: string | null | undefined) => (value ? value : null);

/**
 * Spec §7 POST /leadData, POST /leads/lead and POST /create_lead: a new card at the top of its
 * column (or of the section given, whose column it then takes). The phone is kept as the national
 * digits of the company's country. A phone that another live lead already has is allowed: people
 * call twice, and the board shows both cards.
 */
export async function createLead(tx: Tx, actor: Actor, input: NewLead, clientId: string | null = null): Promise<Lead> {
  const { companyId } = actor;
  const branchId = input.branch_id;
  assertBranch(actor, branchId);
  const phone = checkPhone(input.phone, await companyCountry(tx, companyId));
  if (input.course_id) await assertCourse(tx, companyId, input.course_id);
  if (input.source_id) await assertActiveSource(tx, companyId, input.source_id);
  if (input.admin_id) await assertLeadAdmin(tx, companyId, input.admin_id);
  const tagIds = [...new Set(input.tag_ids)];
  await assertLeadTags(tx, companyId, tagIds);
  const sectionId = input.section_id ?? null;
  const column: LeadColumn =
    sectionId === null ? input.column : await sectionColumn(tx, companyId, branchId, sectionId);

  const [row] = await tx
    .insert(leads)
    .values({
      companyId,
      branchId,
      name: input.name,
      phone,
      comment: textOrNull(input.comment),
      courseId: input.course_id ?? null,
      sourceId: input.source_id ?? null,
      adminId: input.admin_id ?? null,
      column,
      sectionId,
      position: await topPosition(tx, { companyId, branchId, column, sectionId }),
      // Lead statistics count conversion by the day a lead first reached "set".
      setAt: column === 'set' ? new Date() : null,
    })
    .returning({ id: leads.id, uuid: leads.uuid });
  if (!row) throw new Error('lead insert returned no row');
  if (tagIds.length) await tx.insert(leadTags).values(tagIds.map((tagId) => ({ companyId, leadId: row.id, tagId })));
  await recordHistory(tx, actor, {
    event: 'leadAdded',
    entity: 'lead',
    entityId: row.id,
    branchId,
    data: { name: input.name, phone, column, section_id: sectionId, source_id: input.source_id ?? null },
  });
  const view = await leadById(tx, companyId, row.id);
  await recordCard(tx, actor, 'create', view, clientId);
  return view;
}

/** Lead fields the form edits, by their names in the API and in the table. */
const EDITABLE = {
  name: 'name',
  phone: 'phone',
  comment: 'comment',
  course_id: 'courseId',
  source_id: 'sourceId',
  admin_id: 'adminId',
} as const satisfies Record<string, keyof typeof leads.$inferSelect>;
type EditableField = keyof typeof EDITABLE;

/** The new value of each field sent: the phone as national digits, an empty comment as none. */
async function patchValues(tx: Tx, companyId: number, patch: LeadPatch) {
  const next: Partial<Record<EditableField, string | number | null>> = {};
  for (const field of Object.keys(EDITABLE) as EditableField[]) {
    const value = patch[field];
    if (value === undefined) continue;
    if (field === 'phone') next.phone = checkPhone(value as string, await companyCountry(tx, companyId));
    else next[field] = field === 'comment' ? textOrNull(value as string | null) : value;
  }
  return next;
}

/** PUT /leadData/{id}: edits a card of the board (history leadEdited, an 'update' record for open boards). */
export async function updateLead(
  tx: Tx,
  actor: Actor,
  id: number,
  patch: LeadPatch,
  clientId: string | null = null,
): Promise<Lead> {
  const { companyId } = actor;
  const lead = await lockLead(tx, actor, { id });
  assertOnBoard(lead);
  const next = await patchValues(tx, companyId, patch);
  const changed: Record<string, { before: unknown; after: unknown }> = {};
  const set: Partial<typeof leads.$inferInsert> = {};
  for (const [field, value] of Object.entries(next) as [EditableField, string | number | null][]) {
    const column = EDITABLE[field];
    if (lead[column] === value) continue;
    changed[field] = { before: lead[column], after: value };
    (set as Record<string, unknown>)[column] = value;
  }
  // Only a new choice must be usable: a lead keeps a source deactivated after it was chosen.
  if (set.courseId) await assertCourse(tx, companyId, set.courseId);
  if (set.sourceId) await assertActiveSource(tx, companyId, set.sourceId);
  if (set.adminId) await assertLeadAdmin(tx, companyId, set.adminId);
  if (patch.tag_ids !== undefined) {
    const tags = await replaceLeadTags(tx, companyId, lead.id, patch.tag_ids);
    if (tags.before.join() !== tags.after.join()) changed.tag_ids = tags;
  }
  if (!Object.keys(changed).length) return leadById(tx, companyId, lead.id);

  await tx
    .update(leads)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(leads.companyId, companyId), eq(leads.id, lead.id)));
  await recordHistory(tx, actor, {
    event: 'leadEdited',
    entity: 'lead',
    entityId: lead.id,
    branchId: lead.branchId,
    data: { name: set.name ?? lead.name, changed },
  });
  const view = await leadById(tx, companyId, lead.id);
  await recordCard(tx, actor, 'update', view, clientId);
  return view;
}

/** GET /leadData/{id}: any lead of the caller's branches, on the board, archived or converted. */
export async function getLead(tx: Tx, actor: Actor, id: number): Promise<Lead> {
  const lead = await leadById(tx, actor.companyId, id);
  assertBranch(actor, lead.branch_id);
  return lead;
}

/**
 * Spec §7 POST /leads/lead and POST /create_lead name their fields as the board's quick form does:
 * `section` (its column follows) and `course` (an id, or a course's name) besides `course_id`.
 */
export const specLeadSchema = leadInputSchema.omit({ column: true, section_id: true }).extend({
  course: z.union([z.number().int().positive(), z.string().trim().max(LEAD_NAME_MAX)]).nullish(),
  section: idSchema.nullish(),
});
export type SpecLead = z.infer<typeof specLeadSchema>;

export async function createLeadFromSpecFields(tx: Tx, actor: Actor, fields: SpecLead): Promise<Lead> {
  const { course, section, ...rest } = fields;
  const named = course === null || course === undefined || course === '' ? null : String(course);
  const courseId = rest.course_id ?? (named === null ? null : await courseIdOf(tx, actor.companyId, named));
  return createLead(tx, actor, { ...rest, course_id: courseId, section_id: section ?? null, column: 'incoming' });
}
