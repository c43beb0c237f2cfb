import { randomInt } from 'node:crypto';
import {
  type Attempt,
  type AttemptAnswer,
  ballOf,
  groupTitle,
  isRightAnswer,
  type QuestionKind,
  type SaveAttemptAnswer,
} from '@crm/contracts';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { examResults, groups } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { findVisibleGroup, type GroupRow, groupRowColumns, isGroupLearner } from '../groups/group-scope.js';
import { invalidFields } from '../groups/service.js';
import { companyTime } from '../lessons/company-time.js';
import { type ExamRow, examGroups, findGroupExam, toExams } from './exam-rows.js';
import { bankOf } from './question-bank.js';

/**
 * Online exams (issue 19): the student's questions are drawn and shuffled when he starts, each answer is saved
 * as he gives it, and the server closes the attempt at its deadline whatever the browser does — on the next
 * read or write of it — grading the answers saved by then.
 */

/** A question as drawn into an attempt: the bank's question then (right answers included) and the student's order. */
interface DrawnQuestion {
  id: number;
  kind: QuestionKind;
  text: string;
  points: number;
  options: string[];
  correct: number[];
  accepted: string[];
  /** The options' indexes in the order this student sees them. */
  order: number[];
}

type ResultRow = typeof examResults.$inferSelect;

/** A write to an attempt: done, or refused because its time ran out (and the attempt closed). */
export type AttemptOutcome = { expired: true } | { attempt: Attempt };

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const drawnOf = (row: ResultRow) => (row.questions ?? []) as DrawnQuestion[];
const answersOf = (row: ResultRow) => row.answers as Record<string, AttemptAnswer>;

function graded(questions: DrawnQuestion[], answers: Record<string, AttemptAnswer>) {
  const maxPoints = questions.reduce((sum, q) => sum + q.points, 0);
  const points = questions.reduce((sum, q) => sum + (isRightAnswer(q, answers[String(q.id)]) ? q.points : 0), 0);
  return { points, maxPoints, ball: ballOf(points, maxPoints) };
}

/** The attempt as its student sees it: options in his order, no right answers. */
export function toAttempt(row: ResultRow): Attempt {
  return {
    started_at: row.startedAt!.toISOString(),
    deadline_at: row.deadlineAt!.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    questions: drawnOf(row).map((q) => ({
      id: q.id,
      kind: q.kind,
      text: q.text,
      points: q.points,
      options: q.order.map((index) => ({ index, text: q.options[index]! })),
    })),
    answers: answersOf(row),
    ball: row.submittedAt ? row.ball : null,
    points: row.submittedAt ? row.points : null,
    max_points: row.submittedAt ? row.maxPoints : null,
  };
}

/** Grades and closes an open attempt, once: of two servers closing it together, one does. */
async function close(tx: Tx, row: ResultRow, at: Date, exam: ExamRow, group: GroupRow, atDeadline: boolean) {
  const result = graded(drawnOf(row), answersOf(row));
  const [closed] = await tx
    .update(examResults)
    .set({ ...result, submittedAt: at, updatedAt: new Date() })
    .where(
      and(
        eq(examResults.companyId, row.companyId),
        eq(examResults.examId, row.examId),
        eq(examResults.studentId, row.studentId),
        isNull(examResults.submittedAt),
      ),
    )
    .returning();
  if (!closed) return;
  await recordHistory(
    tx,
    { id: row.studentId, companyId: row.companyId },
    {
      event: 'examSubmitted',
      entity: 'group',
      entityId: group.id,
      branchId: group.branchId,
      data: {
        title: exam.title,
        exam_id: exam.id,
        group_title: groupTitle(group),
        ball: result.ball,
        at_deadline: atDeadline,
      },
    },
  );
  return closed;
}

/** Closes, at their deadlines, the attempts of these exams whose time ran out unsubmitted. */
export async function closeExpired(
  tx: Tx,
  companyId: number,
  examRows: readonly ExamRow[],
  now: Date,
  group?: GroupRow,
) {
  if (!examRows.length) return;
  const expired = await tx
    .select()
    .from(examResults)
    .where(
      and(
        eq(examResults.companyId, companyId),
        inArray(
          examResults.examId,
          examRows.map((exam) => exam.id),
        ),
        isNull(examResults.submittedAt),
        lt(examResults.deadlineAt, now),
      ),
    );
  for (const row of expired) {
    const exam = examRows.find((e) => e.id === row.examId)!;
    const owner = group ?? (await findGroupRow(tx, companyId, exam.groupId));
    await close(tx, row, row.deadlineAt!, exam, owner, true);
  }
}

/** The exam's group whoever reads the exam (the system closes an attempt for any reader of it). */
async function findGroupRow(tx: Tx, companyId: number, groupId: number): Promise<GroupRow> {
  const [row] = await tx
    .select(groupRowColumns)
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)));
  return row!;
}

/** The student's own online exam of his group, with his result row (absent until he starts). */
async function ownAttempt(tx: Tx, actor: Actor, params: { id: number; exam_id: number }, lock: boolean) {
  const group = await findVisibleGroup(tx, actor, params.id);
  if (!isGroupLearner(actor, group)) throw forbidden('not_a_student_of_group');
  const exam = await findGroupExam(tx, actor.companyId, group.id, params.exam_id);
  if (exam.kind !== 'online') throw new AppError(422, 'exam_is_offline');
  const query = tx
    .select()
    .from(examResults)
    .where(
      and(
        eq(examResults.companyId, actor.companyId),
        eq(examResults.examId, exam.id),
        eq(examResults.studentId, actor.id),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return { group, exam, row };
}

/** POST …/start: on the exam's day; a second start answers the same attempt. */
export async function startAttempt(tx: Tx, actor: Actor, at: Date, params: { id: number; exam_id: number }) {
  const { group, exam, row } = await ownAttempt(tx, actor, params, true);
  if (row?.startedAt) {
    if (!row.submittedAt && row.deadlineAt! < at)
      return toAttempt((await close(tx, row, row.deadlineAt!, exam, group, true)) ?? row);
    return toAttempt(row);
  }
  const { today } = await companyTime(tx, actor.companyId, at);
  if (exam.date !== today) throw new AppError(422, 'exam_not_today', { date: exam.date });
  const bank = await bankOf(tx, actor.companyId, group.courseId);
  if (!bank.length) throw new AppError(422, 'exam_bank_empty');
  const drawn: DrawnQuestion[] = shuffled(bank)
    .slice(0, exam.questionCount ?? bank.length)
    .map((q) => ({
      id: q.id,
      kind: q.kind as QuestionKind,
      text: q.text,
      points: q.points,
      options: q.options,
      correct: q.correct,
      accepted: q.accepted,
      order: shuffled(q.options.map((_, index) => index)),
    }));
  const [details] = await toExams(
    tx,
    actor.companyId,
    [exam],
    await examGroups(tx, actor.companyId, [group.id]),
    today,
    null,
  );
  const deadline = new Date(at.getTime() + details!.duration_minutes * 60_000);
  const [started] = await tx
    .insert(examResults)
    .values({
      companyId: actor.companyId,
      examId: exam.id,
      studentId: actor.id,
      startedAt: at,
      deadlineAt: deadline,
      questions: drawn,
      answers: {},
    })
    .onConflictDoNothing()
    .returning();
  return toAttempt(started ?? (await ownAttempt(tx, actor, params, false)).row!);
}

/** The open attempt to write to, refused once handed in or past its deadline (then closed with what was saved). */
async function openAttempt(tx: Tx, actor: Actor, at: Date, params: { id: number; exam_id: number }) {
  const { group, exam, row } = await ownAttempt(tx, actor, params, true);
  if (!row?.startedAt) throw new AppError(422, 'exam_not_started');
  if (row.submittedAt) throw new AppError(422, 'exam_submitted');
  if (row.deadlineAt! < at) {
    await close(tx, row, row.deadlineAt!, exam, group, true);
    // Committed with the closing: the refusal must not undo it.
    return { group, exam, row, expired: true as const };
  }
  return { group, exam, row, expired: false as const };
}

/** PUT …/answer: one answer, checked against the question it answers. */
export async function saveAttemptAnswer(
  tx: Tx,
  actor: Actor,
  at: Date,
  params: { id: number; exam_id: number },
  input: SaveAttemptAnswer,
): Promise<AttemptOutcome> {
  const target = await openAttempt(tx, actor, at, params);
  if (target.expired) return { expired: true as const };
  const question = drawnOf(target.row).find((q) => q.id === input.question_id);
  if (!question) throw new AppError(422, 'not_an_exam_question');
  const answer = input.answer;
  const indexes =
    answer.kind === 'single'
      ? [answer.option]
      : answer.kind === 'multiple'
        ? answer.options
        : answer.kind === 'ordering'
          ? answer.order
          : [];
  if (answer.kind !== question.kind || indexes.some((index) => index >= question.options.length)) {
    throw invalidFields([{ field: 'answer', rule: 'not_this_question', message: 'does not answer this question' }]);
  }
  const [saved] = await tx
    .update(examResults)
    .set({ answers: { ...answersOf(target.row), [String(question.id)]: answer }, updatedAt: at })
    .where(
      and(
        eq(examResults.companyId, actor.companyId),
        eq(examResults.examId, target.exam.id),
        eq(examResults.studentId, actor.id),
      ),
    )
    .returning();
  return { attempt: toAttempt(saved!) };
}

/** POST …/submit: graded at once; after the deadline refused (the attempt was closed with what was saved). */
export async function submitAttempt(
  tx: Tx,
  actor: Actor,
  at: Date,
  params: { id: number; exam_id: number },
): Promise<AttemptOutcome> {
  const target = await openAttempt(tx, actor, at, params);
  if (target.expired) return { expired: true as const };
  const closed = await close(tx, target.row, at, target.exam, target.group, false);
  return { attempt: toAttempt(closed!) };
}
