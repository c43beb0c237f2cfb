import {
  balanceStateOf,
  type Debtor,
  type DebtorListName,
  type DebtorsList,
  type DebtorsQuery,
  debtLessonCount,
  groupDebtOf,
  paginate,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import type { BillingContext } from '../billing/booking.js';
import { companyBilling } from '../billing/company-billing.js';
import { placePrices } from '../billing/kept-prices.js';
import { placeKey } from '../billing/place-pricing.js';
import { debtorRows, groupLines, notEnoughCandidates, type StudentFilter, type StudentRow } from './debtors-query.js';

/**
 * Spec §7 POST /user/debtors/{list}/{branch_id}: `list`, the branch's students whose balance
 * is below zero, deepest debt first; `not-enough`, those whose balance is not below zero but
 * less than their next charge (contracts balanceStateOf), largest shortfall first. Each with
 * his groups' balances, debt in lessons and next charges.
 */

/** A branch named in the path must be one of the company's (another company's is absent: 404), and the caller's. */
export async function assertDebtorsBranch(tx: Tx, actor: Actor, branchId: number) {
  const [row] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, actor.companyId), eq(branches.id, branchId)));
  if (!row) throw notFound();
  assertBranch(actor, branchId);
}

/**
 * The rows with their groups: the balance of each, its share of the debt in lessons
 * (priced on `day`) and what it charges next. `asOf` counts entries up to that day only.
 */
export async function describeDebtors(
  tx: Tx,
  ctx: BillingContext,
  rows: readonly StudentRow[],
  options: { day: string; asOf?: string },
): Promise<Debtor[]> {
  const lines = await groupLines(
    tx,
    ctx.companyId,
    rows.map((r) => r.id),
    options.asOf,
  );
  const prices = await placePrices(tx, ctx, lines, options.day);
  return rows.map((row) => {
    const groups = lines
      .filter((line) => line.studentId === row.id)
      .map((line) => {
        const price = prices.get(placeKey(line.groupId, row.id));
        const debt = groupDebtOf(row.balance, line.balance);
        const lessonPrice = price?.lessonPrice ?? null;
        return {
          group: { id: line.groupId, title: line.title },
          balance: line.balance,
          lesson_price: lessonPrice,
          debt,
          debt_lessons: debtLessonCount(debt, lessonPrice),
          next_charge: price?.nextCharge ?? null,
        };
      });
    const nextCharge = groups.reduce((sum, g) => sum + (g.next_charge?.amount ?? 0), 0);
    return {
      student: { id: row.id, name: row.name, phone: row.phone },
      balance: row.balance,
      next_charge: nextCharge,
      groups,
    };
  });
}

/**
 * The not-enough list: every candidate's active places priced for their next charge, the
 * rule applied, then sorted and cut to the page (the rule needs the engine, not SQL).
 */
async function notEnough(tx: Tx, ctx: BillingContext, filter: StudentFilter, query: DebtorsQuery) {
  const candidates = await notEnoughCandidates(tx, filter);
  const places = candidates.flatMap((c) => c.groupIds.map((groupId) => ({ groupId, studentId: c.id })));
  const prices = await placePrices(tx, ctx, places, ctx.today);
  const short = candidates
    .map((c) => ({
      row: c,
      next: c.groupIds.reduce((sum, g) => sum + (prices.get(placeKey(g, c.id))?.nextCharge?.amount ?? 0), 0),
    }))
    .filter(({ row, next }) => balanceStateOf(row.balance, next) === 'not_enough')
    .map(({ row, next }) => ({ row, shortfall: next - row.balance }))
    .sort((a, b) => b.shortfall - a.shortfall || a.row.id - b.row.id);
  const start = (query.page - 1) * query.per_page;
  const page = short.slice(start, start + query.per_page).map((s) => s.row);
  return {
    data: await describeDebtors(tx, ctx, page, { day: ctx.today }),
    pagination: paginate(short.length, query.page, query.per_page, page.length),
    total_debt: 0,
    total_shortfall: short.reduce((sum, s) => sum + s.shortfall, 0),
  };
}

export async function listDebtors(
  tx: Tx,
  actor: Actor,
  at: Date,
  list: DebtorListName,
  branchId: number,
  query: DebtorsQuery,
): Promise<DebtorsList> {
  await assertDebtorsBranch(tx, actor, branchId);
  const ctx = await companyBilling(tx, actor.companyId, at, actor.id);
  const filter = { companyId: actor.companyId, branchId, name_or_phone: query.name_or_phone, group_id: query.group_id };
  if (list === 'not-enough') return notEnough(tx, ctx, filter, query);
  const { rows, total, totalDebt } = await debtorRows(tx, filter, query);
  return {
    data: await describeDebtors(tx, ctx, rows, { day: ctx.today }),
    pagination: paginate(total, query.page, query.per_page, rows.length),
    total_debt: totalDebt,
    total_shortfall: null,
  };
}
