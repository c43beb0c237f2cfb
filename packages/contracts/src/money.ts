import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, pageQuerySchema, paginationSchema } from './common.js';
import { COURSE_PRICE_MAX } from './courses.js';

/**
 * Money (ARCHITECTURE.md "Money", spec §3 Payment, Write-off, Refund): integers in
 * the currency's minor unit, an append-only ledger, idempotent writes.
 */

/** What moved the money. Stable strings: part of the API and of the stored ledger. */
export const LEDGER_KINDS = [
  'payment',
  'charge',
  'refund',
  'write_off',
  'discount_correction',
  'transfer',
  'salary',
  'expense',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Spec §3 Payment methods, online providers included (Payme, Click, Uzum in uz; Midtrans in id). */
export const PAYMENT_METHODS = [
  'cash',
  'card',
  'transfer',
  'bank_account',
  'payme',
  'click',
  'uzum',
  'midtrans',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The largest single amount, in minor units (a trillion: far above any real payment). */
export const AMOUNT_MAX = COURSE_PRICE_MAX;
export const MONEY_COMMENT_MAX = 500;

/** The header every money-moving POST honours: a repeat returns the first answer and books nothing. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 200;

const amountSchema = z.number().int().positive().max(AMOUNT_MAX);
const commentSchema = z.string().trim().max(MONEY_COMMENT_MAX).nullish();

/** One ledger entry as the API shows it. `amount` is signed: + adds to the student's balance, − takes from it. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  date: z.string(),
  branch_id: z.number().int(),
  student: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  group: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  comment: z.string().nullable(),
  /** The entry this one reverses (a correction), if it is one. */
  reverses_id: z.number().int().nullable(),
  /** The entry that reversed this one, if any: a reversed payment no longer counts as taken. */
  reversed_by_id: z.number().int().nullable(),
  /** That reversal's day and reason, so a cancelled payment says why wherever it is shown. */
  reversal: z.object({ id: z.number().int(), date: z.string(), reason: z.string().nullable() }).nullable(),
  reason: z.string().nullable(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/* ------------------------------------------------------------------ payments */

/** POST /payment (spec §7): a student pays money in. */
export const paymentCreateSchema = z.object({
  student_id: idSchema,
  amount: amountSchema,
  date: isoDateSchema,
  method: z.enum(PAYMENT_METHODS),
  /** The group the money is meant for; absent: the student's general balance. */
  group_id: idSchema.nullish(),
  comment: commentSchema,
});
export type PaymentCreate = z.infer<typeof paymentCreateSchema>;

/** PUT /payment/{id}: books a reversal of the old entry and a new payment (the past is never rewritten). */
export const paymentUpdateSchema = paymentCreateSchema.omit({ student_id: true }).extend({
  reason: z.string().trim().min(1).max(MONEY_COMMENT_MAX),
});
export type PaymentUpdate = z.infer<typeof paymentUpdateSchema>;

/**
 * DELETE /payment/{id}?reason=…: a reversal with its reason. The reason is required;
 * the server checks it after finding the entry, so a missing entry answers 404 first.
 */
export const reversalQuerySchema = z.object({ reason: z.string().trim().max(MONEY_COMMENT_MAX).optional() });

export const paymentListQuerySchema = pageQuerySchema.extend({
  branch_id: idSchema,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  student_id: idSchema.optional(),
  group_id: idSchema.optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  /** Also list payments that were reversed (cancelled or edited). */
  with_reversed: z.enum(['0', '1']).optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

export const paymentListSchema = z.object({
  data: z.array(ledgerEntrySchema),
  pagination: paginationSchema,
  /** The sum of the listed (not reversed) payments of the whole filter, and per method. */
  total: z.number().int(),
  by_method: z.record(z.string(), z.number().int()),
});
export type PaymentList = z.infer<typeof paymentListSchema>;

/* ------------------------------------------------------------------ refunds and write-offs */

/** POST /refund: money given back to a student (his balance goes down). */
export const refundCreateSchema = z.object({
  student_id: idSchema,
  amount: amountSchema,
  date: isoDateSchema,
  method: z.enum(PAYMENT_METHODS),
  group_id: idSchema.nullish(),
  comment: commentSchema,
});
export type RefundCreate = z.infer<typeof refundCreateSchema>;

/** POST /write-off/custom/{user_id}: a manual charge (his balance goes down, no cash moves). */
export const writeOffCreateSchema = z.object({
  amount: amountSchema,
  date: isoDateSchema,
  group_id: idSchema.nullish(),
  comment: z.string().trim().min(1).max(MONEY_COMMENT_MAX),
});
export type WriteOffCreate = z.infer<typeof writeOffCreateSchema>;

/* ------------------------------------------------------------------ balances */

export const groupBalanceSchema = z.object({
  group: z.object({ id: z.number().int(), title: z.string() }),
  balance: z.number().int(),
});

/** A student's balance: the sum of his entries, and per group (entries without a group are "general"). */
export const studentBalanceSchema = z.object({
  student_id: z.number().int(),
  balance: z.number().int(),
  general: z.number().int(),
  groups: z.array(groupBalanceSchema),
});
export type StudentBalance = z.infer<typeof studentBalanceSchema>;

/** GET user/{id}/monthly_balance (branch_id, group_id): the month-by-month movement of a balance. */
export const monthlyBalanceQuerySchema = z.object({
  branch_id: idSchema.optional(),
  group_id: idSchema.optional(),
});
export const monthlyBalanceSchema = z.object({
  data: z.array(
    z.object({
      month: z.string(),
      paid: z.number().int(),
      charged: z.number().int(),
      refunded: z.number().int(),
      written_off: z.number().int(),
      corrections: z.number().int(),
      /** The balance at the end of the month. */
      closing: z.number().int(),
    }),
  ),
});
export type MonthlyBalance = z.infer<typeof monthlyBalanceSchema>;

/** GET /user/{id}/ledger: every entry of a student, newest first — the line-by-line explanation of his balance. */
export const studentLedgerQuerySchema = pageQuerySchema.extend({ group_id: idSchema.optional() });
export const studentLedgerSchema = z.object({ data: z.array(ledgerEntrySchema), pagination: paginationSchema });

/* ------------------------------------------------------------------ debtors */

/** POST /user/debtors/{list}/{branch_id}: students of the branch whose balance is below zero, deepest debt first. */
export const debtorsParamsSchema = z.object({ list: z.literal('list'), branch_id: idSchema });
export const debtorsQuerySchema = pageQuerySchema.extend({
  name_or_phone: z.string().trim().max(100).optional(),
  group_id: idSchema.optional(),
});
export type DebtorsQuery = z.infer<typeof debtorsQuerySchema>;
export const debtorSchema = z.object({
  student: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  /** Negative: what the student owes, in minor units. */
  balance: z.number().int(),
  groups: z.array(groupBalanceSchema),
});
export type Debtor = z.infer<typeof debtorSchema>;
export const debtorsListSchema = z.object({
  data: z.array(debtorSchema),
  pagination: paginationSchema,
  /** The sum of all the filter's debts (negative). */
  total_debt: z.number().int(),
});
export type DebtorsList = z.infer<typeof debtorsListSchema>;
