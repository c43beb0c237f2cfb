import { dateOfDayNumber, toDayNumber } from './dates.js';

/**
 * The lesson calendar (spec §4 "Lessons can be cancelled, moved, and the teacher
 * replaced", §9 day types): the one place that turns a group's schedule, the
 * company's holidays and the group's lesson changes into dated lessons. The
 * attendance grid, the timetable, billing and the reports all ask it; nothing else
 * computes lesson dates.
 */

/** A group's regular schedule. */
export interface LessonPlan {
  /** ISO weekdays the group meets on (1 = Monday), as `weekdaysOf` gives them. */
  weekdays: readonly number[];
  start_date: string;
  /** Null: open-ended. */
  end_date: string | null;
  start_time: string;
  end_time: string;
  teacher_id: number;
  room_id: number | null;
}

/** What was changed about one lesson, keyed by the date the schedule gave it. */
export interface LessonChange {
  /** The lesson's scheduled date. */
  date: string;
  cancelled: boolean;
  cancel_reason: string | null;
  /** Where the lesson was moved, if it was. */
  moved_to: { date: string; start_time: string; end_time: string } | null;
  /** A teacher for this lesson only. */
  teacher_id: number | null;
  /** A room for this lesson only (a moved lesson may change rooms). */
  room_id: number | null;
  theme: string | null;
}

/** A teacher who taught the group before the current one, through `till_date`. */
export interface PastTeacher {
  teacher_id: number;
  till_date: string;
}

/**
 * held: the lesson takes place; cancelled: it does not, but stays visible with its
 * reason; holiday: a schedule day that falls on a company holiday (no lesson, shaded).
 */
export type LessonState = 'held' | 'cancelled' | 'holiday';
export const LESSON_STATES = ['held', 'cancelled', 'holiday'] as const satisfies readonly LessonState[];

export interface CalendarLesson {
  /** The day the lesson takes place (after a move, the new day). */
  date: string;
  start_time: string;
  end_time: string;
  /** The day the schedule gave it; differs from `date` after a move to another day. */
  scheduled_date: string;
  /** Moved to another day or time. */
  moved: boolean;
  state: LessonState;
  teacher_id: number;
  room_id: number | null;
  theme: string | null;
  cancel_reason: string | null;
  /** The holiday's name when state is holiday. */
  holiday: string | null;
}

export interface LessonCalendarInput {
  plan: LessonPlan;
  /** Inclusive `YYYY-MM-DD` bounds of the period asked for. */
  from: string;
  till: string;
  /** The company's holidays: date → name. */
  holidays?: ReadonlyMap<string, string>;
  changes?: readonly LessonChange[];
  pastTeachers?: readonly PastTeacher[];
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a `YYYY-MM-DD` date. */
export const isoWeekday = (date: string): number => ((((toDayNumber(date) + 3) % 7) + 7) % 7) + 1;

const withinPlan = (plan: LessonPlan, date: string): boolean =>
  date >= plan.start_date && (plan.end_date === null || date <= plan.end_date);

/** Whether the schedule alone (dates and weekdays, before holidays and changes) gives a lesson that day. */
export const isScheduledDay = (plan: LessonPlan, date: string): boolean =>
  withinPlan(plan, date) && plan.weekdays.includes(isoWeekday(date));

function teacherOn(plan: LessonPlan, date: string, pastTeachers: readonly PastTeacher[]): number {
  // The past teacher whose period ends first on or after the day taught it.
  let best: PastTeacher | undefined;
  for (const past of pastTeachers) {
    if (past.till_date >= date && (!best || past.till_date < best.till_date)) best = past;
  }
  return best?.teacher_id ?? plan.teacher_id;
}

/**
 * The lessons of one group between `from` and `till`, in order of day and time.
 *
 * - A schedule day inside the group's dates is a lesson, unless it is a holiday
 *   (then it is listed with state holiday, so screens can shade it).
 * - A cancelled lesson stays listed with state cancelled and its reason.
 * - A moved lesson is listed once, on its new day and time; a move that lands on a
 *   holiday or outside the group's dates leaves no lesson. A change whose scheduled
 *   day is not (or no longer) a lesson day is ignored.
 */
export function lessonCalendar(input: LessonCalendarInput): CalendarLesson[] {
  const { plan, from, till } = input;
  const holidays = input.holidays ?? new Map<string, string>();
  const pastTeachers = input.pastTeachers ?? [];
  const changes = new Map((input.changes ?? []).map((change) => [change.date, change]));
  const lessons: CalendarLesson[] = [];

  const lessonOf = (scheduled: string, change: LessonChange | undefined): CalendarLesson => {
    const moved = change?.moved_to ?? null;
    const date = moved?.date ?? scheduled;
    const holiday = holidays.get(date) ?? null;
    return {
      date,
      start_time: moved?.start_time ?? plan.start_time,
      end_time: moved?.end_time ?? plan.end_time,
      scheduled_date: scheduled,
      moved: moved !== null,
      state: holiday !== null ? 'holiday' : change?.cancelled ? 'cancelled' : 'held',
      teacher_id: change?.teacher_id ?? teacherOn(plan, date, pastTeachers),
      room_id: change?.room_id ?? plan.room_id,
      theme: change?.theme ?? null,
      cancel_reason: change?.cancelled ? change.cancel_reason : null,
      holiday,
    };
  };

  // Schedule days of the period that were not moved away.
  const first = Math.max(toDayNumber(from), toDayNumber(plan.start_date));
  const last = Math.min(
    toDayNumber(till),
    plan.end_date === null ? Number.POSITIVE_INFINITY : toDayNumber(plan.end_date),
  );
  const weekdays = new Set(plan.weekdays);
  for (let day = first; day <= last; day++) {
    if (!weekdays.has(((((day + 3) % 7) + 7) % 7) + 1)) continue;
    const date = dateOfDayNumber(day);
    const change = changes.get(date);
    if (change?.moved_to && !holidays.has(date)) continue; // listed on its new day below
    lessons.push(lessonOf(date, change?.moved_to ? undefined : change));
  }

  // Lessons moved into the period, wherever they were scheduled.
  for (const change of changes.values()) {
    const target = change.moved_to;
    if (!target || target.date < from || target.date > till) continue;
    if (!isScheduledDay(plan, change.date) || holidays.has(change.date)) continue;
    if (!withinPlan(plan, target.date) || holidays.has(target.date)) continue;
    lessons.push(lessonOf(change.date, change));
  }

  return lessons.sort((a, b) =>
    a.date === b.date ? a.start_time.localeCompare(b.start_time) : a.date < b.date ? -1 : 1,
  );
}

/** A lesson that takes place (not cancelled, not a holiday). */
export const isHeld = (lesson: CalendarLesson): boolean => lesson.state === 'held';

/** The lesson held on a day, if the group has one then. */
export const heldLessonOn = (lessons: readonly CalendarLesson[], date: string): CalendarLesson | undefined =>
  lessons.find((lesson) => lesson.date === date && isHeld(lesson));
