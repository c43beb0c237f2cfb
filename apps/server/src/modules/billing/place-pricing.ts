import {
  addDays,
  addMonths,
  type CalendarLesson,
  type NextCharge,
  RUNNING_GROUP_STATUSES,
  StudentStatus,
} from '@crm/contracts';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import { loadCalendars } from '../lessons/calendar-source.js';
import { type GroupToBill, loadGroupsToBill, loadPlaces } from './billing-data.js';
import type { BillingContext } from './booking.js';
import { billPlace, calendarRange } from './engine.js';
import { type BillingPlace, priceOn } from './place.js';
import { ratio, roundHalfUp } from './ratio.js';
import { type BillingWindow, fixedDivisor, heldPerMonth, lessonValue, monthEnd, monthStart } from './units.js';

/**
 * What a student's place in a group costs, priced by the billing engine itself
 * (docs/billing.md), so the debtors lists never disagree with the charges booked:
 * the price of one lesson and the next charge to come.
 */
export interface PlacePrice {
  /** One lesson of the group for this student on the reference day, minor units (0: a free course). */
  lessonPrice: number;
  /** The first billing unit after today that charges him something; null when none comes. */
  nextCharge: NextCharge | null;
}

export const placeKey = (groupId: number, studentId: number) => `${groupId}:${studentId}`;

/**
 * How far ahead the next charge is looked for: a month for the monthly modes, the next
 * lesson by day, the next module (12 lessons at one lesson a week) by module.
 */
const NEXT_CHARGE_HORIZON_DAYS = 92;
/** Months before the pricing day searched for a group's last lesson (a group that has just ended). */
const LOOKBACK_MONTHS = 3;
/** docs/billing.md: a month the group runs only in part is charged at price ÷ 12 under dynamic. */
const PARTIAL_MONTH_DIVISOR = 12;

/** The groups as billing sees them, unlocked: a list only reads. */
const loadGroups = (tx: Tx, companyId: number, groupIds: readonly number[]): Promise<GroupToBill[]> =>
  groupIds.length
    ? loadGroupsToBill(tx, companyId, inArray(groups.id, [...groupIds]), { lock: false })
    : Promise.resolve([]);

/** A student with no place row (never happens through the API): the course price, never charged. */
const noPlace = (group: GroupToBill, studentId: number): BillingPlace => ({
  groupId: group.id,
  studentId,
  createdDate: group.startDate,
  leftDate: group.startDate,
  status: StudentStatus.archived,
  exception: null,
  changes: [],
});

/**
 * The price of one lesson as the engine divides a month (lessonValue): the monthly price
 * in force (his individual price, else the course's) ÷ 12, 13, or the month's held
 * lessons — taken at the first held lesson from `day` on, else the last one before it.
 * A group with no lesson near `day` (it ended long ago) is priced ÷ 12 under dynamic, as
 * the engine prices a month the group runs only in part.
 */
function lessonPriceOf(group: GroupToBill, place: BillingPlace, ctx: BillingContext, calendar: Calendar, day: string) {
  const { lessons, held, perMonth } = calendar;
  const reference = held.find((lesson) => lesson.date >= day) ?? held.at(-1);
  const { lessonsPerMonth } = ctx.settings;
  if (reference) {
    const input = { group, place, lessonsPerMonth, lessons, window: { from: day, till: day } };
    return roundHalfUp(lessonValue(input, reference, perMonth));
  }
  const divisor = fixedDivisor(lessonsPerMonth) ?? PARTIAL_MONTH_DIVISOR;
  return roundHalfUp(ratio(priceOn(place, group.price, day), divisor));
}

/** A group's lesson calendar with its held lessons and their number per month (the dynamic divisor). */
interface Calendar {
  lessons: CalendarLesson[];
  held: CalendarLesson[];
  perMonth: Map<string, number>;
}

const calendarOf = (lessons: CalendarLesson[] = []): Calendar => ({
  lessons,
  held: lessons.filter((lesson) => lesson.state === 'held'),
  perMonth: heldPerMonth(lessons),
});

/** The first unit after today with something to charge, as the daily run will book it. */
function nextChargeOf(
  group: GroupToBill,
  place: BillingPlace,
  ctx: BillingContext,
  lessons: CalendarLesson[],
  window: BillingWindow,
): NextCharge | null {
  if (!(RUNNING_GROUP_STATUSES as readonly number[]).includes(group.status)) return null;
  const unit = billPlace({ group, place, settings: ctx.settings, lessons, window }).find(
    (u) => u.start > ctx.today && u.amount > 0,
  );
  return unit ? { date: unit.start, amount: unit.amount } : null;
}

/**
 * Prices the places of the groups (by placeKey): one calendar load for all of them. `day`
 * is the day a lesson's price is taken on (today, or an export's last day). A wanted place
 * with no place row (never through the API) is priced at the course price, never charged.
 */
export async function priceGroupPlaces(
  tx: Tx,
  ctx: BillingContext,
  groupList: readonly GroupToBill[],
  placeRows: readonly BillingPlace[],
  wanted: readonly { groupId: number; studentId: number }[],
  day: string,
): Promise<Map<string, PlacePrice>> {
  const priced = new Map<string, PlacePrice>();
  if (!groupList.length) return priced;
  const placeOf = new Map(placeRows.map((p) => [placeKey(p.groupId, p.studentId), p]));
  const window = { from: addDays(ctx.today, 1), till: addDays(ctx.today, NEXT_CHARGE_HORIZON_DAYS) };
  // Whole months: the engine's ranges for the next charge, and the month of the pricing day.
  const ranges = groupList.map((g) => calendarRange(g, ctx.settings, window));
  const from = [addMonths(monthStart(day), -LOOKBACK_MONTHS), ...ranges.map((r) => r.from)].sort()[0]!;
  const till = [monthEnd(day), ...ranges.map((r) => r.till)].sort().at(-1)!;
  const loaded = await loadCalendars(tx, ctx.companyId, groupList, from, till);
  const calendars = new Map(groupList.map((g) => [g.id, calendarOf(loaded.get(g.id))]));
  const groupOf = new Map(groupList.map((g) => [g.id, g]));
  for (const { groupId, studentId } of wanted) {
    const group = groupOf.get(groupId);
    if (!group) continue;
    const key = placeKey(groupId, studentId);
    const place = placeOf.get(key) ?? noPlace(group, studentId);
    const calendar = calendars.get(groupId)!;
    priced.set(key, {
      lessonPrice: lessonPriceOf(group, place, ctx, calendar, day),
      nextCharge: nextChargeOf(group, place, ctx, calendar.lessons, window),
    });
  }
  return priced;
}

/** Prices the asked students' places, computed now (placePrices reads the kept ones first). */
export async function pricePlaces(
  tx: Tx,
  ctx: BillingContext,
  places: readonly { groupId: number; studentId: number }[],
  day: string,
): Promise<Map<string, PlacePrice>> {
  const groupList = await loadGroups(tx, ctx.companyId, [...new Set(places.map((p) => p.groupId))]);
  if (!groupList.length) return new Map();
  // Only the asked students' places: a list prices fifty students, not everyone in their groups.
  const placeRows = await loadPlaces(
    tx,
    ctx.companyId,
    groupList.map((g) => g.id),
    ctx.timeZone,
    [...new Set(places.map((p) => p.studentId))],
  );
  const wanted = new Map(places.map((p) => [placeKey(p.groupId, p.studentId), p]));
  return priceGroupPlaces(tx, ctx, groupList, placeRows, [...wanted.values()], day);
}
