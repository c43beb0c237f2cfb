import { addDays, addMonths, type CalendarLesson, dateOfDayNumber, isoWeekday, toDayNumber } from '@crm/contracts';
import { type BillingUnit, type ModeInput, monthEnd, monthOf, monthStart, overlapsWindow } from '../units.js';
import { periodUnit } from './period.js';

/** Whether any day from `from` to `till` falls on one of the group's weekdays. */
function meetsBetween(input: ModeInput, from: string, till: string): boolean {
  const first = toDayNumber(from);
  const last = Math.min(toDayNumber(till), first + 6); // a week holds every weekday
  for (let day = first; day <= last; day++)
    if (input.group.days.includes(isoWeekday(dateOfDayNumber(day)))) return true;
  return false;
}

/**
 * A period cut to the group's dates; null when it is outside them. It is clipped when
 * the group's start or end date cuts off days it would meet on (a group starting on
 * Monday 3 March after a free weekend runs all of March; one starting on the 20th does not).
 */
function withinGroup(input: ModeInput, start: string, end: string) {
  const s = start < input.group.startDate ? input.group.startDate : start;
  const e = input.group.endDate !== null && end > input.group.endDate ? input.group.endDate : end;
  if (s > e) return null;
  const clipped =
    (s > start && meetsBetween(input, start, addDays(s, -1))) || (e < end && meetsBetween(input, addDays(e, 1), end));
  return { start: s, end: e, clipped };
}

interface Span {
  unit: string;
  start: string;
  end: string;
  clipped: boolean;
  /** The span's held lessons. */
  held: CalendarLesson[];
}

const spans = new WeakMap<readonly CalendarLesson[], Map<string, Span[]>>();

/**
 * The periods depend on the group and the window, not on the student: worked out once per
 * group calendar (a batch bills thousands of students on a few hundred calendars).
 */
function spansOf(input: ModeInput, kind: string, make: () => Omit<Span, 'held'>[]): Span[] {
  let byKey = spans.get(input.lessons);
  if (!byKey) {
    byKey = new Map();
    spans.set(input.lessons, byKey);
  }
  const { group, window } = input;
  const key = `${kind}|${group.startDate}|${group.endDate}|${group.days.join()}|${window.from}|${window.till}`;
  let list = byKey.get(key);
  if (!list) {
    list = make().map((span) => ({
      ...span,
      held: input.lessons.filter((l) => l.state === 'held' && l.date >= span.start && l.date <= span.end),
    }));
    byKey.set(key, list);
  }
  return list;
}

/** Monthly by calendar: one charge per calendar month (the group's part of it), dated on its first day. */
export function monthlyCalendarUnits(input: ModeInput): BillingUnit[] {
  const periods = spansOf(input, 'month', () => {
    const list: Omit<Span, 'held'>[] = [];
    for (let first = monthStart(input.window.from); first <= input.window.till; first = addMonths(first, 1)) {
      const span = withinGroup(input, first, monthEnd(first));
      if (span && overlapsWindow(input.window, span.start, span.end))
        list.push({ unit: `month:${monthOf(first)}`, ...span });
    }
    return list;
  });
  return periods.map((span) => periodUnit(input, { ...span, months: 1 }));
}

/**
 * Monthly from the group's start: months counted from the start date (started on the
 * 10th: 10th to 9th). Each period is the start plus n months, so short months do not
 * make the periods drift (started on 31 January: 31 Jan–27 Feb, 28 Feb–30 Mar, 31 Mar–…).
 */
export function monthlyFromStartUnits(input: ModeInput): BillingUnit[] {
  const periods = spansOf(input, 'period', () => {
    const list: Omit<Span, 'held'>[] = [];
    const origin = input.group.startDate;
    for (let n = 0; ; n++) {
      const start = addMonths(origin, n);
      if (start > input.window.till) break;
      if (input.group.endDate !== null && start > input.group.endDate) break;
      const span = withinGroup(input, start, addDays(addMonths(origin, n + 1), -1));
      if (span && overlapsWindow(input.window, span.start, span.end)) list.push({ unit: `period:${start}`, ...span });
    }
    return list;
  });
  return periods.map((span) => periodUnit(input, { ...span, months: 1 }));
}
