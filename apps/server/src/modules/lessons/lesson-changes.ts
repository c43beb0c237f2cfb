import {
  groupTitle,
  type Lesson,
  type LessonCancelInput,
  type LessonEntityInput,
  type LessonTransferInput,
  minutesOf,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { attendances, holidays, lessons } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { assertGroupEditor, type GroupRow } from '../groups/group-scope.js';
import { assertRoomOfBranch, invalidFields } from '../groups/service.js';
import { recountAttendanceSummary } from './attendance-summary.js';
import { loadCalendar } from './calendar-source.js';
import { assertTeachesLesson, findBranchGroup, findLessonOn } from './lesson-access.js';
import { assertNoLessonConflict } from './lesson-conflicts.js';
import { lessonNamer } from './lesson-view.js';

type LessonRowChange = Partial<Omit<typeof lessons.$inferInsert, 'companyId' | 'groupId' | 'scheduledDate'>>;

/** Writes what changed about one lesson into its record (keyed by the day the schedule gave it). */
export async function saveLessonChange(
  tx: Tx,
  actor: Actor,
  groupId: number,
  scheduledDate: string,
  change: LessonRowChange,
) {
  const values = { ...change, updatedBy: actor.id, updatedAt: new Date() };
  await tx
    .insert(lessons)
    .values({ companyId: actor.companyId, groupId, scheduledDate, ...values })
    .onConflictDoUpdate({ target: [lessons.companyId, lessons.groupId, lessons.scheduledDate], set: values });
}

/** The lesson as it is after a change, with its names. */
export async function lessonAfter(tx: Tx, actor: Actor, group: GroupRow, date: string): Promise<Lesson> {
  const lesson = await findLessonOn(tx, actor.companyId, group, date);
  return (await lessonNamer(tx, actor.companyId, [lesson]))(lesson);
}

export const historyOf = (group: GroupRow, data: Record<string, unknown>) => ({
  event: 'groupEdited' as const,
  entity: 'group',
  entityId: group.id,
  branchId: group.branchId,
  // The group's title then: the history sentence names it (contracts history-sentences).
  data: { group_title: groupTitle(group), ...data },
});

/** POST /canceled-lesson: the lesson does not take place; it stays visible with its reason (staff). */
export async function cancelLesson(tx: Tx, actor: Actor, input: LessonCancelInput): Promise<Lesson> {
  assertGroupEditor(actor);
  const group = await findBranchGroup(tx, actor, input.group_id, true);
  const lesson = await findLessonOn(tx, actor.companyId, group, input.date);
  await saveLessonChange(tx, actor, group.id, lesson.scheduled_date, {
    cancelledAt: new Date(),
    cancelReason: input.reason,
  });
  await recordHistory(tx, actor, historyOf(group, { lesson_cancelled: input.date, reason: input.reason }));
  return lessonAfter(tx, actor, group, input.date);
}

/** DELETE /canceled-lesson/{group_id}/{date}: a cancelled lesson takes place after all (staff). */
export async function restoreLesson(tx: Tx, actor: Actor, params: { group_id: number; date: string }): Promise<Lesson> {
  assertGroupEditor(actor);
  const group = await findBranchGroup(tx, actor, params.group_id, true);
  const lesson = await findLessonOn(tx, actor.companyId, group, params.date);
  if (lesson.state !== 'cancelled')
    throw new AppError(422, 'not_a_lesson_date', { date: params.date, cancelled: false });
  await saveLessonChange(tx, actor, group.id, lesson.scheduled_date, { cancelledAt: null, cancelReason: null });
  await recordHistory(tx, actor, historyOf(group, { lesson_restored: params.date }));
  return lessonAfter(tx, actor, group, params.date);
}

/**
 * POST /lesson/transfer: a held lesson to another day, time and room (staff). The
 * day must be inside the group's dates, not a holiday, and free of the group's other
 * lessons; the room and the teacher must be free then (spec §8 schedule conflict).
 * Marks already taken move with the lesson. Moving it back to its own slot undoes the move.
 */
export async function transferLesson(tx: Tx, actor: Actor, input: LessonTransferInput): Promise<Lesson> {
  assertGroupEditor(actor);
  const group = await findBranchGroup(tx, actor, input.group_id, true);
  const lesson = await findLessonOn(tx, actor.companyId, group, input.date);
  if (lesson.state === 'cancelled') throw new AppError(422, 'lesson_cancelled', { date: input.date });
  if (minutesOf(input.end_time) <= minutesOf(input.start_time)) {
    throw invalidFields([
      { field: 'end_time', rule: 'end_before_start', message: 'end_time must be after start_time' },
    ]);
  }
  if (input.to_date < group.startDate || (group.endDate !== null && input.to_date > group.endDate)) {
    throw new AppError(422, 'outside_group_dates', { start_date: group.startDate, end_date: group.endDate });
  }
  const roomId = input.room_id === undefined ? lesson.room_id : input.room_id;
  if (roomId !== null && roomId !== group.roomId) await assertRoomOfBranch(tx, actor.companyId, roomId, group.branchId);

  if (await isHoliday(tx, actor.companyId, input.to_date)) {
    throw new AppError(422, 'lesson_on_holiday', { date: input.to_date });
  }
  const onTarget = await loadCalendar(tx, actor.companyId, group, input.to_date, input.to_date);
  const other = onTarget.find((l) => l.date === input.to_date && l.scheduled_date !== lesson.scheduled_date);
  if (other) throw new AppError(422, 'lesson_day_taken', { date: input.to_date });

  await assertNoLessonConflict(tx, actor.companyId, {
    groupId: group.id,
    date: input.to_date,
    startTime: input.start_time,
    endTime: input.end_time,
    roomId,
    teacherId: lesson.teacher_id,
  });

  const backHome =
    input.to_date === lesson.scheduled_date && input.start_time === group.startTime && input.end_time === group.endTime;
  await saveLessonChange(tx, actor, group.id, lesson.scheduled_date, {
    movedDate: backHome ? null : input.to_date,
    movedStartTime: backHome ? null : input.start_time,
    movedEndTime: backHome ? null : input.end_time,
    roomId: roomId === group.roomId ? null : roomId,
  });
  if (input.to_date !== lesson.date) await moveMarks(tx, actor.companyId, group.id, lesson.date, input.to_date);
  await recordHistory(
    tx,
    actor,
    historyOf(group, {
      lesson_moved: { from: lesson.date, to: input.to_date, start_time: input.start_time, end_time: input.end_time },
    }),
  );
  return lessonAfter(tx, actor, group, input.to_date);
}

async function isHoliday(tx: Tx, companyId: number, date: string): Promise<boolean> {
  const rows = await tx
    .select({ id: holidays.id })
    .from(holidays)
    .where(and(eq(holidays.companyId, companyId), eq(holidays.date, date)))
    .limit(1);
  return rows.length > 0;
}

/** The lesson's marks go with it; the summary is recounted for both days' months. */
async function moveMarks(tx: Tx, companyId: number, groupId: number, from: string, to: string) {
  const moved = await tx
    .update(attendances)
    .set({ attendDate: to })
    .where(
      and(eq(attendances.companyId, companyId), eq(attendances.groupId, groupId), eq(attendances.attendDate, from)),
    )
    .returning({ studentId: attendances.studentId });
  await recountAttendanceSummary(
    tx,
    companyId,
    moved.flatMap(({ studentId }) => [from, to].map((date) => ({ groupId, studentId, date }))),
  );
}

/** POST /lesson-entity: the lesson's theme, set by staff or by the teacher who gives it. */
export async function setLessonTheme(tx: Tx, actor: Actor, input: LessonEntityInput): Promise<Lesson> {
  const group = await findBranchGroup(tx, actor, input.group_id, true);
  const lesson = await findLessonOn(tx, actor.companyId, group, input.date);
  assertTeachesLesson(actor, lesson);
  await saveLessonChange(tx, actor, group.id, lesson.scheduled_date, { theme: input.theme || null });
  await recordHistory(tx, actor, historyOf(group, { lesson_theme: { date: input.date, theme: input.theme || null } }));
  return lessonAfter(tx, actor, group, input.date);
}
