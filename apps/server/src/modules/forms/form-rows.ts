import type { Form, FormField, FormKind, FormStatus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { forms } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

export type FormRow = typeof forms.$inferSelect;

/** A form of the caller's company (row-level security keeps others out; the id narrows it to one). */
export async function findForm(tx: Tx, companyId: number, id: number, lock = false): Promise<FormRow> {
  const query = tx
    .select()
    .from(forms)
    .where(and(eq(forms.companyId, companyId), eq(forms.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The public page's path; audit forms have none (each student gets his personal link). */
export const publicPathOf = (row: Pick<FormRow, 'id' | 'kind'>) =>
  row.kind === 'audit' ? null : `/entry/form/${row.id}`;

export interface AnswerFigures {
  answers: number;
  lastAnswerAt: Date | null;
}

/**
 * The form as the builder reads it. Everyone with the forms area may do everything to a form (spec §6 gives
 * forms to administrators, Administrator2, branch directors and marketers alike); sending an audit needs it
 * published, so the button says so.
 */
export function toForm(row: FormRow, figures: AnswerFigures): Form {
  return {
    id: row.id,
    kind: row.kind as FormKind,
    title: row.title,
    status: row.status as FormStatus,
    answers: figures.answers,
    last_answer_at: figures.lastAnswerAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    description: row.description,
    fields: row.fields as FormField[],
    success_text: row.successText,
    pixel_id: row.pixelId,
    image: row.image,
    branch_id: row.branchId,
    section_id: row.sectionId,
    source_id: row.sourceId,
    public_path: publicPathOf(row),
    policies: {
      edit: true,
      delete: true,
      read_answers: true,
      send_audit: row.kind === 'audit' && row.status === 'published',
    },
  };
}
