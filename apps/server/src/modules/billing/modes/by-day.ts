import { isChargeableOn } from '../place.js';
import { roundHalfUp } from '../ratio.js';
import { type BillingUnit, heldPerMonth, lessonValue, type ModeInput } from '../units.js';

/**
 * By day: every held lesson is charged on its day at the monthly price divided by the
 * lessons per month. Every lesson of the window is a unit, so a lesson that is
 * cancelled or becomes a holiday after it was charged is given back (amount 0). The key
 * is the lesson's scheduled day, which a move to another day does not change.
 */
export function byDayUnits(input: ModeInput): BillingUnit[] {
  const perMonth = heldPerMonth(input.lessons);
  const units: BillingUnit[] = [];
  for (const lesson of input.lessons) {
    if (lesson.date < input.window.from || lesson.date > input.window.till) continue;
    const held = lesson.state === 'held';
    const charged = held && isChargeableOn(input.place, lesson.date);
    units.push({
      unit: `day:${lesson.scheduled_date}`,
      start: lesson.date,
      end: lesson.date,
      amount: charged ? roundHalfUp(lessonValue(input, lesson, perMonth)) : 0,
      lessons: charged ? 1 : 0,
      held: held ? 1 : 0,
    });
  }
  return units;
}
