import { addMonths, type BillingSettings, type CalendarLesson } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import { loadCalendars } from '../lessons/calendar-source.js';
import { type GroupToBill, loadBookedCharges, loadPlaces } from './billing-data.js';
import { billPlace, calendarRange } from './engine.js';
import { insertCharges, insertReversals, type NewCharge, type Written } from './ledger-writer.js';
import type { BillingPlace } from './place.js';
import type { BookedCharge, ChargePlan, ReversalCause } from './reconcile.js';
import { type BillingUnit, type BillingWindow, monthStart } from './units.js';

/** Who books and by which rules: one company, its settings and its today. */
export interface BillingContext {
  companyId: number;
  /** The user acting (re_withdraw, a status change); null for the daily run. */
  authorId: number | null;
  settings: BillingSettings;
  timeZone: string;
  today: string;
}

/** One student in one group with what he owes for each unit of the window and what is booked. */
export interface PlaceBill {
  group: GroupToBill;
  place: BillingPlace;
  units: BillingUnit[];
  booked: BookedCharge[];
}

export interface BillingSummary {
  booked: Written;
  reversed: Written;
}

export const emptySummary = (): BillingSummary => ({
  booked: { count: 0, amount: 0 },
  reversed: { count: 0, amount: 0 },
});

export function addSummary(into: BillingSummary, more: BillingSummary): BillingSummary {
  into.booked.count += more.booked.count;
  into.booked.amount += more.booked.amount;
  into.reversed.count += more.reversed.count;
  into.reversed.amount += more.reversed.amount;
  return into;
}

/** The earliest day a charge of the window can be dated on (a course or module may start long before it). */
function chargesFrom(group: GroupToBill, settings: BillingSettings, window: BillingWindow): string {
  if (settings.mode === 'by_course' || settings.mode === 'by_module') return group.startDate;
  return addMonths(monthStart(window.from), -1);
}

/** The first and the last of `YYYY-MM-DD` dates (they sort as text). */
const earliest = (dates: string[]) => [...dates].sort()[0]!;
const latest = (dates: string[]) => [...dates].sort().at(-1)!;

/**
 * What every place of the groups owes for each unit of the window, with its booked
 * charges: one calendar load for all the groups and three queries, whatever their number.
 */
export async function billPlaces(
  tx: Tx,
  ctx: BillingContext,
  groups: readonly GroupToBill[],
  window: BillingWindow,
  studentId?: number,
): Promise<PlaceBill[]> {
  if (!groups.length) return [];
  const places = await loadPlaces(
    tx,
    ctx.companyId,
    groups.map((g) => g.id),
    ctx.timeZone,
    studentId,
  );
  if (!places.length) return [];
  const ranges = groups.map((g) => calendarRange(g, ctx.settings, window));
  const calendars = await loadCalendars(
    tx,
    ctx.companyId,
    groups,
    earliest(ranges.map((r) => r.from)),
    latest(ranges.map((r) => r.till)),
  );
  const booked = await loadBookedCharges(
    tx,
    ctx.companyId,
    places,
    earliest(groups.map((g) => chargesFrom(g, ctx.settings, window))),
  );
  const byId = new Map(groups.map((g) => [g.id, g]));
  return places.map((place) => {
    const group = byId.get(place.groupId)!;
    const lessons: CalendarLesson[] = calendars.get(group.id) ?? [];
    return {
      group,
      place,
      units: billPlace({ group, place, settings: ctx.settings, lessons, window }),
      booked: booked.get(`${place.groupId}:${place.studentId}`) ?? [],
    };
  });
}

/** The ledger line's explanation of a charge: mode, unit and lessons counted. */
const explain = (settings: BillingSettings, unit: BillingUnit): string =>
  `${settings.mode} ${unit.unit}: ${unit.lessons}/${unit.held} lessons (per month: ${settings.lessonsPerMonth})`;

/** Writes the plans of many places: reversals first, then the charges, many rows per statement. */
export async function writePlans(
  tx: Tx,
  ctx: BillingContext,
  plans: readonly { bill: PlaceBill; plan: ChargePlan }[],
  reversal: { cause: ReversalCause; reason: string },
): Promise<BillingSummary> {
  const reversals = plans.flatMap(({ bill, plan }) =>
    plan.reverse.map(({ charge }) => ({
      charge,
      groupId: bill.place.groupId,
      studentId: bill.place.studentId,
      reason: reversal.reason,
    })),
  );
  const charges: NewCharge[] = plans.flatMap(({ bill, plan }) =>
    plan.book.map(({ unit, key }) => ({
      groupId: bill.place.groupId,
      studentId: bill.place.studentId,
      branchId: bill.group.branchId,
      amount: unit.amount,
      date: unit.start,
      naturalKey: key,
      comment: explain(ctx.settings, unit),
    })),
  );
  return {
    reversed: await insertReversals(tx, ctx.companyId, ctx.authorId, reversal.cause, reversals),
    booked: await insertCharges(tx, ctx.companyId, ctx.authorId, charges),
  };
}
