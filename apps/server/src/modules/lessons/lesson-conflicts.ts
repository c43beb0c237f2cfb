import {
  type DayType,
  groupTitle,
  isHeld,
  isoWeekday,
  RUNNING_GROUP_STATUSES,
  type ScheduleConflict,
} from '@crm/contracts';
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups, lessons } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { groupRowColumns } from '../groups/group-scope.js';
import { findScheduleConflicts, lockCompanySchedule } from '../groups/schedule-conflicts.js';
import { loadCalendars } from './calendar-source.js';

/** One lesson's wanted place: a day and time, a room and a teacher. */
export interface LessonSlot {
  /** The group whose lesson moves; its own lessons never conflict. */
  groupId: number;
  date: string;
  startTime: string;
  endTime: string;
  roomId: number | null;
  teacherId: number | null;
}

/**
 * Spec §8 schedule conflict for a single lesson (a move, a substitute): the groups
 * whose lessons that day — by the lesson calendar, so their own cancellations, moves
 * and substitutes count — overlap the time in the same room or with the same
 * teacher. Candidates are the groups whose regular schedule touches the slot plus
 * those with a lesson change on that day.
 */
export async function findLessonConflicts(tx: Tx, companyId: number, slot: LessonSlot): Promise<ScheduleConflict[]> {
  if (slot.roomId === null && slot.teacherId === null) return [];
  const regular = await findScheduleConflicts(tx, companyId, {
    excludeGroupId: slot.groupId,
    roomId: slot.roomId,
    teacherId: slot.teacherId,
    weekdays: [isoWeekday(slot.date)],
    startTime: slot.startTime,
    endTime: slot.endTime,
    dateFrom: slot.date,
    dateTo: slot.date,
  });
  const changed = await tx
    .selectDistinct({ groupId: lessons.groupId })
    .from(lessons)
    .where(
      and(
        eq(lessons.companyId, companyId),
        ne(lessons.groupId, slot.groupId),
        or(eq(lessons.movedDate, slot.date), eq(lessons.scheduledDate, slot.date)) as SQL,
      ),
    );
  const candidateIds = [...new Set([...regular.map((c) => c.group_id), ...changed.map((c) => c.groupId)])];
  if (!candidateIds.length) return [];

  const candidates = await tx
    .select(groupRowColumns)
    .from(groups)
    .where(
      and(
        eq(groups.companyId, companyId),
        inArray(groups.id, candidateIds),
        inArray(groups.status, [...RUNNING_GROUP_STATUSES]),
      ),
    );
  const calendars = await loadCalendars(tx, companyId, candidates, slot.date, slot.date);
  const conflicts: ScheduleConflict[] = [];
  for (const group of candidates) {
    for (const lesson of calendars.get(group.id) ?? []) {
      if (!isHeld(lesson) || lesson.date !== slot.date) continue;
      if (!(lesson.start_time < slot.endTime && lesson.end_time > slot.startTime)) continue;
      const reasons: ScheduleConflict['reasons'] = [];
      if (slot.roomId !== null && lesson.room_id === slot.roomId) reasons.push('room');
      if (slot.teacherId !== null && lesson.teacher_id === slot.teacherId) reasons.push('teacher');
      const [reason] = reasons;
      if (!reason) continue;
      conflicts.push({
        group_id: group.id,
        title: groupTitle(group),
        reason,
        reasons,
        day_type: group.dayType as DayType,
        start_time: lesson.start_time,
        end_time: lesson.end_time,
      });
    }
  }
  return conflicts.sort((a, b) => a.start_time.localeCompare(b.start_time) || a.group_id - b.group_id);
}

/** Refuses a lesson slot that conflicts (409 schedule_conflict), holding the company's schedule lock. */
export async function assertNoLessonConflict(tx: Tx, companyId: number, slot: LessonSlot): Promise<void> {
  await lockCompanySchedule(tx, companyId);
  const conflicts = await findLessonConflicts(tx, companyId, slot);
  if (conflicts.length) throw new AppError(409, 'schedule_conflict', { conflicts });
}
