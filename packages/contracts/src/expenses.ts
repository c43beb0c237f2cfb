import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, pageQuerySchema, paginationSchema, requiredText } from './common.js';
import { LANGUAGES } from './locale.js';
import { AMOUNT_MAX, MONEY_COMMENT_MAX, PAYMENT_METHODS } from './money.js';

/**
 * Expenses (spec §3 Expense: category, payee, description, date, sum; §7 Finance
 * /expense and /expense_types): money a branch pays out. Every expense is also a
 * ledger entry of kind 'expense' (ARCHITECTURE.md "Money"), so a branch's cash is a
 * sum of entries. Field names: the spec's "sum" is `amount` and "description" is
 * `comment`, as in payments and write-offs.
 */

/** Spec §3 "Categories": the standard categories every company has, translated by key. */
export const EXPENSE_CATEGORIES = [
  'other',
  'admin',
  'rent',
  'salary',
  'marketing',
  'office',
  'household',
  'equipment',
  'taxes',
  'invest',
  'refund',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const EXPENSE_TYPE_NAME_MAX = 100;
export const EXPENSE_PAYEE_MAX = 200;
/** A chart answers at most five years of months. */
export const EXPENSE_CHART_MAX_MONTHS = 60;

/* ------------------------------------------------------------------ expense types */

/**
 * A company's own expense type (spec §7 expense_types), offered beside the standard
 * categories. A type that expenses name is deactivated instead of deleted.
 */
export const expenseTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  /** Expenses (not deleted) of this type, in every branch. */
  usage_count: z.number().int(),
  /**
   * False once any expense named it (deleted ones too: the ledger is explained through
   * them): DELETE then deactivates it instead.
   */
  deletable: z.boolean(),
});
export type ExpenseType = z.infer<typeof expenseTypeSchema>;

export const expenseTypeInputSchema = z.object({
  name: requiredText(EXPENSE_TYPE_NAME_MAX),
  active: z.boolean().default(true),
});
export type ExpenseTypeInput = z.input<typeof expenseTypeInputSchema>;

export const expenseTypeQuerySchema = z.object({
  active: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

/** DELETE /expense_types/{id}: deleted, or only deactivated because expenses name it. */
export const expenseTypeDeletedSchema = z.object({ ok: z.literal(true), deactivated: z.boolean() });

/* ------------------------------------------------------------------ expenses */

const namedRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * What an expense was for: one of the standard categories or one of the company's
 * types, never both (the database checks it too).
 */
export const expenseBucketSchema = z.object({
  category: z.enum(EXPENSE_CATEGORIES).nullable(),
  type: namedRef.nullable(),
});
export type ExpenseBucket = z.infer<typeof expenseBucketSchema>;

export const expenseSchema = expenseBucketSchema.extend({
  id: z.number().int(),
  branch_id: z.number().int(),
  /** Minor units, always positive: the money that left the branch. */
  amount: z.number().int(),
  date: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** Who received the money: free text, or one of the company's employees. */
  payee: z.string().nullable(),
  payee_user: namedRef.nullable(),
  comment: z.string().nullable(),
  author: namedRef.nullable(),
  /** The ledger entry that books it now (an edit of the money books a new one). */
  entry_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * POST /expense and PUT /expense/{id}. Exactly one of `category` and `type_id`; at
 * most one of `payee` and `payee_user_id` (the service names the field otherwise).
 */
export const expenseInputSchema = z.object({
  branch_id: idSchema,
  category: z.enum(EXPENSE_CATEGORIES).nullish(),
  type_id: idSchema.nullish(),
  amount: z.number().int().positive().max(AMOUNT_MAX),
  date: isoDateSchema,
  method: z.enum(PAYMENT_METHODS),
  payee: optionalText(EXPENSE_PAYEE_MAX),
  payee_user_id: idSchema.nullish(),
  comment: optionalText(MONEY_COMMENT_MAX),
});
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ExpenseValues = z.output<typeof expenseInputSchema>;

/** PUT /expense/{id}: the same fields, and why the money was corrected (kept on the ledger's reversal). */
export const expenseUpdateSchema = expenseInputSchema.extend({ reason: optionalText(MONEY_COMMENT_MAX) });
export type ExpenseUpdate = z.input<typeof expenseUpdateSchema>;

/** DELETE /expense/{id}?reason=…: the reason is optional; the ledger keeps it on the reversal. */
export const expenseDeleteQuerySchema = z.object({ reason: optionalText(MONEY_COMMENT_MAX) });

/** The filters of the list, its totals and its Excel file (spec §7 names the period from_date, to_date). */
export const expenseFilterSchema = z.object({
  branch_id: idSchema,
  from_date: isoDateSchema.optional(),
  to_date: isoDateSchema.optional(),
  category: z.enum(EXPENSE_CATEGORIES).optional(),
  type_id: idSchema.optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
});
export type ExpenseFilter = z.infer<typeof expenseFilterSchema>;

export const expenseListQuerySchema = pageQuerySchema.extend(expenseFilterSchema.shape);
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;

export const expenseListSchema = z.object({
  data: z.array(expenseSchema),
  pagination: paginationSchema,
  /** The sum of every expense the filter matches (not only this page). */
  total: z.number().int(),
});
export type ExpenseList = z.infer<typeof expenseListSchema>;

export const expenseExportQuerySchema = expenseFilterSchema.extend({ lang: z.enum(LANGUAGES).optional() });

/** GET /expense/totals: the period's sum, per category (standard or own type) and per method, biggest first. */
export const expenseTotalsSchema = z.object({
  total: z.number().int(),
  count: z.number().int(),
  by_category: z.array(expenseBucketSchema.extend({ amount: z.number().int(), count: z.number().int() })),
  by_method: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amount: z.number().int(), count: z.number().int() })),
});
export type ExpenseTotals = z.infer<typeof expenseTotalsSchema>;

/** GET /expense/expense-chart (branch_id, from_date, to_date): both dates required. */
export const expenseChartQuerySchema = z.object({
  branch_id: idSchema,
  from_date: isoDateSchema,
  to_date: isoDateSchema,
});
export type ExpenseChartQuery = z.infer<typeof expenseChartQuerySchema>;

/**
 * Spec §3 "Expense charts: months, month_amount, categories, category_amount": every
 * month of the period (YYYY-MM) with its total, the categories that have expenses with
 * theirs, and `amounts[c][m]` — category c in month m — for a chart stacked by category.
 */
export const expenseChartSchema = z.object({
  months: z.array(z.string()),
  month_amount: z.array(z.number().int()),
  categories: z.array(expenseBucketSchema),
  category_amount: z.array(z.number().int()),
  amounts: z.array(z.array(z.number().int())),
});
export type ExpenseChart = z.infer<typeof expenseChartSchema>;

/** GET /expense/payees?branch_id: the employees of a branch who can receive an expense (not students). */
export const expensePayeesQuerySchema = z.object({ branch_id: idSchema });
export const expensePayeeListSchema = z.object({ data: z.array(namedRef) });
