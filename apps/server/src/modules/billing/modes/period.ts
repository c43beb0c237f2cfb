import type { CalendarLesson } from '@crm/contracts';
import { isChargeableOn, priceOn } from '../place.js';
import { min, ratio, roundHalfUp, times } from '../ratio.js';
import { type BillingUnit, fixedDivisor, type ModeInput } from '../units.js';

/**
 * The lessons per month of a month the group runs only part of (it starts or ends inside
 * it) under dynamic lessons per month: the month's real count is unknown, as the group
 * did not meet all of it, so such a month is charged at a twelfth of the price per lesson.
 */
export const PART_MONTH_DIVISOR = 12;

/**
 * The charge of a period paid as a whole — a month (months = 1) or the course (months =
 * its length). A student in the group and active for every held lesson of the period
 * pays the full price. Otherwise (joined or left during it, frozen or on trial for part
 * of it) he pays by lessons: with dynamic lessons per month his share of the period's
 * held lessons; with 12 or 13 a twelfth (thirteenth) of the monthly price per lesson,
 * never more than the full price. `clipped`: the group itself runs only part of the
 * period, which is then always charged per lesson (PART_MONTH_DIVISOR when dynamic).
 * Prices are the ones in force on each lesson's day.
 */
export function periodUnit(
  input: ModeInput,
  period: { unit: string; start: string; end: string; months: number; clipped: boolean; held?: CalendarLesson[] },
): BillingUnit {
  const { unit, start, end, months, clipped } = period;
  const held = period.held ?? input.lessons.filter((l) => l.state === 'held' && l.date >= start && l.date <= end);
  const charged = held.filter((l) => isChargeableOn(input.place, l.date));
  const base = { unit, start, end, lessons: charged.length, held: held.length };
  if (!charged.length) return { ...base, amount: 0 };

  const priceSum = (lessons: readonly CalendarLesson[]) =>
    input.place.exception === null
      ? BigInt(input.group.price) * BigInt(lessons.length)
      : lessons.reduce((total, l) => total + BigInt(priceOn(input.place, input.group.price, l.date)), 0n);
  const full = times(ratio(priceSum(held), held.length), months);
  if (!clipped && charged.length === held.length) return { ...base, amount: roundHalfUp(full) };

  const divisor = fixedDivisor(input.lessonsPerMonth) ?? (clipped ? PART_MONTH_DIVISOR : null);
  const share =
    divisor === null
      ? times(ratio(priceSum(charged), held.length), months)
      : min(ratio(priceSum(charged), divisor), full);
  return { ...base, amount: roundHalfUp(share) };
}
