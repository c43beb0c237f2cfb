import {
  type CoinAccount,
  type CoinEntryKind,
  type CoinGiftInput,
  type CoinRule,
  type GroupCoinBalances,
  paginate,
  Role,
} from '@crm/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { coinEntries, groupStudents, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { findVisibleGroup, isGroupLearner } from '../groups/group-scope.js';
import { appendCoins, balanceOf, balancesOf, debitCoins, reservedOf } from './coin-ledger.js';
import { assertGamificationOn, readCoinSettings } from './coin-settings.js';
import { type ReachedStudent, reachStudent } from './student-reach.js';

const isEmployee = (actor: Actor) => actor.roles.some((role) => role !== Role.student);

/** Spec §6: all employees give coins only if the company enables it. */
async function mayGive(tx: Tx, actor: Actor, student: ReachedStudent): Promise<boolean> {
  if (!isEmployee(actor) || student.id === actor.id) return false;
  return (await readCoinSettings(tx, actor.companyId)).employees_give;
}

async function accountOf(
  tx: Tx,
  actor: Actor,
  student: ReachedStudent,
  page: { page: number; per_page: number },
): Promise<CoinAccount> {
  const author = alias(users, 'author');
  const where = and(eq(coinEntries.companyId, actor.companyId), eq(coinEntries.studentId, student.id));
  const [total] = await tx.select({ n: count() }).from(coinEntries).where(where);
  const rows = await tx
    .select({
      id: coinEntries.id,
      amount: coinEntries.amount,
      kind: coinEntries.kind,
      rule: coinEntries.rule,
      reason: coinEntries.reason,
      orderId: coinEntries.orderId,
      authorId: coinEntries.authorId,
      authorName: author.name,
      createdAt: coinEntries.createdAt,
    })
    .from(coinEntries)
    .leftJoin(author, and(eq(author.companyId, coinEntries.companyId), eq(author.id, coinEntries.authorId)))
    .where(where)
    .orderBy(desc(coinEntries.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  return {
    student: { id: student.id, name: student.name },
    balance: await balanceOf(tx, actor.companyId, student.id),
    reserved: await reservedOf(tx, actor.companyId, student.id),
    entries: {
      data: rows.map((row) => ({
        id: row.id,
        amount: row.amount,
        kind: row.kind as CoinEntryKind,
        rule: row.rule as CoinRule | null,
        reason: row.reason,
        order_id: row.orderId,
        author: row.authorId !== null ? { id: row.authorId, name: row.authorName ?? '' } : null,
        created_at: row.createdAt.toISOString(),
      })),
      pagination: paginate(total?.n ?? 0, page.page, page.per_page, rows.length),
    },
    policies: { give: await mayGive(tx, actor, student) },
  };
}

/** GET /gamification/coins/{id}. */
export async function coinAccount(tx: Tx, actor: Actor, studentId: number, page: { page: number; per_page: number }) {
  await assertGamificationOn(tx, actor.companyId);
  return accountOf(tx, actor, await reachStudent(tx, actor, studentId), page);
}

/** POST /gamification/coins/{id}: an employee gives coins, or takes (never more than the student holds). */
export async function giveCoins(tx: Tx, actor: Actor, studentId: number, input: CoinGiftInput): Promise<CoinAccount> {
  await assertGamificationOn(tx, actor.companyId);
  if (!isEmployee(actor)) throw forbidden();
  const student = await reachStudent(tx, actor, studentId);
  if (!(await mayGive(tx, actor, student))) throw new AppError(403, 'coins_by_employees_off');
  const move = { studentId: student.id, kind: 'manual' as const, reason: input.reason, authorId: actor.id };
  if (input.amount > 0) {
    await appendCoins(tx, actor.companyId, { ...move, amount: input.amount });
  } else if (!(await debitCoins(tx, actor.companyId, { ...move, amount: -input.amount }))) {
    throw new AppError(422, 'not_enough_coins');
  }
  await recordHistory(tx, actor, {
    event: 'coinsGiven',
    entity: 'user',
    entityId: student.id,
    branchId: student.mainBranchId,
    data: { student_id: student.id, student_name: student.name, amount: input.amount, reason: input.reason },
  });
  return accountOf(tx, actor, student, { page: 1, per_page: 20 });
}

/** GET /gamification/group/{id}/coins: the balance of each student the group has had (the group page's column). */
export async function groupCoinBalances(tx: Tx, actor: Actor, groupId: number): Promise<GroupCoinBalances> {
  await assertGamificationOn(tx, actor.companyId);
  const group = await findVisibleGroup(tx, actor, groupId);
  const members = await tx
    .select({ studentId: groupStudents.studentId })
    .from(groupStudents)
    .where(and(eq(groupStudents.companyId, actor.companyId), eq(groupStudents.groupId, group.id)));
  // A student of the group sees his own coins only, not his classmates'.
  const shown = isGroupLearner(actor, group) ? [actor.id] : members.map((m) => m.studentId);
  const balances = await balancesOf(tx, actor.companyId, shown);
  return { balances: [...balances].map(([student_id, balance]) => ({ student_id, balance })) };
}
