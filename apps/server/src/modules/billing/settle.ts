import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { groupStudents, groups, ledgerEntries } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { bookEntry } from '../finance/ledger.js';
import type { StudentMoneyMovement } from '../groups/money-hooks.js';
import { loadGroupsToBill } from './billing-data.js';
import { type BillingContext, type BillingSummary, billPlaces, writePlans } from './booking.js';
import { companyBilling } from './company-billing.js';
import { DAILY_REASON, dailyWindow } from './daily-run.js';
import { planCharges } from './reconcile.js';

/**
 * The money side of a student's place changing (docs/billing.md "Status changes of a
 * student"), in the transaction of the change: groups/money-hooks.ts settleStudentMoney
 * calls it on activation, archiving and transfer.
 */

/** The instant the transaction acts at: app.now when it set one (as the status timeline does), else now. */
async function actingAt(tx: Tx): Promise<Date> {
  const [row] = await selectRows<{ now: string | null }>(
    tx,
    sql`select nullif(current_setting('app.now', true), '') as now`,
  );
  return row?.now ? new Date(row.now) : new Date();
}

/** Bills the student's places in these groups as the daily run would today. */
async function billStudent(tx: Tx, ctx: BillingContext, studentId: number, groupIds: number[]) {
  const toBill = await loadGroupsToBill(tx, ctx.companyId, inArray(groups.id, groupIds));
  const bills = await billPlaces(tx, ctx, toBill, dailyWindow(ctx.today), studentId);
  const plans = bills.map((bill) => ({
    bill,
    plan: planCharges(bill.place.groupId, studentId, bill.units, bill.booked, {
      recalculateFrom: ctx.today,
      settledFrom: bill.place.leftDate,
    }),
  }));
  return writePlans(tx, ctx, plans, { cause: 'billing', reason: DAILY_REASON });
}

/**
 * A student left the group on `leftDate`: what is due before it is booked; with
 * return_the_money the periods from that day on are recalculated to the lessons he took
 * before it, and the rest goes back to his balance.
 */
async function settleDeparture(
  tx: Tx,
  ctx: BillingContext,
  place: { groupId: number; studentId: number; leftDate: string },
  returnTheMoney: boolean,
): Promise<BillingSummary> {
  if (!returnTheMoney) return billStudent(tx, ctx, place.studentId, [place.groupId]);
  const toBill = await loadGroupsToBill(tx, ctx.companyId, eq(groups.id, place.groupId));
  const window = dailyWindow(ctx.today);
  if (place.leftDate < window.from) window.from = place.leftDate;
  const bills = await billPlaces(tx, ctx, toBill, window, place.studentId);
  const plans = bills.map((bill) => ({
    bill,
    plan: planCharges(place.groupId, place.studentId, bill.units, bill.booked, {
      recalculateFrom: place.leftDate,
      settledFrom: null,
    }),
  }));
  return writePlans(tx, ctx, plans, {
    cause: 'billing',
    reason: `Money returned: left the group on ${place.leftDate}`,
  });
}

/** The student's balance in a group: the sum of his entries booked for it. */
async function groupBalance(tx: Tx, companyId: number, studentId: number, groupId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sum(ledgerEntries.amount).mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.companyId, companyId),
        eq(ledgerEntries.studentId, studentId),
        eq(ledgerEntries.groupId, groupId),
      ),
    );
  return row?.total ?? 0;
}

async function branchOf(tx: Tx, companyId: number, groupId: number): Promise<number> {
  const [row] = await tx
    .select({ branchId: groups.branchId })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)));
  if (!row) throw new Error(`group ${groupId} vanished inside its transaction`);
  return row.branchId;
}

/** Moves what is left on the student's balance in one group to another: two transfer entries. */
async function moveBalance(
  tx: Tx,
  actor: Actor,
  ctx: BillingContext,
  move: { studentId: number; fromGroupId: number; toGroupId: number; date: string },
) {
  const left = await groupBalance(tx, actor.companyId, move.studentId, move.fromGroupId);
  if (left <= 0) return 0;
  const key = `transfer:${move.studentId}:${move.fromGroupId}:${move.toGroupId}:${move.date}`;
  const entry = { kind: 'transfer' as const, date: ctx.today, studentId: move.studentId, cause: 'transfer' };
  await bookEntry(tx, actor, {
    ...entry,
    amount: -left,
    branchId: await branchOf(tx, actor.companyId, move.fromGroupId),
    groupId: move.fromGroupId,
    naturalKey: `${key}:out`,
    comment: `Moved to group ${move.toGroupId}`,
  });
  await bookEntry(tx, actor, {
    ...entry,
    amount: left,
    branchId: await branchOf(tx, actor.companyId, move.toGroupId),
    groupId: move.toGroupId,
    naturalKey: `${key}:in`,
    comment: `Moved from group ${move.fromGroupId}`,
  });
  return left;
}

/** The groups the student has a place in (recalculation_in_all_groups). */
async function placesOf(tx: Tx, companyId: number, studentId: number): Promise<number[]> {
  const rows = await tx
    .select({ groupId: groupStudents.groupId })
    .from(groupStudents)
    .where(and(eq(groupStudents.companyId, companyId), eq(groupStudents.studentId, studentId)));
  return rows.map((r) => r.groupId);
}

export async function settlePlaceMoney(tx: Tx, actor: Actor, movement: StudentMoneyMovement): Promise<BillingSummary> {
  const ctx = await companyBilling(tx, actor.companyId, await actingAt(tx), actor.id);
  switch (movement.kind) {
    case 'activation': {
      const groupIds = movement.recalculationInAllGroups
        ? await placesOf(tx, actor.companyId, movement.studentId)
        : [movement.groupId];
      return billStudent(tx, ctx, movement.studentId, groupIds);
    }
    case 'archive':
      return settleDeparture(
        tx,
        ctx,
        { groupId: movement.groupId, studentId: movement.studentId, leftDate: movement.leftDate },
        movement.returnTheMoney,
      );
    case 'transfer': {
      const summary = await settleDeparture(
        tx,
        ctx,
        { groupId: movement.fromGroupId, studentId: movement.studentId, leftDate: movement.date },
        movement.returnTheMoney,
      );
      if (movement.returnTheMoney) {
        await moveBalance(tx, actor, ctx, {
          studentId: movement.studentId,
          fromGroupId: movement.fromGroupId,
          toGroupId: movement.toGroupId,
          date: movement.date,
        });
      }
      const joined = await billStudent(tx, ctx, movement.studentId, [movement.toGroupId]);
      return {
        booked: {
          count: summary.booked.count + joined.booked.count,
          amount: summary.booked.amount + joined.booked.amount,
        },
        reversed: summary.reversed,
      };
    }
  }
}
