import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_TYPES, weekdaysOf } from './academics.js';
import { addMonths } from './dates.js';
import {
  type CalendarLesson,
  isHeld,
  isoWeekday,
  type LessonChange,
  type LessonPlan,
  lessonCalendar,
} from './lesson-calendar.js';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const BASE = Date.UTC(2025, 0, 1);

/** A day within two years of 2025-01-01. */
const dayArb = fc.integer({ min: 0, max: 730 }).map((n) => iso(BASE + n * DAY));
const timeArb = fc.integer({ min: 8 * 12, max: 20 * 12 }).map((n) => {
  const minutes = n * 5;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const plusMinutes = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

const planArb: fc.Arbitrary<LessonPlan> = fc
  .record({
    dayType: fc.constantFrom(...DAY_TYPES),
    exact: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    start: dayArb,
    length: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    time: timeArb,
  })
  .map(({ dayType, exact, start, length, time }) => ({
    weekdays: weekdaysOf(dayType, exact),
    start_date: start,
    end_date: length === null ? null : iso(Date.parse(start) + length * DAY),
    start_time: time,
    end_time: plusMinutes(time, 90),
    teacher_id: 1,
    room_id: 1,
  }));

const changeArb = (dates: fc.Arbitrary<string>): fc.Arbitrary<LessonChange> =>
  fc.record({
    date: dates,
    cancelled: fc.boolean(),
    cancel_reason: fc.constant('reason'),
    moved_to: fc.option(fc.record({ date: dayArb, start_time: timeArb, end_time: fc.constant('21:55') }), {
      nil: null,
    }),
    teacher_id: fc.option(fc.integer({ min: 2, max: 5 }), { nil: null }),
    room_id: fc.constant(null),
    theme: fc.constant(null),
  });

const worldArb = fc.record({
  plan: planArb,
  holidays: fc.uniqueArray(dayArb, { maxLength: 40 }),
  changes: fc.uniqueArray(changeArb(dayArb), { maxLength: 30, selector: (c) => c.date }),
  from: dayArb,
  span: fc.integer({ min: 0, max: 200 }),
});

type World = {
  plan: LessonPlan;
  holidays: string[];
  changes: LessonChange[];
  from: string;
  span: number;
};

const calendarOf = (world: World) =>
  lessonCalendar({
    plan: world.plan,
    from: world.from,
    till: iso(Date.parse(world.from) + world.span * DAY),
    holidays: new Map(world.holidays.map((d) => [d, 'Holiday'])),
    changes: world.changes,
  });

/** Weekday by the platform's own calendar, independent of the code under test. */
const jsWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

describe('lesson calendar (property tests over random schedules)', () => {
  it('never holds a lesson on a holiday', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const holidays = new Set(world.holidays);
        for (const lesson of calendarOf(world)) {
          if (holidays.has(lesson.date)) expect(lesson.state).toBe('holiday');
        }
      }),
    );
  });

  it('never lists a lesson outside the group dates or the period asked for', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const till = iso(Date.parse(world.from) + world.span * DAY);
        for (const lesson of calendarOf(world)) {
          expect(lesson.date >= world.plan.start_date).toBe(true);
          if (world.plan.end_date) expect(lesson.date <= world.plan.end_date).toBe(true);
          expect(lesson.date >= world.from && lesson.date <= till).toBe(true);
        }
      }),
    );
  });

  it('lists every scheduled lesson once: a moved one on its new day only, never twice', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const lessons = calendarOf(world);
        const byScheduled = new Map<string, CalendarLesson[]>();
        for (const lesson of lessons) {
          byScheduled.set(lesson.scheduled_date, [...(byScheduled.get(lesson.scheduled_date) ?? []), lesson]);
        }
        for (const [, list] of byScheduled) expect(list).toHaveLength(1);
        for (const change of world.changes) {
          const [listed] = byScheduled.get(change.date) ?? [];
          if (listed?.moved) {
            expect(listed.date).toBe(change.moved_to?.date);
            expect(listed.start_time).toBe(change.moved_to?.start_time);
          }
        }
      }),
    );
  });

  it('shows a valid move exactly once, on the new day, whichever period holds the old day', () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: 0, max: 60 }), fc.integer({ min: -20, max: 20 }), (plan, n, shift) => {
        const open = { ...plan, end_date: null };
        const scheduled = lessonCalendar({ plan: open, from: open.start_date, till: addMonths(open.start_date, 6) })[
          n % 20
        ];
        fc.pre(scheduled !== undefined);
        const target = iso(Date.parse(scheduled.date) + shift * DAY);
        fc.pre(target >= open.start_date);
        const change: LessonChange = {
          date: scheduled.date,
          cancelled: false,
          cancel_reason: null,
          moved_to: { date: target, start_time: '21:00', end_time: '21:45' },
          teacher_id: null,
          room_id: null,
          theme: null,
        };
        // Ask for a period that holds the new day but maybe not the old one.
        const lessons = lessonCalendar({ plan: open, from: target, till: target, changes: [change] });
        const moved = lessons.filter((l) => l.scheduled_date === scheduled.date);
        expect(moved).toHaveLength(1);
        expect(moved[0]).toMatchObject({ date: target, start_time: '21:00', moved: true, state: 'held' });
      }),
    );
  });

  it('counts per month match the day type when nothing is changed', () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: 0, max: 23 }), (plan, monthIndex) => {
        const first = addMonths('2025-01-01', monthIndex);
        const last = iso(Date.parse(addMonths(first, 1)) - DAY);
        const lessons = lessonCalendar({ plan, from: first, till: last });
        let expected = 0;
        for (let ms = Date.parse(first); ms <= Date.parse(last); ms += DAY) {
          const date = iso(ms);
          const inDates = date >= plan.start_date && (plan.end_date === null || date <= plan.end_date);
          if (inDates && plan.weekdays.includes(jsWeekday(date))) expected++;
        }
        expect(lessons.filter(isHeld)).toHaveLength(expected);
      }),
    );
  });

  it('a holiday or a cancellation takes away exactly that lesson, and a cancelled one stays listed', () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: 0, max: 30 }), fc.boolean(), (plan, n, asHoliday) => {
        const open = { ...plan, end_date: null };
        const till = addMonths(open.start_date, 2);
        const before = lessonCalendar({ plan: open, from: open.start_date, till });
        const chosen = before[n % Math.max(1, before.length)];
        fc.pre(chosen !== undefined);
        const after = asHoliday
          ? lessonCalendar({ plan: open, from: open.start_date, till, holidays: new Map([[chosen.date, 'Navruz']]) })
          : lessonCalendar({
              plan: open,
              from: open.start_date,
              till,
              changes: [{ ...emptyChange(chosen.date), cancelled: true, cancel_reason: 'Teacher ill' }],
            });
        expect(after.filter(isHeld)).toHaveLength(before.length - 1);
        expect(after).toHaveLength(before.length);
        const shown = after.find((l) => l.date === chosen.date);
        expect(shown?.state).toBe(asHoliday ? 'holiday' : 'cancelled');
      }),
    );
  });
});

const emptyChange = (date: string): LessonChange => ({
  date,
  cancelled: false,
  cancel_reason: null,
  moved_to: null,
  teacher_id: null,
  room_id: null,
  theme: null,
});

describe('lesson calendar (examples)', () => {
  const plan: LessonPlan = {
    weekdays: weekdaysOf('odd', null),
    start_date: '2026-11-02',
    end_date: '2027-02-28',
    start_time: '14:00',
    end_time: '15:30',
    teacher_id: 10,
    room_id: 3,
  };

  it('gives Monday, Wednesday and Friday lessons of an odd-days group', () => {
    const lessons = lessonCalendar({ plan, from: '2026-11-02', till: '2026-11-08' });
    expect(lessons.map((l) => [l.date, isoWeekday(l.date)])).toEqual([
      ['2026-11-02', 1],
      ['2026-11-04', 3],
      ['2026-11-06', 5],
    ]);
  });

  it('keeps the old teacher on lessons up to the change and a substitute on his one lesson', () => {
    const lessons = lessonCalendar({
      plan,
      from: '2026-11-02',
      till: '2026-11-13',
      pastTeachers: [{ teacher_id: 7, till_date: '2026-11-06' }],
      changes: [{ ...emptyChange('2026-11-11'), teacher_id: 99 }],
    });
    expect(lessons.map((l) => [l.date, l.teacher_id])).toEqual([
      ['2026-11-02', 7],
      ['2026-11-04', 7],
      ['2026-11-06', 7],
      ['2026-11-09', 10],
      ['2026-11-11', 99],
      ['2026-11-13', 10],
    ]);
  });

  it('ignores a change to a day that is not a lesson day', () => {
    const lessons = lessonCalendar({
      plan,
      from: '2026-11-02',
      till: '2026-11-08',
      changes: [
        { ...emptyChange('2026-11-03'), moved_to: { date: '2026-11-05', start_time: '10:00', end_time: '11:00' } },
      ],
    });
    expect(lessons.map((l) => l.date)).toEqual(['2026-11-02', '2026-11-04', '2026-11-06']);
  });
});
