import {
  addDays,
  type CalendarLesson,
  groupSequence,
  isHeld,
  isOpened,
  layOnCalendar,
  type NextLesson,
  type PlacedLesson,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupLessonSettings, rooms } from '../../db/schema/index.js';
import type { GroupRow } from '../groups/group-scope.js';
import { loadCalendar } from '../lessons/calendar-source.js';
import { type CompanyTime, companyTime } from '../lessons/company-time.js';
import { courseSyllabus, groupOwnLessons, type LessonPlace, type LessonRow } from './lesson-rows.js';
import { findSyllabusCourse, placesOf } from './syllabus.js';

/** A group's lessons laid on its calendar, as every screen of the group's lessons reads them. */
export interface GroupPlan {
  group: GroupRow;
  course: { id: number; name: string; lessons_per_module: number | null };
  placed: PlacedLesson<LessonRow>[];
  /** Number and module of the course's lessons (a group's own lessons have none). */
  places: Map<number, LessonPlace>;
  calendar: CalendarLesson[];
  openAll: boolean;
  time: CompanyTime;
}

/** Days of calendar read for an open-ended group: two years, or more for a long syllabus. */
const calendarDays = (lessons: number) => Math.max(731, lessons * 14);

export async function loadGroupPlan(tx: Tx, companyId: number, group: GroupRow, at: Date): Promise<GroupPlan> {
  const course = await findSyllabusCourse(tx, companyId, group.courseId);
  const courseLessons = await courseSyllabus(tx, companyId, group.courseId);
  const own = await groupOwnLessons(tx, companyId, group.id);
  const sequence = groupSequence(
    courseLessons.map((row) => ({ ...row, group_id: row.groupId, after_lesson_id: row.afterLessonId })),
    own.map((row) => ({ ...row, group_id: row.groupId, after_lesson_id: row.afterLessonId })),
  );
  const till = group.endDate ?? addDays(group.startDate, calendarDays(sequence.length));
  const calendar = await loadCalendar(tx, companyId, group, group.startDate, till);
  const [setting] = await tx
    .select({ openAll: groupLessonSettings.openAll })
    .from(groupLessonSettings)
    .where(and(eq(groupLessonSettings.companyId, companyId), eq(groupLessonSettings.groupId, group.id)));
  return {
    group,
    course,
    placed: layOnCalendar(sequence, calendar),
    places: placesOf(courseLessons, course.lessons_per_module),
    calendar,
    openAll: setting?.openAll ?? false,
    time: await companyTime(tx, companyId, at),
  };
}

export const openedIn = (plan: GroupPlan, at: CalendarLesson | null) => isOpened(at, plan.time.today, plan.openAll);

/** The place of a lesson in the group's sequence (1-based), with what the group gives it; undefined: not the group's. */
export function placementOf(plan: GroupPlan, lessonId: number) {
  const index = plan.placed.findIndex((entry) => entry.lesson.id === lessonId);
  if (index < 0) return undefined;
  const { lesson, at } = plan.placed[index]!;
  return {
    lesson,
    at,
    position: index + 1,
    date: at?.date ?? null,
    start_time: at?.start_time ?? null,
    opened: openedIn(plan, at),
    homework_due: at && lesson.homeworkText !== null ? addDays(at.date, lesson.homeworkDueDays ?? 0) : null,
  };
}

/** The group's next held lesson that has not begun, with its room's name. */
export async function nextLessonOf(tx: Tx, companyId: number, plan: GroupPlan): Promise<NextLesson | null> {
  const { today, now } = plan.time;
  const next = plan.calendar.find(
    (lesson) => isHeld(lesson) && (lesson.date > today || (lesson.date === today && lesson.start_time >= now)),
  );
  if (!next) return null;
  let roomName: string | null = null;
  if (next.room_id !== null) {
    const [room] = await tx
      .select({ name: rooms.name })
      .from(rooms)
      .where(and(eq(rooms.companyId, companyId), eq(rooms.id, next.room_id)));
    roomName = room?.name ?? null;
  }
  return { date: next.date, start_time: next.start_time, end_time: next.end_time, room_name: roomName };
}
