import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema } from './common.js';

/**
 * Grades and their settings (spec §3 "Grade settings", §5 "changing grade max score deletes old grades",
 * §6 "non-teaching staff give grades only if allowed"). A grade is a whole score from 1 to the company's
 * max score, given to a student for one lesson of his group.
 */

/** The highest max score a company may choose (a 100-point scale is the largest in use). */
export const GRADE_MAX_SCORE_LIMIT = 100;
/** Spec §9 leaves the default unshown; five points is the school scale of the centres' countries. */
export const DEFAULT_GRADE_MAX_SCORE = 5;

/** Spec §3 "show centre/branch rating in profile": which rating a student's profile shows, if any. */
export const RATING_IN_PROFILE = ['none', 'centre', 'branch'] as const;
export type RatingInProfile = (typeof RATING_IN_PROFILE)[number];

/** A rating weighs grades 70 % and attendance 30 % unless the company chooses otherwise. */
export const DEFAULT_RATING_ATTENDANCE_WEIGHT = 30;

export const gradeSettingsValuesSchema = z.object({
  max_score: z.number().int().min(2).max(GRADE_MAX_SCORE_LIMIT),
  /** Profiles and the group's chart show a month's grades as one figure. */
  aggregate_by_month: z.boolean(),
  /** That figure (and the table's total) is the average; otherwise the sum. */
  calculate_average: z.boolean(),
  /** Grades of earlier days may be given or changed; otherwise only on the lesson's day. */
  allow_past_dates: z.boolean(),
  /** Staff who do not teach the group may grade (spec §6); otherwise only its teacher of the lesson. */
  allow_non_teachers: z.boolean(),
  rating_in_profile: z.enum(RATING_IN_PROFILE),
  /** The rating's share (percent) of attendance; grades take the rest (issue 19 "the weights a company setting"). */
  rating_attendance_weight: z.number().int().min(0).max(100).default(DEFAULT_RATING_ATTENDANCE_WEIGHT),
});
export type GradeSettingsValues = z.infer<typeof gradeSettingsValuesSchema>;

export const DEFAULT_GRADE_SETTINGS: GradeSettingsValues = {
  max_score: DEFAULT_GRADE_MAX_SCORE,
  aggregate_by_month: true,
  calculate_average: true,
  allow_past_dates: false,
  allow_non_teachers: false,
  rating_in_profile: 'none',
  rating_attendance_weight: DEFAULT_RATING_ATTENDANCE_WEIGHT,
};

/** GET /grade-settings. */
export const gradeSettingsSchema = gradeSettingsValuesSchema.extend({
  /** How many grades the company has: what a change of the max score would delete. */
  grade_count: z.number().int(),
  policies: z.object({ edit: z.boolean() }),
});
export type GradeSettings = z.infer<typeof gradeSettingsSchema>;

/**
 * PUT /grade-settings. A new max score deletes every grade given on the old scale (spec §5): the caller
 * says how many he agreed to delete, and the change is refused (409 `grades_would_be_deleted`, with the
 * count) when that is not the number there are now — nobody loses grades he was not told of.
 */
export const gradeSettingsInputSchema = gradeSettingsValuesSchema.extend({
  delete_grades: z.number().int().min(0).optional(),
});
export type GradeSettingsInput = z.infer<typeof gradeSettingsInputSchema>;

/* ------------------------------------------------------------------ a group's grades */

export const gradePeriodParamsSchema = z.object({
  group_id: idSchema,
  from: isoDateSchema,
  till: isoDateSchema,
});

export const gradeSchema = z.object({
  student_id: z.number().int(),
  date: z.string(),
  score: z.number().int(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  updated_at: z.string(),
});
export type Grade = z.infer<typeof gradeSchema>;

/** GET /group/{id}/grades/{from}/{till}: the period's grades of the group, beside its attendance grid. */
export const groupGradesSchema = z.object({
  group_id: z.number().int(),
  from: z.string(),
  till: z.string(),
  max_score: z.number().int(),
  grades: z.array(gradeSchema),
  policies: z.object({
    /** The caller may grade in this group (its teacher; other staff when the settings allow). */
    grade: z.boolean(),
    /** ... and on earlier days than today, not only today's lesson. */
    past_dates: z.boolean(),
  }),
});
export type GroupGrades = z.infer<typeof groupGradesSchema>;

/** PUT /grade: gives, changes or (score null) takes back a student's grade for a lesson of his group. */
export const gradeInputSchema = z.object({
  group_id: idSchema,
  student_id: idSchema,
  date: isoDateSchema,
  score: z.number().int().min(1).max(GRADE_MAX_SCORE_LIMIT).nullable(),
});
export type GradeInput = z.infer<typeof gradeInputSchema>;

export const gradeResultSchema = z.object({
  group_id: z.number().int(),
  student_id: z.number().int(),
  date: z.string(),
  score: z.number().int().nullable(),
});

/* ------------------------------------------------------------------ a student's grades */

export const studentGradesQuerySchema = z.object({ group_id: idSchema.optional() });

/** One month of a student's grades in one group: what the chart draws and the table totals. */
export const gradeMonthSchema = z.object({
  group_id: z.number().int(),
  month: z.string(),
  count: z.number().int(),
  sum: z.number().int(),
  /** The month's figure by the settings: average (one decimal) or sum. */
  value: z.number(),
});

/** GET /user/{id}/grades: a student's grades in his groups, newest first, and per month. */
export const studentGradesSchema = z.object({
  student_id: z.number().int(),
  max_score: z.number().int(),
  aggregate_by_month: z.boolean(),
  calculate_average: z.boolean(),
  groups: z.array(z.object({ id: z.number().int(), title: z.string() })),
  grades: z.array(gradeSchema.extend({ group_id: z.number().int() })),
  months: z.array(gradeMonthSchema),
});
export type StudentGrades = z.infer<typeof studentGradesSchema>;

/* ------------------------------------------------------------------ the company's overview */

export const gradeOverviewQuerySchema = z.object({
  branch_id: idSchema,
  /** The last month shown (YYYY-MM); six months up to it. Absent: the company's current month. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});

/** GET /grades/overview: settings-grade's graph and table — each group's monthly figure over six months. */
export const gradeOverviewSchema = z.object({
  months: z.array(z.string()),
  max_score: z.number().int(),
  calculate_average: z.boolean(),
  groups: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      teacher: z.string().nullable(),
      /** One per month of `months`; null where the group has no grade that month. */
      values: z.array(z.number().nullable()),
      count: z.number().int(),
    }),
  ),
});
export type GradeOverview = z.infer<typeof gradeOverviewSchema>;

/**
 * A month's figure: the average to one decimal, or the sum. Shared by the server's answers and the web's
 * table so the two never disagree.
 */
export const gradeFigure = (sum: number, count: number, average: boolean): number =>
  average ? (count === 0 ? 0 : Math.round((sum / count) * 10) / 10) : sum;
