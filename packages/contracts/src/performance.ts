import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema } from './common.js';
import { LANGUAGES } from './locale.js';

/**
 * Performance of teachers and courses (spec §2 performance_teachers/list, performance_courses/list,
 * reports/performance; §7 /reports/teachers/productivity, /reports/conversion/teachers|courses,
 * /reports/students/activity). Every figure is defined in docs/reports.md "Performance"; the
 * comments here repeat the short form the web shows as a column's tooltip.
 */

/** A period of at most a (leap) year, both ends included. */
export const PERFORMANCE_MAX_DAYS = 366;

/** The filters of every performance read: a branch, a period and optionally a teacher or a course (with its levels). */
export const performanceQuerySchema = z.object({
  branch_id: idSchema,
  from: isoDateSchema,
  till: isoDateSchema,
  teacher_id: idSchema.optional(),
  course_id: idSchema.optional(),
});
export type PerformanceQuery = z.infer<typeof performanceQuerySchema>;

/** The Excel downloads take the same filters and the language of the headings. */
export const performanceExportQuerySchema = performanceQuerySchema.extend({ lang: z.enum(LANGUAGES).optional() });
export type PerformanceExportQuery = z.infer<typeof performanceExportQuerySchema>;

const countSchema = z.number().int().nonnegative();
/** Whole percent with one decimal; null when there is nothing to divide by. */
const percentSchema = z.number().min(0).max(100).nullable();
const refSchema = z.object({ id: z.number().int(), name: z.string() });

/** Departures of the period by archive reason; `reason` null: none was chosen (only a comment). */
export const leftReasonSchema = z.object({ reason: refSchema.nullable(), count: countSchema });
export type LeftReason = z.infer<typeof leftReasonSchema>;

export const performanceFiguresSchema = z.object({
  /** The groups with students at some day of the period. */
  groups: countSchema,
  /** Places paying (status 5) at the end of the day before the period. */
  active_at_start: countSchema,
  /** Places joined in the period (a transfer from another group is not new). */
  new_students: countSchema,
  /** Places left (archived) in the period, transfers to another group aside. */
  left: countSchema,
  /** Of `left`, those who were among `active_at_start`. */
  left_of_active: countSchema,
  /** Transfers to another group in the period (neither left nor retained as a loss). */
  moved_out: countSchema,
  /** Places paying at the end of the period's last day. */
  active_at_end: countSchema,
  /** (active_at_start − left_of_active) / active_at_start. */
  retention: percentSchema,
  /** Present and absent marks on held lessons of the period; percent = present / (present + absent). */
  attendance: z.object({ present: countSchema, absent: countSchema, percent: percentSchema }),
  /** Of the period's new students (each joins on trial), those who have become paying since. */
  conversion: z.object({ trials: countSchema, converted: countSchema, percent: percentSchema }),
  /** Payments into the groups in the period, minor units; null for a caller who sees no money. */
  income: z.number().int().nullable(),
  /** Most frequent first. */
  left_reasons: z.array(leftReasonSchema),
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;

/** What the caller may do with the report, decided on the server (spec §6; the limited admin sees no money). */
export const performancePoliciesSchema = z.object({ income: z.boolean(), export: z.boolean() });
export type PerformancePolicies = z.infer<typeof performancePoliciesSchema>;

export const teacherPerformanceRowSchema = performanceFiguresSchema.extend({ teacher: refSchema });
export type TeacherPerformanceRow = z.infer<typeof teacherPerformanceRowSchema>;
export const coursePerformanceRowSchema = performanceFiguresSchema.extend({ course: refSchema });
export type CoursePerformanceRow = z.infer<typeof coursePerformanceRowSchema>;

/** Rows by teacher name (or course name) and the total over them. */
export const teacherPerformanceSchema = z.object({
  data: z.array(teacherPerformanceRowSchema),
  total: performanceFiguresSchema,
  policies: performancePoliciesSchema,
});
export type TeacherPerformance = z.infer<typeof teacherPerformanceSchema>;
export const coursePerformanceSchema = z.object({
  data: z.array(coursePerformanceRowSchema),
  total: performanceFiguresSchema,
  policies: performancePoliciesSchema,
});
export type CoursePerformance = z.infer<typeof coursePerformanceSchema>;

/* ------------------------------------------------------------------ conversion (spec §4 funnel: trial in group → paid) */

export const conversionFiguresSchema = z.object({
  /** Places joined in the period as trial students (transfers aside). */
  trials: countSchema,
  /** Of them, those who have become paying (status 5) since, whatever they are now. */
  converted: countSchema,
  /** Of them, still on trial now (statuses 1, 2, 3). */
  in_trial: countSchema,
  /** Of them, left without ever paying. */
  lost: countSchema,
  /** converted / trials. */
  percent: percentSchema,
});
export type ConversionFigures = z.infer<typeof conversionFiguresSchema>;

export const teacherConversionSchema = z.object({
  data: z.array(conversionFiguresSchema.extend({ teacher: refSchema })),
  total: conversionFiguresSchema,
});
export type TeacherConversion = z.infer<typeof teacherConversionSchema>;
export const courseConversionSchema = z.object({
  data: z.array(conversionFiguresSchema.extend({ course: refSchema })),
  total: conversionFiguresSchema,
});
export type CourseConversion = z.infer<typeof courseConversionSchema>;

/* ------------------------------------------------------------------ students' activity by month */

export const activityFiguresSchema = z.object({
  active_at_start: countSchema,
  new_students: countSchema,
  /** Of the new students, those who have become paying since. */
  converted: countSchema,
  left: countSchema,
  moved_out: countSchema,
  active_at_end: countSchema,
});
export type ActivityFigures = z.infer<typeof activityFiguresSchema>;

/**
 * GET /reports/students/activity: the period cut into calendar months (the first and last cut
 * to the period), each with the figures of the performance tables for that stretch, and the
 * whole period's. A month's `active_at_end` is the next one's `active_at_start`.
 */
export const studentsActivitySchema = z.object({
  months: z.array(
    activityFiguresSchema.extend({
      /** `YYYY-MM`. */
      month: z.string(),
      from: isoDateSchema,
      till: isoDateSchema,
    }),
  ),
  total: activityFiguresSchema,
});
export type StudentsActivity = z.infer<typeof studentsActivitySchema>;
