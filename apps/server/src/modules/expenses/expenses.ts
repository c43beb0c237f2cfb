import type { Expense, ExpenseValues } from '@crm/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { expenses } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { bookEntry, findEntry, reverseEntry } from '../finance/ledger.js';
import { expenseView } from './expense-queries.js';
import { checkExpenseRefs } from './expense-refs.js';

/**
 * The reason kept on a ledger reversal when the user gave none: stable words, like
 * the ledger's `cause` values, that a ledger view can translate.
 */
export const EXPENSE_EDIT_REASON = 'expense_edit';
export const EXPENSE_DELETE_REASON = 'expense_delete';

type ExpenseRow = typeof expenses.$inferSelect;

const ofCompany = (actor: Actor, id: number) => and(eq(expenses.companyId, actor.companyId), eq(expenses.id, id));

/** The columns an input sets (the entry and the bookkeeping columns are the service's). */
const columnsOf = (input: ExpenseValues) => ({
  branchId: input.branch_id,
  category: input.category ?? null,
  typeId: input.type_id ?? null,
  amount: input.amount,
  expenseDate: input.date,
  method: input.method,
  payee: input.payee,
  payeeUserId: input.payee_user_id ?? null,
  comment: input.comment,
});

/**
 * The money of an expense as a ledger entry: it leaves the branch's cash, so the
 * amount is negative; no student. The cause names the expense row, which explains it.
 */
const bookExpenseEntry = (tx: Tx, actor: Actor, id: number, input: ExpenseValues, reason: string | null = null) =>
  bookEntry(tx, actor, {
    kind: 'expense',
    amount: -input.amount,
    date: input.date,
    branchId: input.branch_id,
    method: input.method,
    cause: 'expense',
    causeId: id,
    reason,
  });

/** A live expense of the caller's company, locked so two corrections of it cannot race. */
async function findExpense(tx: Tx, actor: Actor, id: number): Promise<ExpenseRow> {
  const [row] = await tx
    .select()
    .from(expenses)
    .where(and(ofCompany(actor, id), isNull(expenses.deletedAt)))
    .for('update');
  if (!row) throw notFound();
  assertBranch(actor, row.branchId);
  return row;
}

/** What the history keeps of an expense. */
const described = (e: Pick<ExpenseRow, 'amount' | 'expenseDate' | 'method' | 'category' | 'typeId' | 'branchId'>) => ({
  amount: e.amount,
  date: e.expenseDate,
  method: e.method,
  category: e.category,
  type_id: e.typeId,
  branch_id: e.branchId,
});

/** POST /expense: the row, its ledger entry and the history event, in one transaction. */
export async function createExpense(tx: Tx, actor: Actor, input: ExpenseValues): Promise<Expense> {
  assertBranch(actor, input.branch_id);
  await checkExpenseRefs(tx, actor, input);
  const [row] = await tx
    .insert(expenses)
    .values({ companyId: actor.companyId, ...columnsOf(input), authorId: actor.id })
    .returning({ id: expenses.id });
  if (!row) throw new Error('expense insert returned no row');
  const entryId = await bookExpenseEntry(tx, actor, row.id, input);
  await tx.update(expenses).set({ entryId }).where(ofCompany(actor, row.id));
  const values = columnsOf(input);
  await recordHistory(tx, actor, {
    event: 'expenseCreated',
    entity: 'expense',
    entityId: row.id,
    branchId: input.branch_id,
    data: { ...described(values), entry_id: entryId },
  });
  return expenseView(tx, actor, row.id);
}

/** Whether an edit changes the money itself (what the ledger entry holds), not only its description. */
const movesMoney = (before: ExpenseRow, after: ReturnType<typeof columnsOf>) =>
  before.amount !== after.amount ||
  before.expenseDate !== after.expenseDate ||
  before.method !== after.method ||
  before.branchId !== after.branchId;

/**
 * PUT /expense/{id}. When the amount, date, method or branch change, the old ledger
 * entry is reversed (dated today, with the reason) and a new one booked: the past is
 * never rewritten. A change of category, payee or comment only updates the row.
 */
export async function updateExpense(
  tx: Tx,
  actor: Actor,
  id: number,
  input: ExpenseValues & { reason: string | null },
  today: string,
): Promise<Expense> {
  const before = await findExpense(tx, actor, id);
  assertBranch(actor, input.branch_id);
  await checkExpenseRefs(tx, actor, input, { typeId: before.typeId, payeeUserId: before.payeeUserId });
  const after = columnsOf(input);
  let entryId = before.entryId;
  let reversalId: number | null = null;
  if (movesMoney(before, after)) {
    if (before.entryId !== null) {
      const entry = await findEntry(tx, actor.companyId, before.entryId);
      reversalId = await reverseEntry(tx, actor, entry, input.reason ?? EXPENSE_EDIT_REASON, today);
    }
    entryId = await bookExpenseEntry(tx, actor, id, input, input.reason);
  }
  await tx
    .update(expenses)
    .set({ ...after, entryId, updatedAt: sql`now()` })
    .where(ofCompany(actor, id));
  await recordHistory(tx, actor, {
    event: 'expenseEdited',
    entity: 'expense',
    entityId: id,
    branchId: input.branch_id,
    data: {
      before: { ...described(before), payee: before.payee, comment: before.comment },
      after: { ...described(after), payee: after.payee, comment: after.comment },
      reversal_id: reversalId,
      entry_id: entryId,
      reason: input.reason,
    },
  });
  return expenseView(tx, actor, id);
}

/**
 * DELETE /expense/{id}: the ledger entry is reversed (the money comes back to the
 * branch's cash as of today) and the row is stamped deleted, never removed.
 */
export async function deleteExpense(tx: Tx, actor: Actor, id: number, reason: string | null, today: string) {
  const before = await findExpense(tx, actor, id);
  let reversalId: number | null = null;
  if (before.entryId !== null) {
    const entry = await findEntry(tx, actor.companyId, before.entryId);
    reversalId = await reverseEntry(tx, actor, entry, reason ?? EXPENSE_DELETE_REASON, today);
  }
  await tx.update(expenses).set({ deletedAt: sql`now()`, deletedBy: actor.id }).where(ofCompany(actor, id));
  await recordHistory(tx, actor, {
    event: 'expenseDeleted',
    entity: 'expense',
    entityId: id,
    branchId: before.branchId,
    data: { ...described(before), reversal_id: reversalId, reason },
  });
  return { ok: true as const };
}
