import type { MonthlyBalance, StudentBalance } from '@crm/contracts';
import { groupTitle, paginate } from '@crm/contracts';
import { and, count, desc, eq, type SQL, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups, ledgerEntries } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { findTarget } from '../users/queries.js';
import { entryViewQuery, isReversed, toLedgerEntry } from './ledger.js';

/** A student's balance is the sum of his entries; per group, the sum of those booked for the group. */
export async function studentBalance(tx: Tx, actor: Actor, studentId: number): Promise<StudentBalance> {
  await findTarget(tx, actor, studentId, false);
  const rows = await tx
    .select({
      groupId: ledgerEntries.groupId,
      name: groups.name,
      code: groups.code,
      balance: sum(ledgerEntries.amount).mapWith(Number),
    })
    .from(ledgerEntries)
    .leftJoin(groups, and(eq(groups.companyId, ledgerEntries.companyId), eq(groups.id, ledgerEntries.groupId)))
    .where(and(eq(ledgerEntries.companyId, actor.companyId), eq(ledgerEntries.studentId, studentId)))
    .groupBy(ledgerEntries.groupId, groups.name, groups.code)
    .orderBy(ledgerEntries.groupId);
  const general = rows.find((r) => r.groupId === null)?.balance ?? 0;
  return {
    student_id: studentId,
    balance: rows.reduce((acc, r) => acc + r.balance, 0),
    general,
    groups: rows
      .filter((r) => r.groupId !== null)
      .map((r) => ({
        group: { id: r.groupId as number, title: groupTitle({ name: r.name, code: r.code ?? '' }) },
        balance: r.balance,
      })),
  };
}

const KIND_COLUMNS = {
  payment: 'paid',
  charge: 'charged',
  refund: 'refunded',
  write_off: 'written_off',
} as const;

/**
 * GET user/{id}/monthly_balance: per month, what was paid, charged, refunded and
 * written off (reversals counted against their kind) and the balance at the month's end.
 */
export async function monthlyBalance(
  tx: Tx,
  actor: Actor,
  studentId: number,
  query: { branch_id?: number; group_id?: number },
): Promise<MonthlyBalance> {
  await findTarget(tx, actor, studentId, false);
  const where: SQL[] = [eq(ledgerEntries.companyId, actor.companyId), eq(ledgerEntries.studentId, studentId)];
  if (query.branch_id) where.push(eq(ledgerEntries.branchId, query.branch_id));
  if (query.group_id) where.push(eq(ledgerEntries.groupId, query.group_id));
  const month = sql<string>`to_char(${ledgerEntries.entryDate}, 'YYYY-MM')`;
  const rows = await tx
    .select({ month, kind: ledgerEntries.kind, amount: sum(ledgerEntries.amount).mapWith(Number) })
    .from(ledgerEntries)
    .where(and(...where))
    .groupBy(month, ledgerEntries.kind)
    .orderBy(month);
  const months = new Map<string, MonthlyBalance['data'][number]>();
  for (const row of rows) {
    const entry = months.get(row.month) ?? {
      month: row.month,
      paid: 0,
      charged: 0,
      refunded: 0,
      written_off: 0,
      corrections: 0,
      closing: 0,
    };
    const column = KIND_COLUMNS[row.kind as keyof typeof KIND_COLUMNS];
    // Charges, refunds and write-offs are negative in the ledger; the month shows them as amounts.
    if (column === 'paid') entry.paid += row.amount;
    else if (column) entry[column] += -row.amount;
    else entry.corrections += row.amount;
    months.set(row.month, entry);
  }
  let running = 0;
  const data = [...months.values()].map((m) => {
    running += m.paid - m.charged - m.refunded - m.written_off + m.corrections;
    return { ...m, closing: running };
  });
  return { data };
}

/** GET /user/{id}/ledger: every entry of a student, newest first — his balance line by line. */
export async function studentLedger(
  tx: Tx,
  actor: Actor,
  studentId: number,
  query: { page: number; per_page: number; group_id?: number },
) {
  await findTarget(tx, actor, studentId, false);
  const where: SQL[] = [eq(ledgerEntries.studentId, studentId)];
  if (query.group_id) where.push(eq(ledgerEntries.groupId, query.group_id));
  const rows = await entryViewQuery(tx, actor.companyId, where)
    .orderBy(desc(ledgerEntries.entryDate), desc(ledgerEntries.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [{ total = 0 } = {}] = await tx
    .select({ total: count() })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, actor.companyId), ...where));
  return { data: rows.map(toLedgerEntry), pagination: paginate(total, query.page, query.per_page, rows.length) };
}

/**
 * A student's payments that stand (not reversed), newest first: the receipts his parent reads (issue 24). The
 * caller has decided that the reader reaches this student.
 */
export async function studentReceipts(tx: Tx, companyId: number, studentId: number, limit: number) {
  const rows = await entryViewQuery(tx, companyId, [
    eq(ledgerEntries.studentId, studentId),
    eq(ledgerEntries.kind, 'payment'),
    sql`${ledgerEntries.reversesId} is null`,
    sql`not ${isReversed}`,
  ])
    .orderBy(desc(ledgerEntries.entryDate), desc(ledgerEntries.id))
    .limit(limit);
  return rows.map(toLedgerEntry);
}
