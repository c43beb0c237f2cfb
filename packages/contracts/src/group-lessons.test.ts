import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import { groupSequence, isOpened, layOnCalendar, type SequencedLesson } from './group-lessons.js';
import { isHeld, type LessonChange, type LessonPlan, lessonCalendar } from './lesson-calendar.js';

/** A Mon/Wed/Fri group of 2026 with random cancellations, moves and holidays. */
const plan: LessonPlan = {
  weekdays: [1, 3, 5],
  start_date: '2026-01-05',
  end_date: '2026-12-31',
  start_time: '09:00',
  end_time: '10:30',
  teacher_id: 1,
  room_id: null,
};
const dayArb = fc.integer({ min: 0, max: 360 }).map((n) => addDays('2026-01-05', n));
const changeArb: fc.Arbitrary<LessonChange> = fc.record({
  date: dayArb,
  cancelled: fc.boolean(),
  cancel_reason: fc.constant('reason'),
  moved_to: fc.option(fc.record({ date: dayArb, start_time: fc.constant('15:00'), end_time: fc.constant('16:30') }), {
    nil: null,
    freq: 3,
  }),
  teacher_id: fc.constant(null),
  room_id: fc.constant(null),
  theme: fc.constant(null),
});
const worldArb = fc.record({
  changes: fc.uniqueArray(changeArb, { maxLength: 25, selector: (c) => c.date }),
  holidays: fc.uniqueArray(dayArb, { maxLength: 10 }),
  lessons: fc.integer({ min: 0, max: 200 }),
});

const calendarOf = (changes: LessonChange[], holidays: string[]) =>
  lessonCalendar({
    plan,
    from: plan.start_date,
    till: plan.end_date!,
    changes,
    holidays: new Map(holidays.map((day) => [day, 'Holiday'])),
  });
const syllabus = (n: number) =>
  Array.from({ length: n }, (_, k) => ({ id: k + 1, group_id: null, after_lesson_id: null }));

describe('laying a syllabus on the group calendar (property tests)', () => {
  it('gives the k-th held lesson the k-th syllabus lesson, never a cancelled one or a holiday', () => {
    fc.assert(
      fc.property(worldArb, ({ changes, holidays, lessons }) => {
        const calendar = calendarOf(changes, holidays);
        const held = calendar.filter(isHeld);
        const placed = layOnCalendar(syllabus(lessons), calendar);
        placed.forEach(({ lesson, at }, k) => {
          expect(lesson.id).toBe(k + 1);
          expect(at).toBe(held[k] ?? null);
          if (at) expect(at.state).toBe('held');
        });
        // Dates never go back in time along the syllabus.
        const dates = placed.flatMap(({ at }) => (at ? [at.date] : []));
        expect([...dates].sort()).toEqual(dates);
      }),
    );
  });

  it('shifts every later lesson to the next held lesson when one more lesson is cancelled', () => {
    fc.assert(
      fc.property(worldArb, fc.nat(), ({ changes, holidays, lessons }, pick) => {
        const before = calendarOf(changes, holidays);
        const held = before.filter(isHeld);
        // Cancel a held lesson that was not moved (a moved one is keyed by its scheduled day).
        const candidates = held.filter((lesson) => !lesson.moved);
        if (!candidates.length) return;
        const victim = candidates[pick % candidates.length]!;
        const after = calendarOf(
          [
            ...changes.filter((c) => c.date !== victim.scheduled_date),
            {
              ...(changes.find((c) => c.date === victim.scheduled_date) ?? baseChange(victim.scheduled_date)),
              cancelled: true,
            },
          ],
          holidays,
        );
        const cut = held.indexOf(victim);
        const was = layOnCalendar(syllabus(lessons), before);
        const now = layOnCalendar(syllabus(lessons), after);
        now.forEach(({ at }, k) => {
          const expected = k < cut ? was[k]!.at : (held[k + 1] ?? null);
          expect(at?.date ?? null).toBe(expected?.date ?? null);
        });
      }),
    );
  });

  it('opens a lesson on its day, or all at once, and never one the calendar does not reach', () => {
    const [first] = layOnCalendar(syllabus(1), calendarOf([], []));
    expect(isOpened(first!.at, '2026-01-04', false)).toBe(false);
    expect(isOpened(first!.at, '2026-01-05', false)).toBe(true);
    expect(isOpened(null, '2030-01-01', false)).toBe(false);
    expect(isOpened(null, '2026-01-01', true)).toBe(true);
  });
});

const baseChange = (date: string): LessonChange => ({
  date,
  cancelled: false,
  cancel_reason: 'reason',
  moved_to: null,
  teacher_id: null,
  room_id: null,
  theme: null,
});

describe('a group sequence', () => {
  const course = syllabus(3);
  const own = (id: number, after: number | null): SequencedLesson => ({ id, group_id: 9, after_lesson_id: after });

  it('slots the group’s own lessons after the lessons they name, first when none, in the order made', () => {
    const ids = groupSequence(course, [own(12, 2), own(10, 2), own(11, null), own(13, 10)]).map((l) => l.id);
    expect(ids).toEqual([11, 1, 2, 10, 13, 12, 3]);
  });

  it('keeps every lesson exactly once, an orphan or a cycle last', () => {
    const lessons = groupSequence(course, [own(20, 99), own(21, 22), own(22, 21)]);
    expect(lessons.map((l) => l.id)).toEqual([1, 2, 3, 20, 21, 22]);
  });
});
