import { type DayLesson, RUNNING_GROUP_STATUSES, type Schedule, type ScheduleLesson } from '@crm/contracts';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups, lessons, rooms } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { groupScope } from '../groups/group-scope.js';
import { groupViewQuery, toGroup } from '../groups/group-view.js';
import { scheduleSettings } from '../groups/service.js';
import { listDayLessons } from '../lessons/day-lessons.js';

/**
 * GET /schedule?branch_id[&date]: the timetable panel (spec §2) — the branch's running
 * groups (selection and active) with days, times, room, teacher and course, the
 * branch's rooms, the company's grid step and working hours. A teacher gets only
 * his own groups (spec §6). With a date, also that day's lessons as they take place
 * (the day-lessons service: moved, cancelled, substituted; a teacher only his).
 */
export async function getSchedule(
  tx: Tx,
  actor: Actor,
  query: { branch_id: number; date?: string },
  at: Date,
): Promise<Schedule> {
  const branchId = query.branch_id;
  const scope = groupScope(actor, branchId);
  const rows = await groupViewQuery(tx)
    .where(and(...scope, inArray(groups.status, [...RUNNING_GROUP_STATUSES])))
    .orderBy(asc(groups.startTime), asc(groups.id));
  const branchRooms = await tx
    .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity })
    .from(rooms)
    .where(and(eq(rooms.companyId, actor.companyId), eq(rooms.branchId, branchId)))
    .orderBy(asc(rooms.name), asc(rooms.id));
  const settings = await scheduleSettings(tx, actor.companyId);
  const schedule: Schedule = {
    groups: rows.map((row) => {
      const group = toGroup(row);
      return { ...group, course: { id: group.course.id, name: group.course.name }, room_id: group.room?.id ?? null };
    }),
    rooms: branchRooms,
    step: settings.step,
    day_start: settings.dayStart,
    day_end: settings.dayEnd,
  };
  if (query.date === undefined) return schedule;
  const day = await listDayLessons(tx, actor, { date: query.date, branch_id: branchId }, at);
  return { ...schedule, date: day.date, lessons: await withSubstitutes(tx, actor.companyId, day.lessons) };
}

/**
 * Marks the lessons a substitute gives: those whose lesson record names a teacher for
 * that one lesson (spec §4 "replace the teacher"). A teacher who handed the group on
 * from a date is its teacher of those days, not a substitute.
 */
async function withSubstitutes(tx: Tx, companyId: number, dayLessons: DayLesson[]): Promise<ScheduleLesson[]> {
  if (!dayLessons.length) return [];
  const records = await tx
    .select({ groupId: lessons.groupId, scheduledDate: lessons.scheduledDate, teacherId: lessons.teacherId })
    .from(lessons)
    .innerJoin(groups, and(eq(groups.companyId, lessons.companyId), eq(groups.id, lessons.groupId)))
    .where(
      and(
        eq(lessons.companyId, companyId),
        inArray(lessons.groupId, [...new Set(dayLessons.map((l) => l.group.id))]),
        inArray(lessons.scheduledDate, [...new Set(dayLessons.map((l) => l.scheduled_date))]),
        isNotNull(lessons.teacherId),
        // A record naming the group's own teacher replaces no one.
        ne(lessons.teacherId, groups.teacherId),
      ),
    );
  const substitutes = new Map(records.map((r) => [`${r.groupId}/${r.scheduledDate}`, r.teacherId]));
  return dayLessons.map((lesson) => ({
    ...lesson,
    substitute: substitutes.get(`${lesson.group.id}/${lesson.scheduled_date}`) === lesson.teacher.id,
  }));
}
