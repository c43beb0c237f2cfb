import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, pageQuerySchema, paginationSchema } from './common.js';
import { timeSchema } from './dates.js';
import { LESSON_STATES } from './lesson-calendar.js';
import { LANGUAGES } from './locale.js';

/**
 * Lessons and attendance on the wire (spec §3 Attendance, §7 "Groups and
 * attendance"). Dates are `YYYY-MM-DD`, times `HH:MM`.
 */

/** Spec §3: a mark is present or absent; a student with no mark is "not marked". */
export const AttendanceMark = { absent: 0, present: 1 } as const;
export type AttendanceMarkId = (typeof AttendanceMark)[keyof typeof AttendanceMark];
const markSchema = z.union([z.literal(AttendanceMark.absent), z.literal(AttendanceMark.present)]);

/** The longest period one attendance grid or report asks for. */
export const ATTENDANCE_MAX_DAYS = 93;
export const LESSON_THEME_MAX = 300;
export const CANCEL_REASON_MAX = 300;

const refSchema = z.object({ id: z.number().int(), name: z.string() });

/** One dated lesson of a group, as the lesson calendar gives it. */
export const lessonSchema = z.object({
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  scheduled_date: z.string(),
  moved: z.boolean(),
  state: z.enum(LESSON_STATES),
  teacher: refSchema,
  room: refSchema.nullable(),
  theme: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  holiday: z.string().nullable(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/* ------------------------------------------------------------------ the grid */

export const attendancePeriodParamsSchema = z.object({
  group_id: idSchema,
  from: isoDateSchema,
  till: isoDateSchema,
});
export const attendanceGridQuerySchema = z.object({
  /** Spec §7: withAttendance=1 adds the marks; without it only lessons and students. */
  withAttendance: z.enum(['0', '1']).optional(),
});

export const attendanceStudentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The student's status in the group (contracts StudentStatus). */
  status: z.number().int(),
  /** The days he was in the group: marks are taken only between them. */
  created_date: z.string(),
  left_date: z.string().nullable(),
  /** Lesson date → mark; a lesson without a key is not marked. */
  marks: z.record(z.string(), markSchema),
});
export type AttendanceStudent = z.infer<typeof attendanceStudentSchema>;

export const attendanceGridSchema = z.object({
  group_id: z.number().int(),
  from: z.string(),
  till: z.string(),
  lessons: z.array(lessonSchema),
  students: z.array(attendanceStudentSchema),
  /** The company's today and time (its time zone), so a phone can open the current lesson first. */
  today: z.string(),
  now: z.string(),
  /** Whether the caller may mark now, and whether only during the lesson (teacher with the setting on). */
  can_mark: z.boolean(),
  only_during_lesson: z.boolean(),
  /** Whether the caller may cancel, move and re-teacher lessons (staff). */
  can_change_lessons: z.boolean(),
});
export type AttendanceGrid = z.infer<typeof attendanceGridSchema>;

/* ------------------------------------------------------------------ marking */

/** POST /attendance. */
export const attendanceMarkSchema = z.object({
  student_id: idSchema,
  group_id: idSchema,
  date: isoDateSchema,
  status: markSchema,
});
export type AttendanceMarkInput = z.infer<typeof attendanceMarkSchema>;

export const attendanceMarkResultSchema = z.object({
  student_id: z.number().int(),
  group_id: z.number().int(),
  date: z.string(),
  status: markSchema,
});

/** POST /attendance/lesson: one mark for every student of the lesson (the grid's "all present"). */
export const lessonAttendanceSchema = z.object({
  group_id: idSchema,
  date: isoDateSchema,
  status: markSchema,
  /** Only these students; absent: everyone in the group that day. */
  student_ids: z.array(idSchema).max(500).optional(),
});
export type LessonAttendanceInput = z.infer<typeof lessonAttendanceSchema>;
export const lessonAttendanceResultSchema = z.object({ marked: z.number().int() });

export const attendanceDeleteParamsSchema = z.object({
  student_id: idSchema,
  group_id: idSchema,
  attend_date: isoDateSchema,
});

/* ------------------------------------------------------------------ lesson changes */

/** A lesson is named by its group and the day it takes place now. */
const lessonRefSchema = z.object({ group_id: idSchema, date: isoDateSchema });

/** POST /canceled-lesson. */
export const lessonCancelSchema = lessonRefSchema.extend({
  reason: z.string().trim().min(1).max(CANCEL_REASON_MAX),
});
export type LessonCancelInput = z.infer<typeof lessonCancelSchema>;
/** DELETE /canceled-lesson/{group_id}/{date}: the lesson takes place after all. */
export const lessonRefParamsSchema = lessonRefSchema;

/** POST /lesson/transfer: to another day and time (and room). Moving it back to its own slot undoes the move. */
export const lessonTransferSchema = lessonRefSchema.extend({
  to_date: isoDateSchema,
  start_time: timeSchema,
  end_time: timeSchema,
  /** Absent: the group's room; null: no room. */
  room_id: idSchema.nullable().optional(),
});
export type LessonTransferInput = z.infer<typeof lessonTransferSchema>;

/** POST /lesson-entity: the lesson record's theme. */
export const lessonEntitySchema = lessonRefSchema.extend({
  theme: z.string().trim().max(LESSON_THEME_MAX).nullable(),
});
export type LessonEntityInput = z.infer<typeof lessonEntitySchema>;

/** PUT /group/{group_id}/teacher/change: for one lesson, or for every lesson from a day on. */
export const teacherChangeSchema = z.object({
  teacher_id: idSchema,
  date: isoDateSchema,
  scope: z.enum(['lesson', 'from_date']),
});
export type TeacherChangeInput = z.infer<typeof teacherChangeSchema>;
export const groupIdParamsSchema = z.object({ group_id: idSchema });

/* ------------------------------------------------------------------ a day's lessons */

/** GET /lessons/day: the lessons of one day (teacher's home; the timetable on a date). */
export const dayLessonsQuerySchema = z.object({
  date: isoDateSchema.optional(),
  branch_id: idSchema.optional(),
});
export const dayLessonSchema = lessonSchema.extend({
  group: z.object({ id: z.number().int(), title: z.string(), course: refSchema }),
  students: z.number().int(),
  marked: z.number().int(),
});
export type DayLesson = z.infer<typeof dayLessonSchema>;
export const dayLessonsSchema = z.object({
  date: z.string(),
  today: z.string(),
  now: z.string(),
  lessons: z.array(dayLessonSchema),
});
export type DayLessons = z.infer<typeof dayLessonsSchema>;

/* ------------------------------------------------------------------ reports */

const reportPeriodSchema = z.object({
  branch_id: idSchema,
  from: isoDateSchema,
  till: isoDateSchema,
  group_id: idSchema.optional(),
  teacher_id: idSchema.optional(),
  course_id: idSchema.optional(),
});

/** GET /attendance_report/: per student and group, over the held lessons of the period. */
export const attendanceReportQuerySchema = pageQuerySchema.extend(reportPeriodSchema.shape);
export type AttendanceReportQuery = z.infer<typeof attendanceReportQuerySchema>;

export const attendanceCountsSchema = z.object({
  /** Present marks. */
  visits: z.number().int(),
  /** Absent marks. */
  absents: z.number().int(),
  /** Past held lessons with no mark. */
  misses: z.number().int(),
  /** Held lessons while the student was in the group. */
  all: z.number().int(),
});
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;

export const attendanceReportRowSchema = attendanceCountsSchema.extend({
  student: refSchema,
  group: z.object({ id: z.number().int(), title: z.string() }),
  teacher: refSchema,
  course: refSchema,
  /** The student's status in the group. */
  status: z.number().int(),
});
export type AttendanceReportRow = z.infer<typeof attendanceReportRowSchema>;

export const attendanceReportSchema = z.object({
  data: z.array(attendanceReportRowSchema),
  totals: attendanceCountsSchema,
  pagination: paginationSchema,
});
export type AttendanceReport = z.infer<typeof attendanceReportSchema>;

/** GET /reports/skip-classes: students who missed `in_a_row` lessons running, or more than `percent` of them. */
export const skipClassesQuerySchema = pageQuerySchema.extend({
  ...reportPeriodSchema.shape,
  in_a_row: z.coerce.number().int().min(1).max(100).default(3),
  percent: z.coerce.number().int().min(1).max(100).default(30),
});
export type SkipClassesQuery = z.infer<typeof skipClassesQuerySchema>;

export const skipClassesRowSchema = z.object({
  student: refSchema.extend({ phone: z.string() }),
  group: z.object({ id: z.number().int(), title: z.string() }),
  teacher: refSchema,
  /** The longest run of absences in the period. */
  longest_run: z.number().int(),
  absents: z.number().int(),
  /** Held, past lessons of the period while in the group. */
  lessons: z.number().int(),
  /** absents / lessons, whole percent. */
  percent: z.number().int(),
  last_absent: z.string().nullable(),
});
export type SkipClassesRow = z.infer<typeof skipClassesRowSchema>;
export const skipClassesReportSchema = z.object({
  data: z.array(skipClassesRowSchema),
  pagination: paginationSchema,
});

/** The Excel downloads take the same filters and the language of the headings. */
export const reportExportLangSchema = z.object({ lang: z.enum(LANGUAGES).optional() });
