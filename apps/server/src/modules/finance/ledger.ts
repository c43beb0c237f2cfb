import type { LedgerEntry, LedgerKind, PaymentMethod } from '@crm/contracts';
import { groupTitle } from '@crm/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { groups, ledgerEntries, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { addToBalances } from './balance-upkeep.js';

/** Who books: a user of the company, or the system (id null). */
export type BookingActor = { id: Actor['id'] | null; companyId: number };

/** A movement to book: amount signed (+ adds to the student's balance). */
export interface NewEntry {
  kind: LedgerKind;
  amount: number;
  date: string;
  branchId: number;
  studentId?: number | null;
  groupId?: number | null;
  method?: PaymentMethod | null;
  comment?: string | null;
  cause?: string | null;
  causeId?: number | null;
  naturalKey?: string | null;
  reversesId?: number | null;
  reason?: string | null;
}

/** Appends one entry to the ledger (the only way money moves), moves the balances with it, and answers its id. */
/** `actor.id` null: nobody of the staff booked it (an online provider's callback). */
export async function bookEntry(tx: Tx, actor: BookingActor, entry: NewEntry): Promise<number> {
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      companyId: actor.companyId,
      branchId: entry.branchId,
      kind: entry.kind,
      amount: entry.amount,
      entryDate: entry.date,
      studentId: entry.studentId ?? null,
      groupId: entry.groupId ?? null,
      method: entry.method ?? null,
      comment: entry.comment ?? null,
      cause: entry.cause ?? null,
      causeId: entry.causeId ?? null,
      naturalKey: entry.naturalKey ?? null,
      reversesId: entry.reversesId ?? null,
      reason: entry.reason ?? null,
      authorId: actor.id,
    })
    .returning({ id: ledgerEntries.id });
  if (!row) throw new Error('ledger insert returned no row');
  await addToBalances(tx, [
    {
      companyId: actor.companyId,
      studentId: entry.studentId ?? null,
      groupId: entry.groupId ?? null,
      amount: entry.amount,
    },
  ]);
  return row.id;
}

export type EntryRow = typeof ledgerEntries.$inferSelect;

/**
 * An entry of the caller's company. (Not locked: the application may not lock
 * ledger rows, having no UPDATE on them; corrections of one student's entries are
 * serialised by locking the student, and the unique index on reverses_id stops a
 * second reversal whatever happens.)
 */
export async function findEntry(tx: Tx, companyId: number, id: number): Promise<EntryRow> {
  const [row] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, companyId), eq(ledgerEntries.id, id)));
  if (!row) throw notFound();
  return row;
}

/**
 * Books the correction of an entry: the same movement with the opposite amount,
 * pointing at it, with a reason. A correction is never itself corrected, and an entry
 * is corrected once (the database's unique index backs this check up).
 */
export async function reverseEntry(
  tx: Tx,
  actor: BookingActor,
  entry: EntryRow,
  reason: string,
  entryDate: string,
): Promise<number> {
  if (entry.reversesId !== null) throw new AppError(422, 'not_reversible', { id: entry.id });
  const [already] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, actor.companyId), eq(ledgerEntries.reversesId, entry.id)));
  if (already) throw new AppError(409, 'already_reversed', { id: entry.id, reversed_by_id: already.id });
  return bookEntry(tx, actor, {
    kind: entry.kind as LedgerKind,
    amount: -entry.amount,
    date: entryDate,
    branchId: entry.branchId,
    studentId: entry.studentId,
    groupId: entry.groupId,
    method: entry.method as PaymentMethod | null,
    comment: entry.comment,
    cause: 'reversal',
    causeId: entry.id,
    reversesId: entry.id,
    reason,
  });
}

const reversal = alias(ledgerEntries, 'reversal');
const author = alias(users, 'author');
const student = alias(users, 'student');

/** Entries with the names the API shows, filtered by `where` (the company is added here). */
export function entryViewQuery(tx: Tx, companyId: number, where: SQL[]) {
  return tx
    .select({
      entry: ledgerEntries,
      reversedById: reversal.id,
      reversalDate: reversal.entryDate,
      reversalReason: reversal.reason,
      studentName: student.name,
      groupName: groups.name,
      groupCode: groups.code,
      authorName: author.name,
    })
    .from(ledgerEntries)
    .leftJoin(reversal, and(eq(reversal.companyId, ledgerEntries.companyId), eq(reversal.reversesId, ledgerEntries.id)))
    .leftJoin(student, and(eq(student.companyId, ledgerEntries.companyId), eq(student.id, ledgerEntries.studentId)))
    .leftJoin(groups, and(eq(groups.companyId, ledgerEntries.companyId), eq(groups.id, ledgerEntries.groupId)))
    .leftJoin(author, and(eq(author.companyId, ledgerEntries.companyId), eq(author.id, ledgerEntries.authorId)))
    .where(and(eq(ledgerEntries.companyId, companyId), ...where));
}

/** Whether an entry has been reversed (for list filters). */
export const isReversed = sql`exists (select 1 from ledger_entries r where r.company_id = ${ledgerEntries.companyId}
  and r.reverses_id = ${ledgerEntries.id})`;

type ViewRow = Awaited<ReturnType<typeof entryViewQuery>>[number];

export function toLedgerEntry(row: ViewRow): LedgerEntry {
  const e = row.entry;
  return {
    id: e.id,
    kind: e.kind as LedgerKind,
    amount: e.amount,
    date: e.entryDate,
    branch_id: e.branchId,
    student: e.studentId === null ? null : { id: e.studentId, name: row.studentName ?? '' },
    group:
      e.groupId === null
        ? null
        : { id: e.groupId, title: groupTitle({ name: row.groupName, code: row.groupCode ?? '' }) },
    method: e.method as PaymentMethod | null,
    comment: e.comment,
    reverses_id: e.reversesId,
    reversed_by_id: row.reversedById,
    reversal:
      row.reversedById === null
        ? null
        : { id: row.reversedById, date: row.reversalDate ?? e.entryDate, reason: row.reversalReason },
    reason: e.reason,
    author: e.authorId === null ? null : { id: e.authorId, name: row.authorName ?? '' },
    created_at: e.createdAt.toISOString(),
  };
}

/** One entry as the API shows it. */
export async function entryView(tx: Tx, companyId: number, id: number): Promise<LedgerEntry> {
  const [row] = await entryViewQuery(tx, companyId, [eq(ledgerEntries.id, id)]);
  if (!row) throw notFound();
  return toLedgerEntry(row);
}
