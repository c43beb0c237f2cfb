import {
  type Expense,
  type ExpenseBucket,
  type ExpenseCategory,
  type ExpenseFilter,
  type ExpenseList,
  type ExpenseListQuery,
  type ExpenseTotals,
  type PaymentMethod,
  paginate,
} from '@crm/contracts';
import { and, count, desc, eq, gte, isNull, lte, type SQL, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { expenses, expenseTypes, users } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';

/** A refusal of one field, worded for API clients; the web words it by `rule`. */
export const invalidField = (field: string, rule: string, message: string) =>
  new AppError(400, 'validation_failed', [{ field, rule, message }]);

const payeeUser = alias(users, 'payee_user');
const author = alias(users, 'author');

/** Expenses with the names the API shows (type, payee, author), of the caller's company only. */
export function expenseRowsQuery(tx: Tx, companyId: number, where: SQL[]) {
  return tx
    .select({
      expense: expenses,
      typeName: expenseTypes.name,
      payeeUserName: payeeUser.name,
      authorName: author.name,
    })
    .from(expenses)
    .leftJoin(expenseTypes, and(eq(expenseTypes.companyId, expenses.companyId), eq(expenseTypes.id, expenses.typeId)))
    .leftJoin(payeeUser, and(eq(payeeUser.companyId, expenses.companyId), eq(payeeUser.id, expenses.payeeUserId)))
    .leftJoin(author, and(eq(author.companyId, expenses.companyId), eq(author.id, expenses.authorId)))
    .where(and(eq(expenses.companyId, companyId), ...where));
}

type ExpenseRow = Awaited<ReturnType<typeof expenseRowsQuery>>[number];

const named = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export function toExpense(row: ExpenseRow): Expense {
  const e = row.expense;
  return {
    id: e.id,
    branch_id: e.branchId,
    category: e.category as ExpenseCategory | null,
    type: named(e.typeId, row.typeName),
    amount: e.amount,
    date: e.expenseDate,
    method: e.method as PaymentMethod,
    payee: e.payee,
    payee_user: named(e.payeeUserId, row.payeeUserName),
    comment: e.comment,
    author: named(e.authorId, row.authorName),
    entry_id: e.entryId,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

/** One expense (not deleted) as the API shows it; its branch must be one of the caller's. */
export async function expenseView(tx: Tx, actor: Actor, id: number): Promise<Expense> {
  const [row] = await expenseRowsQuery(tx, actor.companyId, [eq(expenses.id, id), isNull(expenses.deletedAt)]);
  if (!row) throw notFound();
  assertBranch(actor, row.expense.branchId);
  return toExpense(row);
}

/** The conditions of a filter (the company is added by the query): a branch of the caller's, live rows only. */
export function filterConditions(actor: Actor, filter: ExpenseFilter): SQL[] {
  assertBranch(actor, filter.branch_id);
  if (filter.from_date && filter.to_date && filter.to_date < filter.from_date) {
    throw invalidField('to_date', 'end_before_start', 'to_date is before from_date');
  }
  const where: SQL[] = [eq(expenses.branchId, filter.branch_id), isNull(expenses.deletedAt)];
  if (filter.from_date) where.push(gte(expenses.expenseDate, filter.from_date));
  if (filter.to_date) where.push(lte(expenses.expenseDate, filter.to_date));
  if (filter.category) where.push(eq(expenses.category, filter.category));
  if (filter.type_id) where.push(eq(expenses.typeId, filter.type_id));
  if (filter.method) where.push(eq(expenses.method, filter.method));
  return where;
}

const newestFirst = [desc(expenses.expenseDate), desc(expenses.id)];

/** GET /expense: a page of the branch's expenses, newest first, with the sum of the whole filter. */
export async function listExpenses(tx: Tx, actor: Actor, query: ExpenseListQuery): Promise<ExpenseList> {
  const where = filterConditions(actor, query);
  const rows = await expenseRowsQuery(tx, actor.companyId, where)
    .orderBy(...newestFirst)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [summary] = await tx
    .select({ n: count(), total: sum(expenses.amount).mapWith(Number) })
    .from(expenses)
    .where(and(eq(expenses.companyId, actor.companyId), ...where));
  return {
    data: rows.map(toExpense),
    pagination: paginate(summary?.n ?? 0, query.page, query.per_page, rows.length),
    total: summary?.total ?? 0,
  };
}

/** Every expense of a filter for the Excel file, capped so one request cannot run away. */
export async function listAllExpenses(tx: Tx, actor: Actor, filter: ExpenseFilter, cap: number): Promise<Expense[]> {
  const rows = await expenseRowsQuery(tx, actor.companyId, filterConditions(actor, filter))
    .orderBy(...newestFirst)
    .limit(cap);
  return rows.map(toExpense);
}

/** The sums of a filter by category (a standard one or the company's type), with the type's name. */
export function bucketSums(tx: Tx, actor: Actor, where: SQL[], byMonth: boolean) {
  const month = sql<string>`to_char(${expenses.expenseDate}, 'YYYY-MM')`;
  return tx
    .select({
      month: byMonth ? month : sql<string>`''`,
      category: expenses.category,
      typeId: expenses.typeId,
      typeName: expenseTypes.name,
      amount: sum(expenses.amount).mapWith(Number),
      n: count(),
    })
    .from(expenses)
    .leftJoin(expenseTypes, and(eq(expenseTypes.companyId, expenses.companyId), eq(expenseTypes.id, expenses.typeId)))
    .where(and(eq(expenses.companyId, actor.companyId), ...where))
    .groupBy(...(byMonth ? [month] : []), expenses.category, expenses.typeId, expenseTypes.name);
}

/** One key per category bucket: a standard category and a type never share one. */
export const bucketKey = (row: { category: string | null; typeId: number | null }) =>
  row.typeId === null ? `category:${row.category}` : `type:${row.typeId}`;

export const toBucket = (row: { category: string | null; typeId: number | null; typeName: string | null }) =>
  ({
    category: row.category as ExpenseCategory | null,
    type: named(row.typeId, row.typeName),
  }) satisfies ExpenseBucket;

/** GET /expense/totals: the filter's sum, per category and per method, biggest first. */
export async function expenseTotals(tx: Tx, actor: Actor, filter: ExpenseFilter): Promise<ExpenseTotals> {
  const where = filterConditions(actor, filter);
  const categories = await bucketSums(tx, actor, where, false);
  const methods = await tx
    .select({ method: expenses.method, amount: sum(expenses.amount).mapWith(Number), n: count() })
    .from(expenses)
    .where(and(eq(expenses.companyId, actor.companyId), ...where))
    .groupBy(expenses.method);
  const biggestFirst = (a: { amount: number }, b: { amount: number }) => b.amount - a.amount;
  return {
    total: categories.reduce((acc, c) => acc + c.amount, 0),
    count: categories.reduce((acc, c) => acc + c.n, 0),
    by_category: categories.map((c) => ({ ...toBucket(c), amount: c.amount, count: c.n })).sort(biggestFirst),
    by_method: methods
      .map((m) => ({ method: m.method as PaymentMethod, amount: m.amount, count: m.n }))
      .sort(biggestFirst),
  };
}
