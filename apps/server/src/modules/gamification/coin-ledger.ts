import type { CoinEntryKind, CoinRule } from '@crm/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { coinEntries, shopOrders } from '../../db/schema/index.js';

/**
 * The coin ledger (issue 21): entries are only ever appended; a balance is the sum of a student's entries.
 * Debits (an order's reservation, an employee taking coins, an award reversed) run under a per-student lock,
 * so two at once never spend the same coins and no balance goes below zero.
 */

export interface CoinMove {
  studentId: number;
  amount: number;
  kind: CoinEntryKind;
  rule?: CoinRule | null;
  /** The natural key of an automatic move; with `causeSeq`, booked at most once. */
  cause?: string | null;
  causeSeq?: number;
  reason?: string | null;
  orderId?: number | null;
  authorId?: number | null;
}

/** Serialises every debit of one student's coins (transaction-long; PostgreSQL and PGlite alike). */
export async function lockStudentCoins(tx: Tx, companyId: number, studentId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`coins:${companyId}:${studentId}`}, 0))`);
}

export async function balanceOf(tx: Tx, companyId: number, studentId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${coinEntries.amount}), 0)` })
    .from(coinEntries)
    .where(and(eq(coinEntries.companyId, companyId), eq(coinEntries.studentId, studentId)));
  return Number(row?.sum ?? 0);
}

/** Balances of several students at once (a group's column); a student without entries has 0. */
export async function balancesOf(tx: Tx, companyId: number, studentIds: readonly number[]) {
  const balances = new Map<number, number>(studentIds.map((id) => [id, 0]));
  if (!studentIds.length) return balances;
  const rows = await tx
    .select({ studentId: coinEntries.studentId, sum: sql<string>`sum(${coinEntries.amount})` })
    .from(coinEntries)
    .where(and(eq(coinEntries.companyId, companyId), inArray(coinEntries.studentId, [...studentIds])))
    .groupBy(coinEntries.studentId);
  for (const row of rows) balances.set(row.studentId, Number(row.sum));
  return balances;
}

/** Coins held by the student's pending orders (they are already out of his balance). */
export async function reservedOf(tx: Tx, companyId: number, studentId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${shopOrders.price}), 0)` })
    .from(shopOrders)
    .where(and(eq(shopOrders.companyId, companyId), eq(shopOrders.studentId, studentId), eq(shopOrders.status, 0)));
  return Number(row?.sum ?? 0);
}

/** Appends one entry; a move whose cause and sequence are already booked books nothing (null). */
export async function appendCoins(tx: Tx, companyId: number, move: CoinMove): Promise<number | null> {
  const [row] = await tx
    .insert(coinEntries)
    .values({
      companyId,
      studentId: move.studentId,
      amount: move.amount,
      kind: move.kind,
      rule: move.rule ?? null,
      cause: move.cause ?? null,
      causeSeq: move.causeSeq ?? 0,
      reason: move.reason ?? null,
      orderId: move.orderId ?? null,
      authorId: move.authorId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: coinEntries.id });
  return row?.id ?? null;
}

/**
 * A debit under the student's lock: refused (false, nothing booked) when he holds fewer coins than it takes.
 * `amount` is positive; the entry books it negative.
 */
export async function debitCoins(tx: Tx, companyId: number, move: CoinMove): Promise<boolean> {
  await lockStudentCoins(tx, companyId, move.studentId);
  if ((await balanceOf(tx, companyId, move.studentId)) < move.amount) return false;
  await appendCoins(tx, companyId, { ...move, amount: -move.amount });
  return true;
}

export interface RuleAward {
  studentId: number;
  rule: CoinRule;
  cause: string;
  /** Whether the cause holds now (present, on time, a good grade): the award is due; otherwise it is not. */
  held: boolean;
  amount: number;
  reason: string;
  authorId: number | null;
}

/**
 * Brings a rule's cause to what it should hold: its award once while the cause holds, nothing once it no
 * longer does (an attendance mark changed from present is reversed, but never below the coins the student
 * still has: what he spent stays spent). Each move is the cause's next sequence number, so concurrent runners
 * or a retry book it once. Answers the coins moved (0: nothing to do).
 */
export async function settleRuleAward(tx: Tx, companyId: number, award: RuleAward): Promise<number> {
  const moves = await tx
    .select({ amount: coinEntries.amount })
    .from(coinEntries)
    .where(and(eq(coinEntries.companyId, companyId), eq(coinEntries.cause, award.cause)));
  const net = moves.reduce((sum, move) => sum + move.amount, 0);
  const base = { studentId: award.studentId, kind: 'rule' as const, rule: award.rule, cause: award.cause };
  const next = { ...base, causeSeq: moves.length, reason: award.reason, authorId: award.authorId };
  if (award.held && net === 0) {
    return (await appendCoins(tx, companyId, { ...next, amount: award.amount })) === null ? 0 : award.amount;
  }
  if (!award.held && net > 0) {
    await lockStudentCoins(tx, companyId, award.studentId);
    const back = Math.min(net, await balanceOf(tx, companyId, award.studentId));
    if (back <= 0) return 0;
    return (await appendCoins(tx, companyId, { ...next, amount: -back })) === null ? 0 : -back;
  }
  return 0;
}
