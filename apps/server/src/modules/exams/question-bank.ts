import type { Question, QuestionValues } from '@crm/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courses, examQuestions } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

/** A course's question bank (issue 19), written by the courses area's staff. */

export type QuestionRow = typeof examQuestions.$inferSelect;

export const toQuestion = (row: QuestionRow): Question => ({
  id: row.id,
  course_id: row.courseId,
  kind: row.kind as Question['kind'],
  text: row.text,
  points: row.points,
  options: row.options,
  correct: row.correct,
  accepted: row.accepted,
});

/** The question's columns for the input: a short answer keeps no options, the others no accepted answers. */
const columnsOf = (input: QuestionValues) => ({
  kind: input.kind,
  text: input.text,
  points: input.points,
  options: input.kind === 'short' ? [] : input.options,
  // An ordering question's options are written in their right order: it needs no indexes.
  correct: input.kind === 'short' || input.kind === 'ordering' ? [] : input.correct,
  accepted: input.kind === 'short' ? input.accepted : [],
});

async function assertCourse(tx: Tx, actor: Actor, courseId: number) {
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.companyId, actor.companyId), eq(courses.id, courseId)));
  if (!course) throw notFound();
}

/** The questions of a course, oldest first. */
export function bankOf(tx: Tx, companyId: number, courseId: number): Promise<QuestionRow[]> {
  return tx
    .select()
    .from(examQuestions)
    .where(and(eq(examQuestions.companyId, companyId), eq(examQuestions.courseId, courseId)))
    .orderBy(asc(examQuestions.id));
}

/** GET /course/{id}/questions. */
export async function listQuestions(tx: Tx, actor: Actor, courseId: number) {
  await assertCourse(tx, actor, courseId);
  return { data: (await bankOf(tx, actor.companyId, courseId)).map(toQuestion) };
}

async function recordQuestion(tx: Tx, actor: Actor, action: string, row: QuestionRow) {
  await recordHistory(tx, actor, {
    event: 'examQuestionChanged',
    entity: 'course',
    entityId: row.courseId,
    data: { action, text: row.text.slice(0, 120), course_id: row.courseId, question_id: row.id },
  });
}

/** POST /course/{id}/questions. */
export async function addQuestion(tx: Tx, actor: Actor, courseId: number, input: QuestionValues): Promise<Question> {
  await assertCourse(tx, actor, courseId);
  const [row] = await tx
    .insert(examQuestions)
    .values({ companyId: actor.companyId, courseId, ...columnsOf(input) })
    .returning();
  await recordQuestion(tx, actor, 'created', row!);
  return toQuestion(row!);
}

const questionOf = (actor: Actor, id: number) =>
  and(eq(examQuestions.companyId, actor.companyId), eq(examQuestions.id, id));

/** PUT /exam-question/{id}: attempts already started keep the question as they drew it. */
export async function updateQuestion(tx: Tx, actor: Actor, id: number, input: QuestionValues): Promise<Question> {
  const [row] = await tx
    .update(examQuestions)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(questionOf(actor, id))
    .returning();
  if (!row) throw notFound();
  await recordQuestion(tx, actor, 'updated', row);
  return toQuestion(row);
}

/** DELETE /exam-question/{id}. */
export async function deleteQuestion(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx.delete(examQuestions).where(questionOf(actor, id)).returning();
  if (!row) throw notFound();
  await recordQuestion(tx, actor, 'deleted', row);
  return { ok: true as const };
}
