import { type GroupLesson, groupTitle, type HomeworkAnswer, type HomeworkAnswerInput } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { homeworkAnswers } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { coinsForHomework } from '../gamification/coin-rules.js';
import { findVisibleGroup, type GroupRow, isGroupLearner, isGroupStaff } from '../groups/group-scope.js';
import { invalidFields } from '../groups/service.js';
import { type AnswerKey, answerOf, answerRowsOf } from './answer-rows.js';
import { loadGroupPlan, placementOf } from './group-plan.js';
import type { LessonReading } from './lesson-rows.js';
import { readLesson } from './syllabus.js';

/** The company's grade scale and whether staff who do not teach a group may review (grade) its work. */
export interface GradeRules {
  max_score: number;
  allow_non_teachers: boolean;
}

/** The group's teacher reviews; other staff only when the grade settings allow (spec §6). */
const mayReview = (actor: Actor, group: GroupRow, rules: GradeRules) =>
  group.teacherId === actor.id || (isGroupStaff(actor) && rules.allow_non_teachers);

/** A lesson of the group's sequence as the caller may read it: a student only once it has opened. */
async function groupLessonInPlan(tx: Tx, actor: Actor, at: Date, groupId: number, lessonId: number, lock = false) {
  const group = await findVisibleGroup(tx, actor, groupId, lock);
  const plan = await loadGroupPlan(tx, actor.companyId, group, at);
  const placement = placementOf(plan, lessonId);
  if (!placement) throw notFound();
  if (isGroupLearner(actor, group) && !placement.opened) throw new AppError(403, 'lesson_not_opened');
  return { group, placement, today: plan.time.today };
}

/** GET /group/{id}/lesson/{lesson_id}. */
export async function getGroupLesson(
  tx: Tx,
  actor: Actor,
  reading: LessonReading,
  params: { id: number; lesson_id: number },
  rules: GradeRules,
): Promise<GroupLesson> {
  const { group, placement } = await groupLessonInPlan(tx, actor, reading.now, params.id, params.lesson_id);
  const lesson = await readLesson(tx, actor, reading, placement.lesson);
  const learner = isGroupLearner(actor, group);
  const key: AnswerKey = { companyId: actor.companyId, groupId: group.id, lessonId: lesson.id };
  const hasHomework = lesson.homework !== null;
  const { lesson: _row, at: _at, ...shownPlacement } = placement;
  return {
    ...lesson,
    placement: shownPlacement,
    max_score: rules.max_score,
    my_answer: learner && hasHomework ? await answerOf(tx, key, actor.id, reading, rules.max_score) : null,
    answers: !learner && hasHomework ? await answerRowsOf(tx, key, reading, rules.max_score) : null,
    policies: {
      ...lesson.policies,
      answer: learner && hasHomework,
      review: !learner && hasHomework && mayReview(actor, group, rules),
    },
  };
}

/** The student's answer to change: his own lesson's homework, of the right kind, not yet reviewed. */
async function answerable(tx: Tx, actor: Actor, at: Date, params: { id: number; lesson_id: number }) {
  const { group, placement, today } = await groupLessonInPlan(tx, actor, at, params.id, params.lesson_id, true);
  if (!isGroupLearner(actor, group)) throw forbidden('not_a_student_of_group');
  const lesson = placement.lesson;
  if (lesson.homeworkText === null) throw new AppError(422, 'no_homework');
  const key: AnswerKey = { companyId: actor.companyId, groupId: group.id, lessonId: lesson.id };
  const where = and(
    eq(homeworkAnswers.companyId, key.companyId),
    eq(homeworkAnswers.groupId, key.groupId),
    eq(homeworkAnswers.lessonId, key.lessonId),
    eq(homeworkAnswers.studentId, actor.id),
  );
  const [previous] = await tx.select().from(homeworkAnswers).where(where).for('update');
  if (previous?.reviewedAt) throw new AppError(422, 'homework_reviewed');
  // Handed in late: after the due day of the company's calendar (a lesson not yet placed has no due day).
  const late = placement.homework_due !== null && today > placement.homework_due;
  return { group, lesson, key, where, previous, late, kind: lesson.homeworkAnswer ?? 'any' };
}

async function recordHandedIn(
  tx: Tx,
  actor: Actor,
  group: GroupRow,
  lesson: { id: number; title: string },
  late: boolean,
) {
  // Handed in by its due day: the coin rule's award, once per lesson (issue 21).
  const coinGroup = { id: group.id, branchId: group.branchId, title: groupTitle(group) };
  await coinsForHomework(tx, actor, coinGroup, lesson, late);
  await recordHistory(tx, actor, {
    event: 'homeworkHandedIn',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: {
      title: lesson.title,
      lesson_id: lesson.id,
      student_id: actor.id,
      student_name: actor.name,
      group_title: groupTitle(group),
    },
  });
}

/** PUT /group/{id}/lesson/{lesson_id}/answer: the answer's text (a file stays as it is). */
export async function saveAnswerText(
  tx: Tx,
  actor: Actor,
  reading: LessonReading,
  params: { id: number; lesson_id: number },
  input: HomeworkAnswerInput,
  rules: GradeRules,
): Promise<HomeworkAnswer> {
  const target = await answerable(tx, actor, reading.now, params);
  if (target.kind === 'file' && input.text !== '') throw new AppError(422, 'homework_file_only');
  if (input.text === '' && !target.previous?.fileKey) throw new AppError(422, 'homework_answer_empty');
  const values = { text: input.text, submittedAt: reading.now, late: target.late };
  await tx
    .insert(homeworkAnswers)
    .values({ ...target.key, studentId: actor.id, ...values })
    .onConflictDoUpdate({
      target: [homeworkAnswers.companyId, homeworkAnswers.groupId, homeworkAnswers.lessonId, homeworkAnswers.studentId],
      set: values,
    });
  await recordHandedIn(tx, actor, target.group, target.lesson, target.late);
  return (await answerOf(tx, target.key, actor.id, reading, rules.max_score))!;
}

export interface StoredAnswerFile {
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

/**
 * POST /group/{id}/lesson/{lesson_id}/answer/file: the answer's file, replacing an earlier one, whose key
 * is returned so its bytes go once this is committed.
 */
export async function saveAnswerFile(
  tx: Tx,
  actor: Actor,
  reading: LessonReading,
  params: { id: number; lesson_id: number },
  file: StoredAnswerFile,
  rules: GradeRules,
): Promise<{ answer: HomeworkAnswer; replacedKey: string | null }> {
  const target = await answerable(tx, actor, reading.now, params);
  if (target.kind === 'text') throw new AppError(422, 'homework_text_only');
  const values = {
    fileKey: file.key,
    fileName: file.name,
    fileMime: file.mimeType,
    fileSize: file.size,
    submittedAt: reading.now,
    late: target.late,
  };
  await tx
    .insert(homeworkAnswers)
    .values({ ...target.key, studentId: actor.id, ...values })
    .onConflictDoUpdate({
      target: [homeworkAnswers.companyId, homeworkAnswers.groupId, homeworkAnswers.lessonId, homeworkAnswers.studentId],
      set: values,
    });
  await recordHandedIn(tx, actor, target.group, target.lesson, target.late);
  return {
    answer: (await answerOf(tx, target.key, actor.id, reading, rules.max_score))!,
    replacedKey: target.previous?.fileKey ?? null,
  };
}

/** PUT /group/{id}/lesson/{lesson_id}/answer/{student_id}/review. */
export async function reviewAnswer(
  tx: Tx,
  actor: Actor,
  reading: LessonReading,
  params: { id: number; lesson_id: number; student_id: number },
  input: { score: number | null; comment: string },
  rules: GradeRules,
): Promise<HomeworkAnswer> {
  const { group, placement } = await groupLessonInPlan(tx, actor, reading.now, params.id, params.lesson_id, true);
  if (isGroupLearner(actor, group)) throw forbidden();
  if (!mayReview(actor, group, rules)) throw forbidden('grading_teachers_only');
  if (input.score !== null && input.score > rules.max_score) {
    throw invalidFields([
      { field: 'score', rule: 'too_big', message: `at most ${rules.max_score}`, limit: rules.max_score },
    ]);
  }
  const key: AnswerKey = { companyId: actor.companyId, groupId: group.id, lessonId: placement.lesson.id };
  const [updated] = await tx
    .update(homeworkAnswers)
    .set({
      score: input.score,
      scale: input.score === null ? null : rules.max_score,
      comment: input.comment || null,
      reviewedBy: actor.id,
      reviewedAt: reading.now,
    })
    .where(
      and(
        eq(homeworkAnswers.companyId, key.companyId),
        eq(homeworkAnswers.groupId, key.groupId),
        eq(homeworkAnswers.lessonId, key.lessonId),
        eq(homeworkAnswers.studentId, params.student_id),
      ),
    )
    .returning({ studentId: homeworkAnswers.studentId });
  if (!updated) throw new AppError(422, 'homework_not_handed_in');
  const answer = (await answerOf(tx, key, params.student_id, reading, rules.max_score))!;
  await recordHistory(tx, actor, {
    event: 'homeworkReviewed',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: {
      title: placement.lesson.title,
      lesson_id: key.lessonId,
      student_id: params.student_id,
      student_name: answer.student_name,
      group_title: groupTitle(group),
      ...(input.score === null ? {} : { score: input.score }),
    },
  });
  return answer;
}
