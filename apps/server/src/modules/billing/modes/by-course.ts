import { addDays, addMonths } from '@crm/contracts';
import { type BillingGroup, type BillingUnit, type ModeInput, overlapsWindow } from '../units.js';
import { monthlyFromStartUnits } from './monthly.js';
import { periodUnit } from './period.js';

/**
 * The course as one period: from the group's start to its end date, or, without one, to
 * the start plus the course duration. Its length in months is the number of months from
 * the start that it takes to pass the end (3 for 1 March–31 May, also for 1 March–20 May).
 * Null when neither an end date nor a course duration says how long the course is.
 */
export function courseSpan(group: BillingGroup): { start: string; end: string; months: number } | null {
  const end =
    group.endDate ?? (group.courseMonths ? addDays(addMonths(group.startDate, group.courseMonths), -1) : null);
  if (end === null || end < group.startDate) return null;
  let months = 1;
  while (addMonths(group.startDate, months) <= end) months++;
  return { start: group.startDate, end, months };
}

/**
 * By course: the whole course is one charge, due on the group's start: the monthly price
 * times the course's months, by lessons for a student who is not there for all of it.
 * A group whose length is unknown is billed monthly from its start instead.
 */
export function byCourseUnits(input: ModeInput): BillingUnit[] {
  const span = courseSpan(input.group);
  if (!span) return monthlyFromStartUnits(input);
  if (!overlapsWindow(input.window, span.start, span.end)) return [];
  return [periodUnit(input, { unit: 'course', ...span, clipped: false })];
}
