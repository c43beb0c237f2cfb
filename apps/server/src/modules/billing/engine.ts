import { addDays, addMonths, type BillingSettings, type CalendarLesson, type StudentPaymentMode } from '@crm/contracts';
import { byCourseUnits, courseSpan } from './modes/by-course.js';
import { byDayUnits } from './modes/by-day.js';
import { byModuleUnits, moduleSize } from './modes/by-module.js';
import { monthlyCalendarUnits, monthlyFromStartUnits } from './modes/monthly.js';
import type { BillingPlace } from './place.js';
import {
  type BillingGroup,
  type BillingUnit,
  type BillingWindow,
  type ModeInput,
  monthEnd,
  monthStart,
} from './units.js';

/**
 * The pure part of the billing engine (docs/billing.md): what a student owes a group for
 * each billing unit of a window, from the group's lesson calendar, his place (dates,
 * statuses, individual price) and the company's payment mode. No database here: the
 * booking part (booking.ts) loads the inputs and writes the ledger.
 */

const UNITS_OF: Record<StudentPaymentMode, (input: ModeInput) => BillingUnit[]> = {
  by_day: byDayUnits,
  monthly_calendar: monthlyCalendarUnits,
  monthly_from_start: monthlyFromStartUnits,
  by_course: byCourseUnits,
  by_module: byModuleUnits,
};

export interface PlaceBillingInput {
  group: BillingGroup;
  place: BillingPlace;
  settings: BillingSettings;
  /** The group's calendar over calendarRange(group, settings, window). */
  lessons: readonly CalendarLesson[];
  window: BillingWindow;
}

/** Every billing unit of the window that has begun by `window.till`, with what the student owes for it. */
export function billPlace(input: PlaceBillingInput): BillingUnit[] {
  const modeInput: ModeInput = {
    group: input.group,
    place: input.place,
    lessonsPerMonth: input.settings.lessonsPerMonth,
    lessons: input.lessons,
    window: input.window,
  };
  return UNITS_OF[input.settings.mode](modeInput).filter((unit) => unit.start <= input.window.till);
}

/**
 * The days of the group's calendar the engine needs for a window: whole calendar months
 * (the dynamic divisor counts a month's held lessons), the whole course for by course,
 * and from the group's start (where module counting begins) for by module.
 */
export function calendarRange(group: BillingGroup, settings: BillingSettings, window: BillingWindow): BillingWindow {
  const months = { from: monthStart(window.from), till: monthEnd(window.till) };
  switch (settings.mode) {
    case 'by_day':
    case 'monthly_calendar':
      return months;
    case 'monthly_from_start':
      // A period is at most a month long: one month either side holds every period touching the window.
      return { from: addMonths(months.from, -1), till: monthEnd(addMonths(window.till, 1)) };
    case 'by_course': {
      const span = courseSpan(group);
      if (!span) return { from: addMonths(months.from, -1), till: monthEnd(addMonths(window.till, 1)) };
      return { from: monthStart(span.start), till: monthEnd(span.end) };
    }
    case 'by_module': {
      // Far enough past the window to complete a module begun in it, even at one lesson a week.
      const size = moduleSize({ group, lessonsPerMonth: settings.lessonsPerMonth });
      return { from: monthStart(group.startDate), till: monthEnd(addDays(window.till, 7 * size + 31)) };
    }
  }
}

/** The natural key of a unit's charge; a recalculated charge adds its revision (`~2`, `~3`…). */
export const chargeKey = (groupId: number, studentId: number, unit: string, revision = 1): string =>
  `charge:${groupId}:${studentId}:${unit}${revision > 1 ? `~${revision}` : ''}`;

/** The unit and revision of a natural key chargeKey made; null for any other key. */
export function parseChargeKey(
  key: string,
): { groupId: number; studentId: number; unit: string; revision: number } | null {
  const match = /^charge:(\d+):(\d+):([^~]+)(?:~(\d+))?$/.exec(key);
  if (!match) return null;
  return {
    groupId: Number(match[1]),
    studentId: Number(match[2]),
    unit: match[3]!,
    revision: match[4] ? Number(match[4]) : 1,
  };
}
