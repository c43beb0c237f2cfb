import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, pageQuerySchema, paginationSchema } from './common.js';
import { LANGUAGES } from './locale.js';
import { ledgerEntrySchema, PAYMENT_METHODS } from './money.js';

/**
 * Finance reports (spec §2 finance payments, withdraw, payments-groups, payments-courses;
 * §7 /replenishments, /withdraws, /users/balance-stats). Every figure is a sum of ledger
 * entries (ARCHITECTURE.md "Money"), in minor units. "Replenishments" is money in (payments);
 * "withdraws" are the billing engine's charges.
 */

/** A chart answers one bar per day for a period up to this many days, one per month beyond it. */
export const CHART_DAILY_MAX_DAYS = 62;
/** A chart covers at most five years of months (as the expense chart). */
export const CHART_MAX_MONTHS = 60;

/* ------------------------------------------------------------------ filters */

/** Spec §7 "(branch_id, from, to)": a period of whole days, both ends included. */
export const financePeriodQuerySchema = z.object({
  branch_id: idSchema,
  from: isoDateSchema,
  to: isoDateSchema,
});
export type FinancePeriodQuery = z.infer<typeof financePeriodQuerySchema>;

/** GET /replenishments, /totals and /export: the period may be open at either end. */
export const replenishmentFilterSchema = z.object({
  branch_id: idSchema,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  student_id: idSchema.optional(),
  group_id: idSchema.optional(),
});
export type ReplenishmentFilter = z.infer<typeof replenishmentFilterSchema>;

export const replenishmentListQuerySchema = pageQuerySchema.extend(replenishmentFilterSchema.shape);
export type ReplenishmentListQuery = z.infer<typeof replenishmentListQuerySchema>;

export const replenishmentExportQuerySchema = replenishmentFilterSchema.extend({ lang: z.enum(LANGUAGES).optional() });

/** GET /withdraws and /withdraws/totals. */
export const withdrawFilterSchema = z.object({
  branch_id: idSchema,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  group_id: idSchema.optional(),
  student_id: idSchema.optional(),
});
export type WithdrawFilter = z.infer<typeof withdrawFilterSchema>;

export const withdrawListQuerySchema = pageQuerySchema.extend(withdrawFilterSchema.shape);
export type WithdrawListQuery = z.infer<typeof withdrawListQuerySchema>;

/** GET /withdraws/credit_char: the period, and a group as the withdrawals list filters by. */
export const creditChartQuerySchema = financePeriodQuerySchema.extend({ group_id: idSchema.optional() });
export type CreditChartQuery = z.infer<typeof creditChartQuerySchema>;

/* ------------------------------------------------------------------ money in */

/**
 * GET /replenishments: payments that still count (a cancelled or edited payment and its
 * reversal are left out), newest first. `total` is the sum of the whole filter.
 */
export const replenishmentListSchema = z.object({
  data: z.array(ledgerEntrySchema),
  pagination: paginationSchema,
  total: z.number().int(),
});
export type ReplenishmentList = z.infer<typeof replenishmentListSchema>;

const methodSumSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  count: z.number().int(),
});

/** GET /replenishments/totals: the sum and number of payments, and per method (biggest first). */
export const replenishmentTotalsSchema = z.object({
  total: z.number().int(),
  count: z.number().int(),
  by_method: z.array(methodSumSchema),
});
export type ReplenishmentTotals = z.infer<typeof replenishmentTotalsSchema>;

/**
 * GET /replenishments/profit: income = payments − refunds; profit = income − expenses −
 * salaries. Every part is positive money (what came in, what went out). Expenses of the
 * standard category "salary" count as expenses, salaries are the ledger's salary entries.
 */
export const profitSchema = z.object({
  from: z.string(),
  to: z.string(),
  payments: z.number().int(),
  refunds: z.number().int(),
  income: z.number().int(),
  expenses: z.number().int(),
  salaries: z.number().int(),
  profit: z.number().int(),
});
export type Profit = z.infer<typeof profitSchema>;

/**
 * GET /replenishments/debit_char and /withdraws/credit_char: one bar per day (YYYY-MM-DD) for
 * a period up to CHART_DAILY_MAX_DAYS days, else per month (YYYY-MM); every step present,
 * an empty one as zero.
 */
export const moneyChartSchema = z.object({
  step: z.enum(['day', 'month']),
  periods: z.array(z.string()),
  amounts: z.array(z.number().int()),
  total: z.number().int(),
});
export type MoneyChart = z.infer<typeof moneyChartSchema>;

/* ------------------------------------------------------------------ charges */

/**
 * GET /withdraws: the billing engine's charges and their reversals (each shown as its own
 * entry, `reverses_id` set). Ledger signs: a charge is negative, its reversal positive.
 * `total` is what the filter charged net of reversals, as a positive amount.
 */
export const withdrawListSchema = z.object({
  data: z.array(ledgerEntrySchema),
  pagination: paginationSchema,
  total: z.number().int(),
});
export type WithdrawList = z.infer<typeof withdrawListSchema>;

/** GET /withdraws/totals: charged, given back by reversals, and the net (all positive amounts). */
export const withdrawTotalsSchema = z.object({
  charged: z.number().int(),
  charge_count: z.number().int(),
  reversed: z.number().int(),
  reversal_count: z.number().int(),
  total: z.number().int(),
  /** Students charged in the period. */
  students: z.number().int(),
});
export type WithdrawTotals = z.infer<typeof withdrawTotalsSchema>;

/* ------------------------------------------------------------------ by groups and courses */

/** GET /replenishments/by-groups and /by-courses (spec §2 payments-groups, payments-courses). */
export const paymentsByQuerySchema = financePeriodQuerySchema.extend({ course_id: idSchema.optional() });
export type PaymentsByQuery = z.infer<typeof paymentsByQuerySchema>;

export const paymentsByExportQuerySchema = paymentsByQuerySchema.extend({ lang: z.enum(LANGUAGES).optional() });

/**
 * The figures of a group or a course: `students` in it during the period, `paid` (payments
 * booked for its groups, cancelled ones left out) and `charged` (net of reversals) in the
 * period, and `balance`, the sum of every entry of its groups up to the period's end (below
 * zero: its students owe). Payments booked to a general balance belong to no group.
 */
export const paymentsFiguresSchema = z.object({
  students: z.number().int(),
  paid: z.number().int(),
  charged: z.number().int(),
  balance: z.number().int(),
});
export type PaymentsFigures = z.infer<typeof paymentsFiguresSchema>;

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

export const groupPaymentsRowSchema = paymentsFiguresSchema.extend({
  group: z.object({ id: z.number().int(), title: z.string() }),
  course: namedSchema,
  teacher: namedSchema,
});
export type GroupPaymentsRow = z.infer<typeof groupPaymentsRowSchema>;

export const groupPaymentsSchema = z.object({ data: z.array(groupPaymentsRowSchema), total: paymentsFiguresSchema });
export type GroupPayments = z.infer<typeof groupPaymentsSchema>;

export const coursePaymentsRowSchema = paymentsFiguresSchema.extend({ course: namedSchema, groups: z.number().int() });
export type CoursePaymentsRow = z.infer<typeof coursePaymentsRowSchema>;

export const coursePaymentsSchema = z.object({ data: z.array(coursePaymentsRowSchema), total: paymentsFiguresSchema });
export type CoursePayments = z.infer<typeof coursePaymentsSchema>;

/* ------------------------------------------------------------------ balance stats */

/** POST /users/balance-stats (spec §7): the branch's students, optionally of one group or course. */
export const balanceStatsInputSchema = z.object({
  branch_id: idSchema,
  group_id: idSchema.nullish(),
  course_id: idSchema.nullish(),
});
export type BalanceStatsInput = z.infer<typeof balanceStatsInputSchema>;

const countSumSchema = z.object({ count: z.number().int(), sum: z.number().int() });

/** Students (not archived) by the sign of their balance, the sum of their entries; `total` adds them up. */
export const balanceStatsSchema = z.object({
  positive: countSumSchema,
  zero: countSumSchema,
  negative: countSumSchema,
  total: countSumSchema,
});
export type BalanceStats = z.infer<typeof balanceStatsSchema>;
