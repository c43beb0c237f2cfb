import { addDays, addMonths, type CalendarLesson, type LessonsPerMonth } from '@crm/contracts';
import { type BillingPlace, priceOn } from './place.js';
import { type Ratio, ratio } from './ratio.js';

/** What the engine needs of a group and its course. */
export interface BillingGroup {
  id: number;
  branchId: number;
  startDate: string;
  endDate: string | null;
  /** ISO weekdays the group meets on. */
  days: readonly number[];
  /** The course's monthly price, minor units. */
  price: number;
  /** Course duration in months (spec §3), if set. */
  courseMonths: number | null;
  /** Lessons per module (spec §3), if set. */
  lessonsPerModule: number | null;
}

/** The days whose billing units a calculation covers: units ending on or after `from` and starting by `till`. */
export interface BillingWindow {
  from: string;
  till: string;
}

export interface ModeInput {
  group: BillingGroup;
  place: BillingPlace;
  lessonsPerMonth: LessonsPerMonth;
  /** The group's lesson calendar, covering at least calendarRange(...) of engine.ts. */
  lessons: readonly CalendarLesson[];
  window: BillingWindow;
}

/**
 * One thing a student is charged for once: a lesson, a month, the course or a module.
 * `unit` names it inside the charge's natural key `charge:{group}:{student}:{unit}`.
 */
export interface BillingUnit {
  unit: string;
  /** The unit's first and last day; a charge is dated on `start` and due once `start` has come. */
  start: string;
  end: string;
  /** What the student owes for it now, minor units (0: nothing). */
  amount: number;
  /** Held lessons of the unit charged to him, and all held lessons of the unit. */
  lessons: number;
  held: number;
}

export const monthOf = (date: string): string => date.slice(0, 7);
export const monthStart = (date: string): string => `${monthOf(date)}-01`;
export const monthEnd = (date: string): string => addDays(addMonths(monthStart(date), 1), -1);

/** The fixed divisor of lessons per month 12 or 13; null when dynamic. */
export const fixedDivisor = (setting: LessonsPerMonth): number | null =>
  setting === 'dynamic' ? null : Number(setting);

/** Held lessons per calendar month (`YYYY-MM`): the dynamic divisor of spec §9. */
export function heldPerMonth(lessons: readonly CalendarLesson[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const lesson of lessons) {
    if (lesson.state !== 'held') continue;
    const month = monthOf(lesson.date);
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  return counts;
}

/**
 * The value of one held lesson: the monthly price in force that day divided by the
 * lessons per month (12, 13, or the month's real number of held lessons).
 */
export function lessonValue(input: ModeInput, lesson: CalendarLesson, perMonth: Map<string, number>): Ratio {
  const divisor = fixedDivisor(input.lessonsPerMonth) ?? perMonth.get(monthOf(lesson.date)) ?? 1;
  return ratio(priceOn(input.place, input.group.price, lesson.date), divisor);
}

export const overlapsWindow = (window: BillingWindow, start: string, end: string): boolean =>
  end >= window.from && start <= window.till;
