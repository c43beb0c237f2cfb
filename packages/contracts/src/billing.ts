import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema } from './common.js';
import { MONEY_COMMENT_MAX } from './money.js';

/**
 * The billing engine's settings and calls (spec §3 Company payment mode and lessons
 * per month, §7 re_withdraw, §9 payment modes). docs/billing.md explains each mode
 * with worked examples.
 */

/** Spec §9 student payment modes, as stored in companies.datas.student_payment_mode. */
export const STUDENT_PAYMENT_MODES = [
  /** Every held lesson is charged on its day: price ÷ lessons per month. */
  'by_day',
  /** One charge per calendar month (1st to last day), at its start. */
  'monthly_calendar',
  /** One charge per month counted from the group's start date. */
  'monthly_from_start',
  /** The whole course (group start to end) at once. */
  'by_course',
  /** One charge per module of the course's lessons_per_module held lessons. */
  'by_module',
] as const;
export const studentPaymentModeSchema = z.enum(STUDENT_PAYMENT_MODES);
export type StudentPaymentMode = z.infer<typeof studentPaymentModeSchema>;

/**
 * Spec §9 lessons per month, stored in companies.datas.lessons_per_month_status:
 * dynamic divides the monthly price by the month's real number of held lessons; 12 and
 * 13 by that fixed number.
 */
export const LESSONS_PER_MONTH = ['dynamic', '12', '13'] as const;
export const lessonsPerMonthSchema = z.enum(LESSONS_PER_MONTH);
export type LessonsPerMonth = z.infer<typeof lessonsPerMonthSchema>;

export const DEFAULT_STUDENT_PAYMENT_MODE: StudentPaymentMode = 'monthly_calendar';
export const DEFAULT_LESSONS_PER_MONTH: LessonsPerMonth = 'dynamic';

export interface BillingSettings {
  mode: StudentPaymentMode;
  lessonsPerMonth: LessonsPerMonth;
}

/**
 * The company's billing settings, read leniently: both datas keys are free strings
 * (older data, other clients), so a value that is not one of ours means the default.
 */
export function billingSettingsOf(datas: {
  student_payment_mode?: string | null;
  lessons_per_month_status?: string | null;
}): BillingSettings {
  const mode = studentPaymentModeSchema.safeParse(datas.student_payment_mode);
  const lessons = lessonsPerMonthSchema.safeParse(datas.lessons_per_month_status);
  return {
    mode: mode.success ? mode.data : DEFAULT_STUDENT_PAYMENT_MODE,
    lessonsPerMonth: lessons.success ? lessons.data : DEFAULT_LESSONS_PER_MONTH,
  };
}

/** A flag of spec §7 query strings: 1/0 or true/false. */
const flagSchema = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

/**
 * POST /group/{group_id}/re_withdraw (spec §7: query from, to, branch_id, remove_withdraws,
 * make_withdraw, "plus body"): recalculate the charges of the group's students whose
 * billing unit (lesson, month, course or module) begins between from and to. Each field
 * may come in the query or the body (the query wins); from and to are required in one.
 */
const reWithdrawFields = {
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  branch_id: idSchema.optional(),
  /** Reverse the period's charges (default yes). */
  remove_withdraws: flagSchema,
  /** Book the period's charges as the engine calculates them now (default yes). */
  make_withdraw: flagSchema,
  /** Why (shown on every reversal and in the history). */
  reason: z.string().trim().min(1).max(MONEY_COMMENT_MAX).optional(),
};
export const reWithdrawQuerySchema = z.object(reWithdrawFields);
export const reWithdrawBodySchema = z
  .object({
    ...reWithdrawFields,
    remove_withdraws: z.union([z.boolean(), flagSchema]).optional(),
    make_withdraw: z.union([z.boolean(), flagSchema]).optional(),
  })
  .nullish();
export type ReWithdrawQuery = z.infer<typeof reWithdrawQuerySchema>;
export type ReWithdrawBody = z.infer<typeof reWithdrawBodySchema>;

/** The request once query and body are merged. */
export interface ReWithdrawRequest {
  from: string;
  to: string;
  branchId: number | null;
  removeWithdraws: boolean;
  makeWithdraw: boolean;
  reason: string | null;
}

export const reWithdrawResultSchema = z.object({
  group_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Charges reversed, and their total (minor units, positive: what went back to the balances). */
  reversed: z.number().int(),
  reversed_amount: z.number().int(),
  /** Charges booked, and their total (minor units, positive: what was charged). */
  booked: z.number().int(),
  booked_amount: z.number().int(),
});
export type ReWithdrawResult = z.infer<typeof reWithdrawResultSchema>;
