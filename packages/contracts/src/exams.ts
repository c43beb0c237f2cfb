import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, requiredText } from './common.js';

/**
 * Exams and the roadmap (issue 19; spec §2 groups/{id}/exam/{id}, /roadmap; §3 Course "exam duration"; §9 "exam
 * roadmap max ball 10"). An exam belongs to a group (a module's exam, on a date); offline, the teacher enters each
 * student's ball; online, each student answers questions drawn from the course's question bank within the time,
 * and the server grades and closes it.
 */

/** Spec §9: the roadmap's scale. */
export const EXAM_MAX_BALL = 10;
export const EXAM_KINDS = ['offline', 'online'] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];
export const QUESTION_KINDS = ['single', 'multiple', 'short', 'ordering'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
/** When the course sets no exam duration. */
export const DEFAULT_EXAM_MINUTES = 60;
export const QUESTION_OPTIONS_MAX = 10;

// ── The question bank ──────────────────────────────────────────────────────

const optionText = requiredText(500);

/**
 * A question as written. `correct` holds option indexes: one for single choice, at least one for multiple; a short
 * answer lists its accepted answers; an ordering question's options are written in their right order.
 */
export const questionInputSchema = z
  .object({
    kind: z.enum(QUESTION_KINDS),
    text: requiredText(2000),
    points: z.number().int().min(1).max(10).default(1),
    options: z.array(optionText).max(QUESTION_OPTIONS_MAX).default([]),
    correct: z.array(z.number().int().min(0)).default([]),
    accepted: z.array(requiredText(200)).max(20).default([]),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (q.kind === 'short') {
      if (!q.accepted.length) issue('accepted', 'required');
      return;
    }
    if (q.options.length < 2) issue('options', 'at_least_two');
    if (q.correct.some((index) => index >= q.options.length)) issue('correct', 'not_an_option');
    if (q.kind === 'single' && q.correct.length !== 1) issue('correct', 'exactly_one');
    if (q.kind === 'multiple' && q.correct.length < 1) issue('correct', 'at_least_one');
  });
export type QuestionInput = z.input<typeof questionInputSchema>;
export type QuestionValues = z.output<typeof questionInputSchema>;

export const questionSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  text: z.string(),
  points: z.number().int(),
  options: z.array(z.string()),
  correct: z.array(z.number().int()),
  accepted: z.array(z.string()),
});
export type Question = z.infer<typeof questionSchema>;

// ── Exams ──────────────────────────────────────────────────────────────────

export const examInputSchema = z.object({
  title: requiredText(200),
  kind: z.enum(EXAM_KINDS),
  date: isoDateSchema,
  /** The module it closes (null: none). */
  module: z.number().int().min(1).max(100).nullable().default(null),
  /** Online: minutes from the start; absent: the course's exam duration. */
  duration_minutes: z.number().int().min(5).max(600).nullable().default(null),
  /** Online: questions drawn from the bank per student (null: all). */
  question_count: z.number().int().min(1).max(200).nullable().default(null),
});
export type ExamInput = z.input<typeof examInputSchema>;
export type ExamValues = z.output<typeof examInputSchema>;

/** due: its day is ahead (or today) and results are missing; done: everyone has a result; overdue: past, missing. */
export const EXAM_STATES = ['due', 'done', 'overdue'] as const;
export type ExamState = (typeof EXAM_STATES)[number];

export const examSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  group_title: z.string(),
  title: z.string(),
  kind: z.enum(EXAM_KINDS),
  date: z.string(),
  module: z.number().int().nullable(),
  duration_minutes: z.number().int(),
  question_count: z.number().int().nullable(),
  /** Questions the course's bank has (online exams draw from them). */
  bank_size: z.number().int(),
  state: z.enum(EXAM_STATES),
  results: z.object({ done: z.number().int(), of: z.number().int() }),
  /** The caller's own result (a student). */
  my_ball: z.number().nullable(),
});
export type Exam = z.infer<typeof examSchema>;

export const groupExamsSchema = z.object({
  data: z.array(examSchema),
  policies: z.object({ manage: z.boolean() }),
});
export type GroupExams = z.infer<typeof groupExamsSchema>;

export const examResultInputSchema = z.object({
  /** The ball out of EXAM_MAX_BALL, to one decimal; null takes it back. */
  ball: z.number().min(0).max(EXAM_MAX_BALL).multipleOf(0.1).nullable(),
});
export type ExamResultInput = z.infer<typeof examResultInputSchema>;

export const examResultSchema = z.object({
  student_id: z.number().int(),
  student_name: z.string(),
  ball: z.number().nullable(),
  /** Online: started, submitted (or closed at the deadline). */
  started_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  points: z.number().nullable(),
  max_points: z.number().nullable(),
});
export type ExamResult = z.infer<typeof examResultSchema>;

/** A question as the student sees it: its options in his order, no answer. */
export const attemptQuestionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  text: z.string(),
  points: z.number().int(),
  /** Each option with its index in the question as written (answers name options by it). */
  options: z.array(z.object({ index: z.number().int(), text: z.string() })),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

export const attemptAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), option: z.number().int().min(0) }),
  z.object({ kind: z.literal('multiple'), options: z.array(z.number().int().min(0)).max(QUESTION_OPTIONS_MAX) }),
  z.object({ kind: z.literal('short'), text: z.string().trim().max(200) }),
  z.object({ kind: z.literal('ordering'), order: z.array(z.number().int().min(0)).max(QUESTION_OPTIONS_MAX) }),
]);
export type AttemptAnswer = z.infer<typeof attemptAnswerSchema>;

export const attemptSchema = z.object({
  started_at: z.string(),
  deadline_at: z.string(),
  submitted_at: z.string().nullable(),
  questions: z.array(attemptQuestionSchema),
  answers: z.record(z.string(), attemptAnswerSchema),
  ball: z.number().nullable(),
  points: z.number().nullable(),
  max_points: z.number().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const examPageSchema = z.object({
  exam: examSchema,
  /** Staff and the teacher: every student's result. */
  results: z.array(examResultSchema).nullable(),
  /** A student: his attempt of an online exam, once started. */
  attempt: attemptSchema.nullable(),
  policies: z.object({ manage: z.boolean(), enter_results: z.boolean(), start: z.boolean() }),
});
export type ExamPage = z.infer<typeof examPageSchema>;

export const saveAttemptAnswerSchema = z.object({ question_id: idSchema, answer: attemptAnswerSchema });
export type SaveAttemptAnswer = z.infer<typeof saveAttemptAnswerSchema>;

export const examParamsSchema = z.object({ id: idSchema, exam_id: idSchema });
export const examResultParamsSchema = examParamsSchema.extend({ student_id: idSchema });

export const roadmapQuerySchema = z.object({
  branch_id: idSchema,
  from: isoDateSchema,
  till: isoDateSchema,
  state: z.enum(EXAM_STATES).optional(),
});
export type RoadmapQuery = z.infer<typeof roadmapQuerySchema>;

export const roadmapSchema = z.object({
  data: z.array(examSchema),
  totals: z.object({ due: z.number().int(), done: z.number().int(), overdue: z.number().int() }),
});
export type Roadmap = z.infer<typeof roadmapSchema>;

/** GET /user/{id}/exam-results: a student's balls, newest first (his grades tab). */
export const studentExamResultSchema = z.object({
  exam_id: z.number().int(),
  group_id: z.number().int(),
  group_title: z.string(),
  title: z.string(),
  kind: z.enum(EXAM_KINDS),
  date: z.string(),
  module: z.number().int().nullable(),
  ball: z.number(),
});
export type StudentExamResult = z.infer<typeof studentExamResultSchema>;

// ── Grading ────────────────────────────────────────────────────────────────

/** A short answer as compared: case, surrounding and repeated spaces do not matter. */
export const normaliseShortAnswer = (text: string) => text.trim().toLocaleLowerCase().replace(/\s+/g, ' ');

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((value, index) => value === [...b].sort()[index]);

/** Whether an answer is right: all or nothing per question (no partial credit for half a set or order). */
export function isRightAnswer(
  question: Pick<Question, 'kind' | 'options' | 'correct' | 'accepted'>,
  answer: AttemptAnswer | undefined,
): boolean {
  if (!answer || answer.kind !== question.kind) return false;
  switch (answer.kind) {
    case 'single':
      return question.correct.length === 1 && question.correct[0] === answer.option;
    case 'multiple':
      return sameSet(question.correct, answer.options);
    case 'short':
      return question.accepted.some((accepted) => normaliseShortAnswer(accepted) === normaliseShortAnswer(answer.text));
    case 'ordering':
      return answer.order.length === question.options.length && answer.order.every((index, place) => index === place);
  }
}

/** The ball out of EXAM_MAX_BALL for points of max points, to one decimal. */
export const ballOf = (points: number, maxPoints: number): number =>
  maxPoints > 0 ? Math.round((points / maxPoints) * EXAM_MAX_BALL * 10) / 10 : 0;

/** An exam's state on a day from how many results it has of how many students. */
export function examState(date: string, today: string, done: number, of: number): ExamState {
  if (of > 0 && done >= of) return 'done';
  return date < today ? 'overdue' : 'due';
}
