import {
  type AttendanceGrid,
  type AttendanceMarkId,
  type AttendanceStudent,
  addMonths,
  type Lesson,
  minutesOf,
} from '@crm/contracts';

/**
 * The attendance screen's rules as plain functions: which month to show, which
 * lesson comes first on a phone, and whether a cell may be marked. The server
 * decides in the end (it refuses with a code); these only keep people from
 * clicking what it would refuse.
 */

/** `YYYY-MM` of a `YYYY-MM-DD` day. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The first and last day of a `YYYY-MM` month: the grid asks for one month at a time. */
export function monthRange(month: string): { from: string; till: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, till: `${month}-${String(lastDay).padStart(2, '0')}` };
}

export const shiftMonth = (month: string, months: number): string => monthOf(addMonths(`${month}-01`, months));

/** A mark, or undefined when the student is not marked for the lesson. */
export type Mark = AttendanceMarkId | undefined;

/** A click on a grid cell: not marked → present → absent → not marked. */
export function nextMark(current: Mark): Mark {
  if (current === undefined) return 1;
  return current === 1 ? 0 : undefined;
}

/** Whether the student was in the group that day (between joining and leaving, both included). */
export const inGroupOn = (student: Pick<AttendanceStudent, 'created_date' | 'left_date'>, date: string): boolean =>
  date >= student.created_date && (student.left_date === null || date <= student.left_date);

/** Whether the lesson has begun by the company's `today`/`now` (a lesson is marked once it starts). */
export const hasStarted = (lesson: Pick<Lesson, 'date' | 'start_time'>, today: string, now: string): boolean =>
  lesson.date < today || (lesson.date === today && minutesOf(now) >= minutesOf(lesson.start_time));

/** Whether the lesson is going on right now (its last minute included, as the server counts it). */
export const isGoingOn = (lesson: Pick<Lesson, 'date' | 'start_time' | 'end_time'>, today: string, now: string) =>
  lesson.date === today &&
  minutesOf(now) >= minutesOf(lesson.start_time) &&
  minutesOf(now) <= minutesOf(lesson.end_time);

/**
 * Why a lesson's column cannot be marked, or null when it can:
 * - notHeld: cancelled or a holiday;
 * - readOnly: the caller may not mark this group;
 * - notYours: a teacher, and another teacher (a substitute) gives this lesson (spec §4, §6);
 * - future: it has not begun (the server answers lesson_not_started);
 * - outsideLesson: a teacher with the company's "only during the lesson" setting, out of that lesson.
 *
 * `teacherId` is the caller's id when he is only a teacher (he acts on the lessons he gives), else null.
 */
export type LessonLock = 'notHeld' | 'readOnly' | 'notYours' | 'future' | 'outsideLesson';

export function lessonLock(
  grid: Pick<AttendanceGrid, 'today' | 'now' | 'can_mark' | 'only_during_lesson'>,
  lesson: Lesson,
  teacherId: number | null = null,
): LessonLock | null {
  if (lesson.state !== 'held') return 'notHeld';
  if (!grid.can_mark) return 'readOnly';
  if (teacherId !== null && lesson.teacher.id !== teacherId) return 'notYours';
  if (!hasStarted(lesson, grid.today, grid.now)) return 'future';
  if (grid.only_during_lesson && !isGoingOn(lesson, grid.today, grid.now)) return 'outsideLesson';
  return null;
}

/**
 * The lesson a teacher in the classroom wants first: the one asked for (a link from the
 * home page), else today's held lesson (the one going on or the next today), else the
 * next held lesson, else the last one before today, else the first of the period.
 */
export function focusLessonIndex(lessons: readonly Lesson[], today: string, now: string, wanted?: string | null) {
  if (!lessons.length) return -1;
  if (wanted) {
    const asked = lessons.findIndex((lesson) => lesson.date === wanted && lesson.state === 'held');
    const anyOnDay = asked >= 0 ? asked : lessons.findIndex((lesson) => lesson.date === wanted);
    if (anyOnDay >= 0) return anyOnDay;
  }
  const held = lessons.map((lesson, index) => ({ lesson, index })).filter(({ lesson }) => lesson.state === 'held');
  const todays = held.filter(({ lesson }) => lesson.date === today);
  const notOver = todays.find(({ lesson }) => minutesOf(now) < minutesOf(lesson.end_time));
  const current = notOver ?? todays.at(-1);
  if (current) return current.index;
  const next = held.find(({ lesson }) => lesson.date > today);
  if (next) return next.index;
  const last = held.filter(({ lesson }) => lesson.date < today).at(-1);
  return last ? last.index : 0;
}

/** Present and absent marks of a student over the held lessons listed. */
export function markCounts(student: AttendanceStudent, lessons: readonly Lesson[]) {
  let present = 0;
  let absent = 0;
  for (const lesson of lessons) {
    if (lesson.state !== 'held') continue;
    const mark = student.marks[lesson.date];
    if (mark === 1) present++;
    else if (mark === 0) absent++;
  }
  return { present, absent };
}

/** The students who can be marked for a lesson (in the group that day). */
export const studentsOfLesson = (students: readonly AttendanceStudent[], lesson: Lesson) =>
  students.filter((student) => inGroupOn(student, lesson.date));

/** `dd.mm` of a `YYYY-MM-DD` day, as a column or a note names it. */
export const dayMonth = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** Whether a lesson's time should be written under its day: moved, or not the group's usual time. */
export const showsTime = (lesson: Lesson, usual: { start_time: string; end_time: string }): boolean =>
  lesson.moved || lesson.start_time !== usual.start_time || lesson.end_time !== usual.end_time;
