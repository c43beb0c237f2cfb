import { z } from 'zod';
import { idSchema, pageQuerySchema, paginationSchema } from './common.js';
import { AMOUNT_MAX, MONEY_COMMENT_MAX, PAYMENT_METHODS } from './money.js';

/**
 * Teacher salaries (spec §2 finance salaries and new-salaries, §3 "Teacher salary
 * settings belong to a company", §7 /company/{id}/teacher_salary_settings, §8 "salary
 * publish error", §9 "Salary types fixed or percentage; bases: fixed per student per
 * month, percent of student payment, fixed per course"). docs/decisions/0014.
 */

/** Spec §9 salary types: a fixed sum, or a percentage. */
export const SALARY_TYPES = ['fixed', 'percentage'] as const;
export type SalaryType = (typeof SALARY_TYPES)[number];

/**
 * Spec §9 bases: a fixed sum per student per month (pro rata by lessons), a percent of
 * what students paid for the group, a fixed sum per group (course) taught in the month.
 */
export const SALARY_BASES = ['per_student_month', 'student_payment', 'per_course'] as const;
export type SalaryBase = (typeof SALARY_BASES)[number];

/** The type each base takes: a sum per student or per course, a percent of payments. */
export const SALARY_TYPE_OF_BASE: Record<SalaryBase, SalaryType> = {
  per_student_month: 'fixed',
  student_payment: 'percentage',
  per_course: 'fixed',
};

export const SALARY_STATUSES = ['draft', 'published'] as const;
export type SalaryStatus = (typeof SALARY_STATUSES)[number];

/** A calendar month, `YYYY-MM`. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

/** A percent with at most two decimals (stored in hundredths), above 0 and at most 100. */
export const percentSchema = z
  .number()
  .positive()
  .max(100)
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-9, 'at most two decimals');

/* ------------------------------------------------------------------ settings */

const namedRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * One rule of pay. `teacher` null: the company default; `course` null: any course. The
 * most specific rule wins for a group: teacher and course, teacher, course, company.
 */
export const salarySettingSchema = z.object({
  id: z.number().int(),
  teacher: namedRef.nullable(),
  course: namedRef.nullable(),
  type: z.enum(SALARY_TYPES),
  base: z.enum(SALARY_BASES),
  /** Fixed types: minor units per student-month or per group-month. */
  amount: z.number().int().nullable(),
  /** Percentage: percent of payments (40 = 40 %). */
  percent: z.number().nullable(),
  updated_at: z.string(),
});
export type SalarySetting = z.infer<typeof salarySettingSchema>;

/**
 * POST and PUT /company/{id}/teacher_salary_settings: `amount` with a fixed type,
 * `percent` with percentage; the type must be the one its base takes (SALARY_TYPE_OF_BASE).
 */
export const salarySettingInputSchema = z
  .object({
    teacher_id: idSchema.nullish(),
    course_id: idSchema.nullish(),
    type: z.enum(SALARY_TYPES),
    base: z.enum(SALARY_BASES),
    amount: z.number().int().positive().max(AMOUNT_MAX).nullish(),
    percent: percentSchema.nullish(),
  })
  .superRefine((input, ctx) => {
    if (SALARY_TYPE_OF_BASE[input.base] !== input.type)
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: `base ${input.base} takes type ${SALARY_TYPE_OF_BASE[input.base]}`,
      });
    if (input.type === 'fixed' && input.amount == null)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'required' });
    if (input.type === 'percentage' && input.percent == null)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'required' });
  });
export type SalarySettingInput = z.input<typeof salarySettingInputSchema>;
export type SalarySettingValues = z.output<typeof salarySettingInputSchema>;

/** GET /company/{id}/teacher_salary_settings: the rules, and whom and what a rule can name (for the editor). */
export const salarySettingListSchema = z.object({
  data: z.array(salarySettingSchema),
  teachers: z.array(namedRef),
  courses: z.array(namedRef),
});
export type SalarySettingList = z.infer<typeof salarySettingListSchema>;

export const salarySettingParamsSchema = z.object({ id: idSchema, setting_id: idSchema });

/* ------------------------------------------------------------------ calculations */

/**
 * One line of a salary: what it counts and what it adds.
 * - per_student_month: a student, the lessons of the month the teacher gave while the
 *   student was an active member, of the group's held lessons: rate × counted ÷ held.
 * - per_course: the group, the lessons the teacher gave (with at least one active
 *   student): rate × counted ÷ held.
 * - student_payment: a payment (or its reversal) for the group dated in the month, the
 *   teacher's share of the month's held lessons: payment × percent × counted ÷ held.
 */
export const salaryLineSchema = z.object({
  base: z.enum(SALARY_BASES),
  group: z.object({ id: z.number().int(), title: z.string() }),
  student: namedRef.nullable(),
  /** The lessons counted (their dates), the teacher's ones. */
  lessons: z.array(z.string()),
  /** The group's held lessons of the month: the denominator of the share. */
  held_lessons: z.number().int(),
  /** The fixed sum of the rule (per student or per course). */
  rate: z.number().int().nullable(),
  percent: z.number().nullable(),
  /** The payment counted (signed: a reversal is negative) and its ledger entry. */
  payment: z.object({ entry_id: z.number().int(), amount: z.number().int(), date: z.string() }).nullable(),
  /** What the line adds, rounded once, half up. */
  amount: z.number().int(),
});
export type SalaryLine = z.infer<typeof salaryLineSchema>;

export const salarySchema = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  month: z.string(),
  teacher: namedRef,
  status: z.enum(SALARY_STATUSES),
  /** Minor units the teacher earns (positive); the ledger books it negative. */
  amount: z.number().int(),
  /** Lessons he gave in the branch that month, and students counted. */
  lesson_count: z.number().int(),
  student_count: z.number().int(),
  /** Groups he taught that no rule covers: their lines are missing until a setting exists. */
  unsettled_groups: z.array(z.object({ id: z.number().int(), title: z.string() })),
  calculated_at: z.string(),
  calculated_by: namedRef.nullable(),
  published_at: z.string().nullable(),
  published_by: namedRef.nullable(),
  /** The ledger entry of kind salary that booked it, while published. */
  entry_id: z.number().int().nullable(),
});
export type Salary = z.infer<typeof salarySchema>;

export const salaryDetailSchema = salarySchema.extend({ lines: z.array(salaryLineSchema) });
export type SalaryDetail = z.infer<typeof salaryDetailSchema>;

/** POST /salaries/calculate: one branch's month; a teacher alone, or every teacher who gave lessons. */
export const salaryCalculateSchema = z.object({
  month: monthSchema,
  branch_id: idSchema,
  teacher_id: idSchema.nullish(),
});
export type SalaryCalculate = z.input<typeof salaryCalculateSchema>;
export type SalaryCalculateValues = z.output<typeof salaryCalculateSchema>;

export const salaryCalculatedSchema = z.object({
  data: z.array(salarySchema),
  /** Teachers whose month was already published: left as they are. */
  published_kept: z.number().int(),
});
export type SalaryCalculated = z.infer<typeof salaryCalculatedSchema>;

/** GET /salaries: staff name the branch; a teacher sees his own published months (branch optional). */
export const salaryListQuerySchema = pageQuerySchema.extend({
  branch_id: idSchema.optional(),
  month: monthSchema.optional(),
  status: z.enum(SALARY_STATUSES).optional(),
  teacher_id: idSchema.optional(),
});
export type SalaryListQuery = z.infer<typeof salaryListQuerySchema>;

export const salaryListSchema = z.object({
  data: z.array(salarySchema),
  pagination: paginationSchema,
  /** The sum of every salary the filter matches. */
  total: z.number().int(),
  /** Whether the caller may calculate, publish and change settings (the server's rule, for the buttons). */
  can_manage: z.boolean(),
});
export type SalaryList = z.infer<typeof salaryListSchema>;

/** POST /salaries/{id}/publish: how the money left (default cash). */
export const salaryPublishSchema = z
  .object({ method: z.enum(PAYMENT_METHODS).default('cash') })
  .default({ method: 'cash' });
export type SalaryPublish = z.input<typeof salaryPublishSchema>;
export type SalaryPublishValues = z.output<typeof salaryPublishSchema>;

/** POST /salaries/{id}/unpublish: the ledger entry is reversed with this reason; the month is a draft again. */
export const salaryUnpublishSchema = z.object({ reason: z.string().trim().min(1).max(MONEY_COMMENT_MAX) });
export type SalaryUnpublish = z.infer<typeof salaryUnpublishSchema>;
