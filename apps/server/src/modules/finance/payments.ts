import type {
  LedgerEntry,
  PaymentCreate,
  PaymentList,
  PaymentListQuery,
  PaymentUpdate,
  RefundCreate,
  WriteOffCreate,
} from '@crm/contracts';
import { paginate } from '@crm/contracts';
import { and, count, desc, eq, gte, lte, not, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ledgerEntries } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { invalidFields } from '../groups/service.js';
import { findTarget } from '../users/queries.js';
import {
  bookEntry,
  entryView,
  entryViewQuery,
  findEntry,
  isReversed,
  type NewEntry,
  reverseEntry,
  toLedgerEntry,
} from './ledger.js';
import { type MoneyTarget, moneyTarget } from './money-target.js';

const studentHistory = (target: { studentId: number; branchId: number }, data: Record<string, unknown>) => ({
  entity: 'user',
  entityId: target.studentId,
  branchId: target.branchId,
  data,
});

/** Whose money and which group's, by name as they are now: the history sentence says it (contracts history-sentences). */
const namesOf = (entry: LedgerEntry) => ({
  student_name: entry.student?.name ?? null,
  group_id: entry.group?.id ?? null,
  group_title: entry.group?.title ?? null,
});

/** A new movement of a student's money: booked, and recorded in his history as `event`. */
async function bookMovement(
  tx: Tx,
  actor: Actor,
  target: MoneyTarget,
  entry: Pick<NewEntry, 'kind' | 'amount' | 'date' | 'method' | 'comment' | 'cause'>,
  event: 'balanceTopUp' | 'refund' | 'balanceEdited',
  data: Record<string, unknown>,
): Promise<LedgerEntry> {
  const id = await bookEntry(tx, actor, {
    ...entry,
    branchId: target.branchId,
    studentId: target.studentId,
    groupId: target.groupId,
  });
  const view = await entryView(tx, actor.companyId, id);
  await recordHistory(tx, actor, { event, ...studentHistory(target, { entry_id: id, ...data, ...namesOf(view) }) });
  return view;
}

/** POST /payment: the student pays in; his balance grows by the amount (history "balance top-up"). */
export async function createPayment(tx: Tx, actor: Actor, input: PaymentCreate): Promise<LedgerEntry> {
  const target = await moneyTarget(tx, actor, input.student_id, input.group_id, input.branch_id);
  const { amount, date, method } = input;
  const movement = { kind: 'payment', amount, date, method, comment: input.comment ?? null, cause: 'payment' } as const;
  return bookMovement(tx, actor, target, movement, 'balanceTopUp', { amount, method });
}

/** An entry of one kind that the caller may correct (its branch is one of his), its student locked. */
async function correctable(tx: Tx, actor: Actor, id: number, kind: 'payment' | 'write_off') {
  const entry = await findEntry(tx, actor.companyId, id);
  assertBranch(actor, entry.branchId);
  if (entry.kind !== kind || entry.reversesId !== null || entry.studentId === null) {
    throw new AppError(422, kind === 'payment' ? 'not_a_payment' : 'not_a_write_off', { id });
  }
  await findTarget(tx, actor, entry.studentId, true);
  return entry;
}

/** A cancellation says why (spec: a correction is a reversing entry with a reason). */
function requireReason(reason: string | undefined): string {
  if (!reason) throw invalidFields([{ field: 'reason', rule: 'required', message: 'reason is required' }]);
  return reason;
}

/** PUT /payment/{id}: a reversal of the old payment and a new one in its place, both kept. */
export async function updatePayment(
  tx: Tx,
  actor: Actor,
  id: number,
  input: PaymentUpdate,
  today: string,
): Promise<LedgerEntry> {
  const old = await correctable(tx, actor, id, 'payment');
  const target = await moneyTarget(tx, actor, old.studentId as number, input.group_id, input.branch_id);
  await reverseEntry(tx, actor, old, input.reason, today);
  const newId = await bookEntry(tx, actor, {
    kind: 'payment',
    amount: input.amount,
    date: input.date,
    branchId: target.branchId,
    studentId: target.studentId,
    groupId: target.groupId,
    method: input.method,
    comment: input.comment ?? null,
    cause: 'payment_edit',
    causeId: old.id,
    reason: input.reason,
  });
  const view = await entryView(tx, actor.companyId, newId);
  await recordHistory(tx, actor, {
    event: 'balanceEdited',
    ...studentHistory(target, {
      replaced_entry_id: old.id,
      entry_id: newId,
      amount: input.amount,
      reason: input.reason,
      ...namesOf(view),
    }),
  });
  return view;
}

/** DELETE /payment/{id}: the payment is cancelled by a reversal with its reason. */
export async function cancelPayment(tx: Tx, actor: Actor, id: number, reasonGiven: string | undefined, today: string) {
  const old = await correctable(tx, actor, id, 'payment');
  const reason = requireReason(reasonGiven);
  const reversalId = await reverseEntry(tx, actor, old, reason, today);
  const view = await entryView(tx, actor.companyId, reversalId);
  await recordHistory(tx, actor, {
    event: 'paymentCancelled',
    entity: 'user',
    entityId: old.studentId,
    branchId: old.branchId,
    data: { entry_id: old.id, reversal_id: reversalId, amount: old.amount, reason, ...namesOf(view) },
  });
  return view;
}

/** POST /refund: money handed back to the student; his balance goes down by the amount. */
export async function createRefund(tx: Tx, actor: Actor, input: RefundCreate): Promise<LedgerEntry> {
  const target = await moneyTarget(tx, actor, input.student_id, input.group_id, input.branch_id);
  const { amount, date, method } = input;
  const movement = {
    kind: 'refund',
    amount: -amount,
    date,
    method,
    comment: input.comment ?? null,
    cause: 'refund',
  } as const;
  return bookMovement(tx, actor, target, movement, 'refund', { amount, method });
}

/** POST /write-off/custom/{user_id}: a manual charge with its reason; no cash moves. */
export async function createWriteOff(tx: Tx, actor: Actor, studentId: number, input: WriteOffCreate) {
  const target = await moneyTarget(tx, actor, studentId, input.group_id);
  const { amount, date, comment } = input;
  const movement = { kind: 'write_off', amount: -amount, date, method: null, comment, cause: 'write_off' } as const;
  return bookMovement(tx, actor, target, movement, 'balanceEdited', { write_off: amount, comment });
}

/** DELETE /write-off/{id}: the write-off is cancelled by a reversal. */
export async function cancelWriteOff(tx: Tx, actor: Actor, id: number, reasonGiven: string | undefined, today: string) {
  const old = await correctable(tx, actor, id, 'write_off');
  const reason = requireReason(reasonGiven);
  const reversalId = await reverseEntry(tx, actor, old, reason, today);
  const view = await entryView(tx, actor.companyId, reversalId);
  await recordHistory(tx, actor, {
    event: 'balanceEdited',
    entity: 'user',
    entityId: old.studentId,
    branchId: old.branchId,
    data: {
      cancelled_write_off: old.id,
      reversal_id: reversalId,
      amount: Math.abs(old.amount),
      reason,
      ...namesOf(view),
    },
  });
  return view;
}

/** GET /payment/{id}: one payment (a receipt), of a branch the caller works in. */
export async function paymentView(tx: Tx, actor: Actor, id: number): Promise<LedgerEntry> {
  const entry = await entryView(tx, actor.companyId, id);
  assertBranch(actor, entry.branch_id);
  if (entry.kind !== 'payment') throw new AppError(422, 'not_a_payment', { id });
  return entry;
}

/** GET /payment: the payments of a branch (not the reversals), newest first, with the period's totals. */
export async function listPayments(tx: Tx, actor: Actor, query: PaymentListQuery): Promise<PaymentList> {
  assertBranch(actor, query.branch_id);
  const where: SQL[] = [
    eq(ledgerEntries.branchId, query.branch_id),
    eq(ledgerEntries.kind, 'payment'),
    sql`${ledgerEntries.reversesId} is null`,
  ];
  if (query.from) where.push(gte(ledgerEntries.entryDate, query.from));
  if (query.to) where.push(lte(ledgerEntries.entryDate, query.to));
  if (query.student_id) where.push(eq(ledgerEntries.studentId, query.student_id));
  if (query.group_id) where.push(eq(ledgerEntries.groupId, query.group_id));
  if (query.method) where.push(eq(ledgerEntries.method, query.method));
  const withReversed = query.with_reversed === '1';
  const listed = withReversed ? where : [...where, not(isReversed)];

  const rows = await entryViewQuery(tx, actor.companyId, listed)
    .orderBy(desc(ledgerEntries.entryDate), desc(ledgerEntries.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  // One pass gives the count of the listed rows and the money per method; reversed payments
  // (listed only on request) never count as money taken.
  const counted = withReversed ? sql`filter (where not ${isReversed})` : sql``;
  const methods = await tx
    .select({
      method: ledgerEntries.method,
      listed: count(),
      counted: sql<number>`count(*) ${counted}`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${ledgerEntries.amount}) ${counted}, 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, actor.companyId), ...listed))
    .groupBy(ledgerEntries.method);
  const taken = methods.filter((m) => m.counted > 0);
  const total = methods.reduce((acc, m) => acc + m.listed, 0);
  const by_method = Object.fromEntries(taken.map((m) => [m.method ?? 'unknown', m.amount]));
  return {
    data: rows.map(toLedgerEntry),
    pagination: paginate(total, query.page, query.per_page, rows.length),
    total: taken.reduce((acc, m) => acc + m.amount, 0),
    by_method,
  };
}
