import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, pageQuerySchema, paginationSchema } from './common.js';
import type { Country } from './countries.js';
import { COURSE_PRICE_MAX } from './courses.js';
import { LANGUAGES } from './locale.js';

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

/** Spec §3: the methods that work in any country. */
const GENERAL_PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'card', 'transfer', 'bank_account'];
/** The online providers a company can take money through, by its country (Midtrans is Indonesian). */
const ONLINE_PAYMENT_METHODS: Partial<Record<Country, readonly PaymentMethod[]>> = {
  uz: ['payme', 'click', 'uzum'],
  id: ['midtrans'],
};

/** The methods a company of this country offers; `keep` leaves an older entry's method choosable. */
export function paymentMethodsOf(country: Country | undefined, keep?: PaymentMethod | null): PaymentMethod[] {
  const offered = [...GENERAL_PAYMENT_METHODS, ...(ONLINE_PAYMENT_METHODS[country ?? 'uz'] ?? [])];
  return keep && !offered.includes(keep) ? [...offered, keep] : offered;
}

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
  /**
   * The branch whose cash desk took the money: one of the student's branches (the group's, when a
   * group is given). Absent: the group's branch, else the student's first branch the caller works in.
   */
  branch_id: idSchema.nullish(),
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
  /** The branch whose cash desk hands the money back (as for a payment). */
  branch_id: idSchema.nullish(),
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

/**
 * The lists of POST /user/debtors/{list}/{branch_id} (spec §7): `list` the debtors, whose
 * balance is below zero; `not-enough` the students whose balance is not below zero but does
 * not cover what their active groups will charge next (spec §9 auto-SMS "balance-not-enough").
 */
export const DEBTOR_LISTS = ['list', 'not-enough'] as const;
export type DebtorListName = (typeof DEBTOR_LISTS)[number];

/** Where a student's money stands against what he owes now and what comes next. */
export type BalanceState = 'debtor' | 'not_enough' | 'enough';

/**
 * The rule behind the two lists and the debtor and balance-not-enough SMS: below zero he
 * owes money; from zero up to (not including) his next charge — the sum of what each of
 * his active groups charges for its next period, as the billing engine prices it — the
 * balance is not enough; a student with nothing to be charged next is never "not enough".
 */
export function balanceStateOf(balance: number, nextCharge: number): BalanceState {
  if (balance < 0) return 'debtor';
  return balance < nextCharge ? 'not_enough' : 'enough';
}

/**
 * A group's share of a student's debt: what he owes in the group, but never more than he
 * owes at all — money paid to his general balance (no group) covers group debts. 0 when
 * he owes nothing there.
 */
export const groupDebtOf = (studentBalance: number, groupBalance: number): number =>
  Math.max(0, Math.min(-studentBalance, -groupBalance));

/**
 * Spec §3 "debt lesson count": how many lessons of the group a debt equals, the debt
 * divided by the price of one lesson of that group for that student, rounded up (a debt of
 * half a lesson is one lesson owed). null when the lesson has no price (a free course).
 */
export function debtLessonCount(debt: number, lessonPrice: number | null): number | null {
  if (debt <= 0) return 0;
  if (lessonPrice === null || lessonPrice <= 0) return null;
  return Math.ceil(debt / lessonPrice);
}

export const debtorsParamsSchema = z.object({ list: z.enum(DEBTOR_LISTS), branch_id: idSchema });
export const debtorsFilterSchema = z.object({
  name_or_phone: z.string().trim().max(100).optional(),
  group_id: idSchema.optional(),
});
export const debtorsQuerySchema = pageQuerySchema.extend(debtorsFilterSchema.shape);
export type DebtorsQuery = z.infer<typeof debtorsQuerySchema>;

/** The next charge of one group: the first billing unit after today with something to pay. */
export const nextChargeSchema = z.object({ date: z.string(), amount: z.number().int() });
export type NextCharge = z.infer<typeof nextChargeSchema>;

export const debtorGroupSchema = groupBalanceSchema.extend({
  /** One lesson of the group for this student (his individual price when one is in force), minor units. */
  lesson_price: z.number().int().nullable(),
  /** The group's share of his debt (groupDebtOf), ≥ 0. */
  debt: z.number().int(),
  /** Spec §3 "debt lesson count" of the group (debtLessonCount). */
  debt_lessons: z.number().int().nullable(),
  /** null: the group charges him nothing next (not active, the group or course ends). */
  next_charge: nextChargeSchema.nullable(),
});
export type DebtorGroup = z.infer<typeof debtorGroupSchema>;

export const debtorSchema = z.object({
  student: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  /** The sum of all his entries; negative: what he owes, in minor units. */
  balance: z.number().int(),
  /** What his active groups charge next, together (balanceStateOf's nextCharge). */
  next_charge: z.number().int(),
  groups: z.array(debtorGroupSchema),
});
export type Debtor = z.infer<typeof debtorSchema>;
export const debtorsListSchema = z.object({
  data: z.array(debtorSchema),
  pagination: paginationSchema,
  /** The sum of all the filter's debts (negative; 0 in the not-enough list). */
  total_debt: z.number().int(),
  /** not-enough: what the filter's students lack for their next charges, together; null in the debtors list. */
  total_shortfall: z.number().int().nullable(),
});
export type DebtorsList = z.infer<typeof debtorsListSchema>;

/**
 * GET /user/debtors-export/{branch_id} (spec §7: date_start, date_end; a file): the debtors
 * as of date_end (default: the company's today) — students whose entries dated up to that
 * day sum below zero — with how their balance moved from date_start (default: the first
 * day of date_end's month) to date_end. The list's filters apply too.
 */
export const debtorsExportQuerySchema = debtorsFilterSchema
  .extend({
    date_start: isoDateSchema
      .optional()
      .describe("The period's first day: the sheet shows each balance on the eve of it (default: date_end's 1st)"),
    date_end: isoDateSchema
      .optional()
      .describe('The day the debts are taken on: entries dated up to it (default: the company today)'),
    lang: z.enum(LANGUAGES).optional(),
  })
  .refine((q) => !q.date_start || !q.date_end || q.date_start <= q.date_end, {
    path: ['date_start'],
    message: 'date_start must not be after date_end',
  });
export type DebtorsExportQuery = z.infer<typeof debtorsExportQuerySchema>;
