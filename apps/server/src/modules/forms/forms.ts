import {
  type Form,
  type FormList,
  type formInputSchema,
  type formListQuerySchema,
  formPictureKeyOf,
  paginate,
} from '@crm/contracts';
import { and, count, desc, eq, ilike, inArray, max, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { formAnswers, forms, leadSources } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { FieldRefusal } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { findLiveSection } from '../leads/board-sections.js';
import { type AnswerFigures, type FormRow, findForm, toForm } from './form-rows.js';

type FormInput = z.output<typeof formInputSchema>;
type FormChange = 'added' | 'edited' | 'published' | 'unpublished' | 'deleted';

const NO_ANSWERS: AnswerFigures = { answers: 0, lastAnswerAt: null };

async function figuresOf(tx: Tx, companyId: number, ids: readonly number[]): Promise<Map<number, AnswerFigures>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ formId: formAnswers.formId, answers: count(), lastAnswerAt: max(formAnswers.createdAt) })
    .from(formAnswers)
    .where(and(eq(formAnswers.companyId, companyId), inArray(formAnswers.formId, [...ids])))
    .groupBy(formAnswers.formId);
  return new Map(rows.map((r) => [r.formId, { answers: r.answers, lastAnswerAt: r.lastAnswerAt }]));
}

async function formOf(tx: Tx, row: FormRow): Promise<Form> {
  return toForm(row, (await figuresOf(tx, row.companyId, [row.id])).get(row.id) ?? NO_ANSWERS);
}

const recordFormChange = (tx: Tx, actor: Actor, row: FormRow, change: FormChange) =>
  recordHistory(tx, actor, {
    event: 'formChanged',
    entity: 'form',
    entityId: row.id,
    branchId: row.branchId,
    data: { title: row.title, kind: row.kind, change },
  });

export async function listForms(tx: Tx, actor: Actor, q: z.output<typeof formListQuerySchema>): Promise<FormList> {
  const where: SQL[] = [eq(forms.companyId, actor.companyId)];
  if (q.kind) where.push(eq(forms.kind, q.kind));
  if (q.status) where.push(eq(forms.status, q.status));
  if (q.search) where.push(ilike(forms.title, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`));
  const [total] = await tx
    .select({ n: count() })
    .from(forms)
    .where(and(...where));
  const rows = await tx
    .select()
    .from(forms)
    .where(and(...where))
    .orderBy(desc(forms.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const figures = await figuresOf(
    tx,
    actor.companyId,
    rows.map((r) => r.id),
  );
  const data = rows.map((row) => {
    const { description: _d, fields: _f, ...summary } = toForm(row, figures.get(row.id) ?? NO_ANSWERS);
    return summary;
  });
  return { data, pagination: paginate(total?.n ?? 0, q.page, q.per_page, data.length), policies: { create: true } };
}

export async function getForm(tx: Tx, actor: Actor, id: number): Promise<Form> {
  return formOf(tx, await findForm(tx, actor.companyId, id));
}

/**
 * A lead form's place on the board: a branch of the caller's, a live section of that branch, a source of the
 * company. Other kinds keep none of these (a stale value from the builder is dropped, not stored).
 */
async function checkedPlace(tx: Tx, actor: Actor, input: FormInput) {
  if (input.kind !== 'lead' || input.branch_id === null) return { branchId: null, sectionId: null, sourceId: null };
  assertBranch(actor, input.branch_id);
  if (input.section_id !== null && !(await findLiveSection(tx, actor.companyId, input.branch_id, input.section_id)))
    throw new FieldRefusal([{ field: 'section_id', rule: 'invalid_value' }]);
  if (input.source_id !== null) {
    const [source] = await tx
      .select({ id: leadSources.id })
      .from(leadSources)
      .where(and(eq(leadSources.companyId, actor.companyId), eq(leadSources.id, input.source_id)));
    if (!source) throw new FieldRefusal([{ field: 'source_id', rule: 'invalid_value' }]);
  }
  return { branchId: input.branch_id, sectionId: input.section_id, sourceId: input.source_id };
}

/** Spec lead forms: the answer must give a name and a phone to make a lead of. */
function assertLeadFields(input: FormInput) {
  if (input.kind !== 'lead') return;
  const hasPhone = input.fields.some((f) => f.type === 'phone' && f.required);
  const hasName = input.fields.some((f) => f.type === 'short_answer' && f.required);
  if (!hasPhone || !hasName) throw new FieldRefusal([{ field: 'fields', rule: 'lead_form_needs_name_and_phone' }]);
}

/** A header picture must be one the company uploaded for its forms (POST /form/picture), not any address. */
function checkedImage(actor: Actor, image: string | null): string | null {
  if (image === null) return null;
  const named = formPictureKeyOf(image);
  if (!named || named.companyId !== actor.companyId)
    throw new FieldRefusal([{ field: 'image', rule: 'invalid_value' }]);
  return image;
}

const valuesOf = (input: FormInput, place: Awaited<ReturnType<typeof checkedPlace>>) => ({
  title: input.title,
  description: input.description,
  fields: input.fields,
  successText: input.success_text,
  pixelId: input.pixel_id,
  image: input.image,
  ...place,
});

export async function createForm(tx: Tx, actor: Actor, input: FormInput): Promise<Form> {
  assertLeadFields(input);
  checkedImage(actor, input.image);
  const place = await checkedPlace(tx, actor, input);
  const [row] = await tx
    .insert(forms)
    .values({ companyId: actor.companyId, kind: input.kind, createdBy: actor.id, ...valuesOf(input, place) })
    .returning();
  if (!row) throw new Error('form insert returned no row');
  await recordFormChange(tx, actor, row, 'added');
  return toForm(row, NO_ANSWERS);
}

/** A form keeps its kind: answers already given were asked as that kind (an audit's links, a lead form's leads). */
export async function updateForm(tx: Tx, actor: Actor, id: number, input: FormInput): Promise<Form> {
  const before = await findForm(tx, actor.companyId, id, true);
  const kept = { ...input, kind: before.kind as FormInput['kind'] };
  assertLeadFields(kept);
  checkedImage(actor, kept.image);
  const place = await checkedPlace(tx, actor, kept);
  const [row] = await tx
    .update(forms)
    .set({ ...valuesOf(kept, place), updatedAt: new Date() })
    .where(and(eq(forms.companyId, actor.companyId), eq(forms.id, id)))
    .returning();
  if (!row) throw new Error('form update returned no row');
  await recordFormChange(tx, actor, row, 'edited');
  return formOf(tx, row);
}

export async function publishForm(tx: Tx, actor: Actor, id: number, published: boolean): Promise<Form> {
  const before = await findForm(tx, actor.companyId, id, true);
  const status = published ? 'published' : 'draft';
  if (before.status === status) return formOf(tx, before);
  const [row] = await tx
    .update(forms)
    .set({ status, publishedAt: published ? new Date() : before.publishedAt, updatedAt: new Date() })
    .where(and(eq(forms.companyId, actor.companyId), eq(forms.id, id)))
    .returning();
  if (!row) throw new Error('form update returned no row');
  await recordFormChange(tx, actor, row, published ? 'published' : 'unpublished');
  return formOf(tx, row);
}

/** Answers go with the form (cascade); leads a lead form made stay on the board, they are the leads module's. */
export async function deleteForm(tx: Tx, actor: Actor, id: number): Promise<{ image: string | null }> {
  const row = await findForm(tx, actor.companyId, id, true);
  await tx.delete(forms).where(and(eq(forms.companyId, actor.companyId), eq(forms.id, id)));
  await recordFormChange(tx, actor, row, 'deleted');
  return { image: row.image };
}
