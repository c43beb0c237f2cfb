import { z } from 'zod';
import { courseLessonSchema } from './course-lessons.js';
import { addDays } from './dates.js';
import { type CalendarLesson, isHeld } from './lesson-calendar.js';

/**
 * The group's lessons (issue 19; spec §2 groups/{courseId}/{groupId}/lessons, groups/{id}/lessons-v2/…,
 * groups/{id}/add-lesson): the course's syllabus, with the group's own lessons slotted in, laid on the
 * group's lesson calendar. The k-th held lesson gets the k-th lesson of that sequence, so a cancelled lesson
 * (or a holiday) shifts the rest to later dates and a moved one carries its syllabus lesson to its new day.
 */

/** What placing needs of a lesson: its id and, for a group's own lesson, the lesson it follows. */
export interface SequencedLesson {
  id: number;
  /** Set on a group's own lesson. */
  group_id: number | null;
  after_lesson_id: number | null;
}

/**
 * The group's sequence: the course's lessons in their order, each group lesson right after the lesson it
 * names (several after one lesson in the order they were made, i.e. ascending id), one naming none first.
 * A group lesson whose anchor is no longer there goes last rather than disappearing.
 */
export function groupSequence<T extends SequencedLesson>(courseLessons: readonly T[], ownLessons: readonly T[]): T[] {
  const present = new Set([...courseLessons, ...ownLessons].map((lesson) => lesson.id));
  const after = new Map<number | null, T[]>();
  const orphans: T[] = [];
  for (const own of [...ownLessons].sort((a, b) => a.id - b.id)) {
    if (own.after_lesson_id !== null && !present.has(own.after_lesson_id)) {
      orphans.push(own);
      continue;
    }
    const list = after.get(own.after_lesson_id) ?? [];
    list.push(own);
    after.set(own.after_lesson_id, list);
  }
  const sequence: T[] = [];
  const seen = new Set<number>();
  const emit = (lesson: T) => {
    if (seen.has(lesson.id)) return; // an anchor cycle cannot loop
    seen.add(lesson.id);
    sequence.push(lesson);
    for (const next of after.get(lesson.id) ?? []) emit(next);
  };
  for (const first of after.get(null) ?? []) emit(first);
  for (const lesson of courseLessons) emit(lesson);
  for (const orphan of orphans) emit(orphan);
  // Own lessons anchored inside a cycle of own lessons were never reached: keep them, last.
  for (const own of ownLessons) emit(own);
  return sequence;
}

export interface PlacedLesson<T> {
  lesson: T;
  /** The calendar lesson it is given; null when the group's calendar ends before reaching it. */
  at: CalendarLesson | null;
}

/** The k-th held lesson of the calendar (in its order) gets the k-th lesson of the sequence. */
export function layOnCalendar<T>(sequence: readonly T[], calendar: readonly CalendarLesson[]): PlacedLesson<T>[] {
  const held = calendar.filter(isHeld);
  return sequence.map((lesson, k) => ({ lesson, at: held[k] ?? null }));
}

/**
 * Whether students of the group may open a placed lesson: all at once when the group says so, otherwise
 * from its day on. Staff and the group's teachers read every lesson whatever this says.
 */
export const isOpened = (at: CalendarLesson | null, today: string, openAll: boolean): boolean =>
  openAll || (at !== null && at.date <= today);

/** The day a lesson's homework is due: its date plus the homework's days. */
export const homeworkDueOn = (lessonDate: string, dueDays: number): string => addDays(lessonDate, dueDays);

// ── Answers ────────────────────────────────────────────────────────────────

export const HOMEWORK_ANSWER_TEXT_MAX = 10_000;
export const HOMEWORK_COMMENT_MAX = 2_000;

export const homeworkAnswerInputSchema = z.object({ text: z.string().trim().max(HOMEWORK_ANSWER_TEXT_MAX) });
export type HomeworkAnswerInput = z.infer<typeof homeworkAnswerInputSchema>;

/** Score on the company's grade scale (null: reviewed without a score), and the teacher's comment. */
export const homeworkReviewInputSchema = z.object({
  score: z.number().int().min(1).nullable(),
  comment: z.string().trim().max(HOMEWORK_COMMENT_MAX).default(''),
});
export type HomeworkReviewInput = z.input<typeof homeworkReviewInputSchema>;

export const homeworkAnswerSchema = z.object({
  student_id: z.number().int(),
  student_name: z.string(),
  text: z.string(),
  file: z.object({ name: z.string(), mime_type: z.string(), size: z.number().int(), url: z.string() }).nullable(),
  submitted_at: z.string(),
  /** Handed in after the day it was due (company time). */
  late: z.boolean(),
  score: z.number().int().nullable(),
  comment: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewer_name: z.string().nullable(),
});
export type HomeworkAnswer = z.infer<typeof homeworkAnswerSchema>;

/** A student of the group beside his answer (none yet: null), for the teacher's review list. */
export const homeworkAnswerRowSchema = z.object({
  student_id: z.number().int(),
  student_name: z.string(),
  answer: homeworkAnswerSchema.nullable(),
});
export type HomeworkAnswerRow = z.infer<typeof homeworkAnswerRowSchema>;

// ── Answers of the group's lesson screens ─────────────────────────────────

const placementSchema = z.object({
  /** 1-based place in the group's sequence. */
  position: z.number().int(),
  date: z.string().nullable(),
  start_time: z.string().nullable(),
  opened: z.boolean(),
  homework_due: z.string().nullable(),
});

export const groupLessonLineSchema = placementSchema.extend({
  id: z.number().int(),
  title: z.string(),
  module: z.number().int().nullable(),
  own: z.boolean(),
  has_video: z.boolean(),
  has_homework: z.boolean(),
  /** The student's own answer (students only). */
  my_answer: z.object({ late: z.boolean(), score: z.number().int().nullable(), reviewed: z.boolean() }).nullable(),
  /** How many answers were handed in and reviewed (staff and teachers only). */
  answers: z.object({ handed_in: z.number().int(), reviewed: z.number().int() }).nullable(),
});
export type GroupLessonLine = z.infer<typeof groupLessonLineSchema>;

export const nextLessonSchema = z.object({
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  room_name: z.string().nullable(),
});
export type NextLesson = z.infer<typeof nextLessonSchema>;

export const groupLessonsSchema = z.object({
  group: z.object({ id: z.number().int(), title: z.string(), course_id: z.number().int(), course_name: z.string() }),
  open_all: z.boolean(),
  next_lesson: nextLessonSchema.nullable(),
  progress: z.object({ opened: z.number().int(), total: z.number().int() }),
  /** The company's grade scale, which homework scores are given on. */
  max_score: z.number().int(),
  lessons: z.array(groupLessonLineSchema),
  policies: z.object({
    add_lesson: z.boolean(),
    change_opening: z.boolean(),
    edit_syllabus: z.boolean(),
    /** Lessons not yet opened to students may be read (staff and the group's teacher). */
    read_locked: z.boolean(),
  }),
});
export type GroupLessons = z.infer<typeof groupLessonsSchema>;

export const groupLessonSchema = courseLessonSchema.extend({
  placement: placementSchema,
  max_score: z.number().int(),
  my_answer: homeworkAnswerSchema.nullable(),
  /** Every current student with his answer (staff and teachers only). */
  answers: z.array(homeworkAnswerRowSchema).nullable(),
  policies: z.object({ edit: z.boolean(), delete: z.boolean(), answer: z.boolean(), review: z.boolean() }),
});
export type GroupLesson = z.infer<typeof groupLessonSchema>;

export const lessonOpeningInputSchema = z.object({ open_all: z.boolean() });
export type LessonOpeningInput = z.infer<typeof lessonOpeningInputSchema>;

export const groupLessonParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  lesson_id: z.coerce.number().int().positive(),
});
export const answerParamsSchema = groupLessonParamsSchema.extend({
  student_id: z.coerce.number().int().positive(),
});

/** The student's "Course lessons" screen: each of his groups. */
export const myCourseGroupSchema = z.object({
  group_id: z.number().int(),
  group_title: z.string(),
  course_id: z.number().int(),
  course_name: z.string(),
  progress: z.object({ opened: z.number().int(), total: z.number().int() }),
  next_lesson: nextLessonSchema.nullable(),
  /** Opened lessons whose homework he has not handed in, soonest due first. */
  homework_due: z.array(z.object({ lesson_id: z.number().int(), title: z.string(), due: z.string() })),
});
export type MyCourseGroup = z.infer<typeof myCourseGroupSchema>;
