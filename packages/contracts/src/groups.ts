import { z } from 'zod';
import { DAY_TYPES, GROUP_ENDING_DAYS, GROUP_NEW_DAYS, GroupStatus, type GroupStatusId } from './academics.js';
import { dayLessonSchema } from './attendance.js';
import { dataOf, isoDateSchema } from './catalog.js';
import { idSchema, pageQuerySchema } from './common.js';
import { daysBetween, minutesOf, timeSchema } from './dates.js';
import type { FieldError } from './errors.js';
import { LANGUAGES } from './locale.js';

/* ------------------------------------------------------------------ dates and times */

/** `YYYY-MM-DD`, a real calendar day (catalog's isoDateSchema). */
const dateSchema = isoDateSchema;

/* ------------------------------------------------------------------ group rules */

/**
 * Spec §9 "Lesson start step 5 minutes" (company flag lesson_start_time_step_five_minutes)
 * or the older 30-minute step: the grid of the timetable and of the start-time picker.
 */
export const lessonStepOf = (fiveMinuteStep: boolean): 5 | 30 => (fiveMinuteStep ? 5 : 30);

/** Statuses of a group that still meets: only these occupy rooms and teachers (spec §4). */
export const RUNNING_GROUP_STATUSES: readonly GroupStatusId[] = [GroupStatus.selection, GroupStatus.active];

export const GROUP_NAME_MAX = 100;

export interface GroupScheduleFields {
  day_type: (typeof DAY_TYPES)[number];
  exact_days?: readonly number[] | null;
  start_time: string;
  end_time: string;
  start_date: string;
  end_date?: string | null;
}

/**
 * The rules that join several fields of a group (spec §5), shared by the server and
 * the form: exact days for 'other', the end after the start, the start time on the
 * company's step (5 or 30 minutes) and the end time on a 5-minute step.
 */
export function groupScheduleProblems(input: GroupScheduleFields, step: 5 | 30): FieldError[] {
  const problems: FieldError[] = [];
  if (input.day_type === 'other' && !input.exact_days?.length) {
    problems.push({ field: 'exact_days', rule: 'required', message: 'exact_days is required for day type other' });
  }
  if (minutesOf(input.start_time) % step !== 0) {
    problems.push({
      field: 'start_time',
      rule: 'time_step',
      message: `start_time: minutes must be a multiple of ${step}`,
      limit: step,
    });
  }
  if (minutesOf(input.end_time) % 5 !== 0) {
    problems.push({
      field: 'end_time',
      rule: 'time_step',
      message: 'end_time: minutes must be a multiple of 5',
      limit: 5,
    });
  }
  if (minutesOf(input.end_time) <= minutesOf(input.start_time)) {
    problems.push({ field: 'end_time', rule: 'end_before_start', message: 'end_time must be after start_time' });
  }
  if (input.end_date && input.end_date < input.start_date) {
    problems.push({ field: 'end_date', rule: 'end_before_start', message: 'end_date must not be before start_date' });
  }
  return problems;
}

/** Spec §9 group badges, computed for one day (`today`, `YYYY-MM-DD`). */
export interface GroupBadges {
  /** Started within the last GROUP_NEW_DAYS days. */
  is_new: boolean;
  /** Days until the start, when the start is in the future. */
  starts_in_days: number | null;
  /** Days until the end, within GROUP_ENDING_DAYS of it. */
  days_left: number | null;
  /** The end date has passed while the group still runs: the screen prompts to archive it (spec §4). */
  expired: boolean;
}

export function groupBadges(
  group: { start_date: string; end_date: string | null; status: number },
  today: string,
): GroupBadges {
  const sinceStart = daysBetween(group.start_date, today);
  const toEnd = group.end_date ? daysBetween(today, group.end_date) : null;
  const running = (RUNNING_GROUP_STATUSES as readonly number[]).includes(group.status);
  return {
    is_new: sinceStart >= 0 && sinceStart < GROUP_NEW_DAYS,
    starts_in_days: sinceStart < 0 ? -sinceStart : null,
    days_left: toEnd !== null && toEnd >= 0 && toEnd <= GROUP_ENDING_DAYS ? toEnd : null,
    expired: running && toEnd !== null && toEnd < 0,
  };
}

/** The shown title of a group (spec §5 "Group title optional"): its name, else its generated code. */
export const groupTitle = (group: { name: string | null; code: string }): string => group.name?.trim() || group.code;

/** Spec §3: the code is the course code (or the first letters of its name) and the group's order number. */
export function groupCode(course: { code: string | null; name: string }, orderNumber: number): string {
  const prefix =
    course.code?.trim() ||
    course.name
      .replace(/[^\p{L}\p{N}]/gu, '')
      .slice(0, 3)
      .toUpperCase() ||
    'GR';
  return `${prefix}-${orderNumber}`;
}

/* ------------------------------------------------------------------ group API */

const daysSchema = z.array(z.number().int().min(1).max(7)).max(7);

/** Spec §3 Group, as written by POST /group. */
export const groupCreateSchema = z.object({
  branch_id: idSchema,
  course_id: idSchema,
  teacher_id: idSchema,
  room_id: idSchema.nullable().optional(),
  name: z.string().trim().max(GROUP_NAME_MAX).nullable().optional(),
  day_type: z.enum(DAY_TYPES),
  exact_days: daysSchema.nullable().optional(),
  start_time: timeSchema,
  end_time: timeSchema,
  start_date: dateSchema,
  /** Absent: the start date plus the course's duration in months (spec §3). */
  end_date: dateSchema.nullable().optional(),
  status: z
    .number()
    .int()
    .refine((v) => v >= 1 && v <= 4, { message: 'Unknown group status' })
    .optional(),
});
export type GroupCreate = z.infer<typeof groupCreateSchema>;

/** PUT /group/{id}: any of the fields; what is absent stays as it is. The branch does not change. */
export const groupUpdateSchema = groupCreateSchema.omit({ branch_id: true }).partial();
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;

export const groupCapacitySchema = z.object({
  students: z.number().int(),
  /** The room's capacity; null when the group has no room. */
  capacity: z.number().int().nullable(),
  /** Spec §5: the students fill the room (a warning, not a refusal). */
  full: z.boolean(),
});
export type GroupCapacity = z.infer<typeof groupCapacitySchema>;

export const groupBadgesSchema = z.object({
  is_new: z.boolean(),
  starts_in_days: z.number().int().nullable(),
  days_left: z.number().int().nullable(),
  expired: z.boolean(),
});

export const refSchema = z.object({ id: z.number().int(), name: z.string() });

export const groupSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string().nullable(),
  title: z.string(),
  branch_id: z.number().int(),
  course: z.object({
    id: z.number().int(),
    name: z.string(),
    price: z.number().int(),
    lesson_duration: z.number().int(),
    course_duration: z.number().int().nullable(),
  }),
  teacher: refSchema,
  room: z.object({ id: z.number().int(), name: z.string(), capacity: z.number().int() }).nullable(),
  day_type: z.enum(DAY_TYPES),
  days: z.array(z.number().int()),
  exact_days: z.array(z.number().int()).nullable(),
  start_time: z.string(),
  end_time: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.number().int(),
  student_count: z.number().int(),
  capacity: groupCapacitySchema,
  badges: groupBadgesSchema,
});
export type Group = z.infer<typeof groupSchema>;

export const groupListQuerySchema = pageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(500).default(20),
  branch_id: idSchema.optional(),
  /** Absent: every group but the archived ones. */
  status: z.coerce
    .number()
    .int()
    .refine((v) => v >= 1 && v <= 4)
    .optional(),
  teacher_id: idSchema.optional(),
  course_id: idSchema.optional(),
  room_id: idSchema.optional(),
  /** Day type (spec §7 export names it `days`; both are accepted). */
  day_type: z.enum(DAY_TYPES).optional(),
  days: z.enum(DAY_TYPES).optional(),
  /** Part of the title, code or course name. */
  name: z.string().trim().max(100).optional(),
  /** Groups that run at some time between these days. */
  date_start: dateSchema.optional(),
  date_end: dateSchema.optional(),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

export const groupExportQuerySchema = groupListQuerySchema.omit({ page: true, per_page: true }).extend({
  /** The language of the sheet's headings; absent: uz. */
  lang: z.enum(LANGUAGES).optional(),
});

export const groupDeletedSchema = z.object({
  ok: z.literal(true),
  /** Spec §4: the first DELETE archives, a DELETE of an archived group deletes it. */
  result: z.enum(['archived', 'deleted']),
});

export const CONFLICT_REASONS = ['room', 'teacher'] as const;

/**
 * A group that already occupies the room or the teacher (spec §8 schedule conflict):
 * one entry per group. `reasons` names everything it holds (room first); `reason`
 * is the first of them, kept for readers written before `reasons`.
 */
export const scheduleConflictSchema = z.object({
  group_id: z.number().int(),
  title: z.string(),
  reason: z.enum(CONFLICT_REASONS),
  reasons: z.array(z.enum(CONFLICT_REASONS)).min(1),
  day_type: z.enum(DAY_TYPES),
  start_time: z.string(),
  end_time: z.string(),
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;

export const groupPeriodSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  from: z.string(),
  to: z.string(),
});
export const groupPeriodsSchema = dataOf(groupPeriodSchema);

/* ------------------------------------------------------------------ comments */

export const groupCommentSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  student_id: z.number().int().nullable(),
  author: refSchema.nullable(),
  text: z.string(),
  /** Issue 19: the student (and his parents) may read it; otherwise staff and teachers only. */
  visible_to_student: z.boolean(),
  created_at: z.string(),
});
export type GroupComment = z.infer<typeof groupCommentSchema>;

export const groupCommentsSchema = dataOf(groupCommentSchema);

export const groupCommentsQuerySchema = z.object({ group_id: idSchema, student_id: idSchema.optional() });

export const groupCommentCreateSchema = z.object({
  group_id: idSchema,
  student_id: idSchema.nullable().optional(),
  text: z.string().trim().min(1).max(2000),
  /** Only for a comment about a student. */
  visible_to_student: z.boolean().optional(),
});

/* ------------------------------------------------------------------ timetable */

export const scheduleQuerySchema = z.object({
  branch_id: idSchema,
  /** The timetable on a date: the day's lessons as they really take place (moved, cancelled, substituted). */
  date: dateSchema.optional(),
});

/** A block of the timetable: the group's timing, course, teacher and room. */
export const scheduleGroupSchema = groupSchema
  .pick({
    id: true,
    title: true,
    teacher: true,
    day_type: true,
    days: true,
    start_time: true,
    end_time: true,
    start_date: true,
    end_date: true,
    status: true,
    student_count: true,
  })
  .extend({ course: refSchema, room_id: z.number().int().nullable() });
export type ScheduleGroup = z.infer<typeof scheduleGroupSchema>;

/** A lesson of the timetable on a date: the day's lesson, and whether a substitute gives it (spec §4). */
export const scheduleLessonSchema = dayLessonSchema.extend({
  /** The teacher was replaced for this one lesson (the lesson record names him). */
  substitute: z.boolean(),
});
export type ScheduleLesson = z.infer<typeof scheduleLessonSchema>;

/**
 * GET /schedule: the running groups of a branch and its rooms, with the grid step and
 * working hours; with `date`, also that day's lessons (a teacher: only those he gives).
 */
export const scheduleSchema = z.object({
  groups: z.array(scheduleGroupSchema),
  rooms: z.array(z.object({ id: z.number().int(), name: z.string(), capacity: z.number().int() })),
  step: z.union([z.literal(5), z.literal(30)]),
  day_start: z.string(),
  day_end: z.string(),
  date: z.string().optional(),
  lessons: z.array(scheduleLessonSchema).optional(),
});
export type Schedule = z.infer<typeof scheduleSchema>;
