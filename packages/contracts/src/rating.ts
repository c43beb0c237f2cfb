import { z } from 'zod';
import { idSchema, pageQuerySchema, paginationSchema } from './common.js';

/**
 * The rating (issue 19; spec §2 /rating, only with the scoring module on): students ranked by their grades and
 * attendance within a group, a course (with its levels), a branch or the whole centre, for a month or all time.
 */

export const RATING_SCOPES = ['group', 'course', 'branch', 'centre'] as const;
export type RatingScope = (typeof RATING_SCOPES)[number];

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export const ratingQuerySchema = pageQuerySchema.extend({
  scope: z.enum(RATING_SCOPES).default('centre'),
  /** The group, course or branch of the scope (none for the centre). */
  id: idSchema.optional(),
  /** YYYY-MM; absent: all time. */
  month: monthSchema.optional(),
});
export type RatingQuery = z.input<typeof ratingQuerySchema>;

export const ratingRowSchema = z.object({
  /** Shared by equal scores (1, 1, 3). */
  place: z.number().int(),
  student_id: z.number().int(),
  student_name: z.string(),
  /** 0–100, one decimal. */
  score: z.number(),
  average_grade: z.number().nullable(),
  grades: z.number().int(),
  attendance_percent: z.number().nullable(),
});
export type RatingRow = z.infer<typeof ratingRowSchema>;

export const ratingSchema = z.object({
  scope: z.enum(RATING_SCOPES),
  month: z.string().nullable(),
  max_score: z.number().int(),
  attendance_weight: z.number().int(),
  data: z.array(ratingRowSchema),
  pagination: paginationSchema,
});
export type Rating = z.infer<typeof ratingSchema>;

/** A student's places (his profile, his own screen): in each of his groups, and the centre or branch by the settings. */
export const studentPlacesSchema = z.object({
  month: z.string().nullable(),
  places: z.array(
    z.object({
      scope: z.enum(RATING_SCOPES),
      id: z.number().int().nullable(),
      title: z.string(),
      place: z.number().int(),
      of: z.number().int(),
      score: z.number(),
    }),
  ),
});
export type StudentPlaces = z.infer<typeof studentPlacesSchema>;
export const studentPlacesQuerySchema = z.object({ month: monthSchema.optional() });

export interface RatingInputs {
  student_id: number;
  student_name: string;
  grade_sum: number;
  grade_count: number;
  present: number;
  marked: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The ranking: score = grades' share × average grade / max score + attendance's share × present / marked, in
 * percent (a part without data counts 0); students without a grade or a mark are left out. Equal scores share
 * a place, and the next place skips (1, 1, 3); equal scores list by name.
 */
export function rankStudents(inputs: readonly RatingInputs[], maxScore: number, attendanceWeight: number): RatingRow[] {
  const gradeWeight = 100 - attendanceWeight;
  const rows = inputs
    .filter((s) => s.grade_count > 0 || s.marked > 0)
    .map((s) => {
      const average = s.grade_count > 0 ? s.grade_sum / s.grade_count : null;
      const attendance = s.marked > 0 ? s.present / s.marked : null;
      const score = (gradeWeight * (average ?? 0)) / maxScore + attendanceWeight * (attendance ?? 0);
      return {
        place: 0,
        student_id: s.student_id,
        student_name: s.student_name,
        score: round1(score),
        average_grade: average === null ? null : round1(average),
        grades: s.grade_count,
        attendance_percent: attendance === null ? null : round1(attendance * 100),
      };
    })
    .sort((a, b) => b.score - a.score || a.student_name.localeCompare(b.student_name) || a.student_id - b.student_id);
  rows.forEach((row, index) => {
    row.place = index > 0 && rows[index - 1]!.score === row.score ? rows[index - 1]!.place : index + 1;
  });
  return rows;
}
