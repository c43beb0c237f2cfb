import {
  ATTENDANCE_MAX_DAYS,
  type AttendanceGrid,
  type AttendanceMarkId,
  type AttendanceMarkInput,
  type CalendarLesson,
  daysBetween,
  groupTitle,
  type LessonAttendanceInput,
  StudentStatus,
} from '@crm/contracts';
import { and, asc, between, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { attendances, groupStudents, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { coinsForAttendance } from '../gamification/coin-rules.js';
import { type GroupRow, isGroupStaff, isTeacherOnly } from '../groups/group-scope.js';
import { invalidFields } from '../groups/service.js';
import { recountAttendanceSummary } from './attendance-summary.js';
import { loadCalendar } from './calendar-source.js';
import { type CompanyTime, companyTime } from './company-time.js';
import { assertTeachesLesson, findBranchGroup, findLessonOn } from './lesson-access.js';
import { lessonNamer } from './lesson-view.js';

/** Spec §7: a period of at most ATTENDANCE_MAX_DAYS days, from before till. */
export function assertPeriod(from: string, till: string): void {
  if (till < from) throw invalidFields([{ field: 'till', rule: 'end_before_start', message: 'till is before from' }]);
  if (daysBetween(from, till) >= ATTENDANCE_MAX_DAYS) {
    throw invalidFields([
      { field: 'till', rule: 'too_big', message: `at most ${ATTENDANCE_MAX_DAYS} days`, limit: ATTENDANCE_MAX_DAYS },
    ]);
  }
}

/** Students who were in the group at some day of the period (joined by its end, not left before its start). */
export const inGroupDuring = (from: string, till: string) =>
  and(lte(groupStudents.createdDate, till), or(isNull(groupStudents.leftDate), gte(groupStudents.leftDate, from)));

/**
 * GET /group/{id}/attendance/{from}/{till}: the lessons of the period (held,
 * cancelled and holidays, from the lesson calendar) and the group's students of the
 * period with their marks. A teacher sees a group he teaches now or gave a lesson of
 * the period in.
 */
export async function attendanceGrid(
  tx: Tx,
  actor: Actor,
  at: Date,
  params: { group_id: number; from: string; till: string },
  withMarks: boolean,
): Promise<AttendanceGrid> {
  assertPeriod(params.from, params.till);
  const group = await findBranchGroup(tx, actor, params.group_id);
  const lessons = await loadCalendar(tx, actor.companyId, group, params.from, params.till);
  if (isTeacherOnly(actor) && group.teacherId !== actor.id && !lessons.some((l) => l.teacher_id === actor.id)) {
    throw notFound();
  }
  const students = await tx
    .select({
      id: users.id,
      name: users.name,
      status: groupStudents.status,
      createdDate: groupStudents.createdDate,
      leftDate: groupStudents.leftDate,
    })
    .from(groupStudents)
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(
      and(
        eq(groupStudents.companyId, actor.companyId),
        eq(groupStudents.groupId, group.id),
        inGroupDuring(params.from, params.till),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  const marks = withMarks
    ? await tx
        .select({ studentId: attendances.studentId, date: attendances.attendDate, status: attendances.status })
        .from(attendances)
        .where(
          and(
            eq(attendances.companyId, actor.companyId),
            eq(attendances.groupId, group.id),
            between(attendances.attendDate, params.from, params.till),
          ),
        )
    : [];
  const time = await companyTime(tx, actor.companyId, at);
  const nameOf = await lessonNamer(tx, actor.companyId, lessons);
  const marksOf = new Map<number, Record<string, AttendanceMarkId>>();
  for (const mark of marks) {
    const record = marksOf.get(mark.studentId) ?? {};
    record[mark.date] = mark.status as AttendanceMarkId;
    marksOf.set(mark.studentId, record);
  }
  const teacherOnly = isTeacherOnly(actor);
  return {
    group_id: group.id,
    from: params.from,
    till: params.till,
    lessons: lessons.map(nameOf),
    students: students.map((s) => ({
      id: s.id,
      name: s.name,
      status: s.status,
      created_date: s.createdDate,
      left_date: s.leftDate,
      marks: marksOf.get(s.id) ?? {},
    })),
    today: time.today,
    now: time.now,
    can_mark: true,
    only_during_lesson: teacherOnly && time.teacherMarksOnlyDuringLesson,
    can_change_lessons: isGroupStaff(actor),
  };
}

/**
 * The checks every mark shares: the day is a held lesson of the group, it has
 * begun, and a teacher gives it — during it, when the company says so (spec §8).
 */
async function markableLesson(tx: Tx, actor: Actor, at: Date, groupId: number, date: string) {
  const group = await findBranchGroup(tx, actor, groupId);
  const lesson = await findLessonOn(tx, actor.companyId, group, date);
  if (lesson.state === 'cancelled') throw new AppError(422, 'lesson_cancelled', { date });
  assertTeachesLesson(actor, lesson);
  const time = await companyTime(tx, actor.companyId, at);
  if (date > time.today || (date === time.today && time.now < lesson.start_time)) {
    throw new AppError(422, 'lesson_not_started', { date, start_time: lesson.start_time });
  }
  assertWithinLessonIfRequired(actor, lesson, time);
  return { group, lesson };
}

/** Spec §8 "Teacher may mark attendance only during the lesson", in the company's time zone; staff are not limited. */
function assertWithinLessonIfRequired(actor: Actor, lesson: CalendarLesson, time: CompanyTime): void {
  if (!isTeacherOnly(actor) || !time.teacherMarksOnlyDuringLesson) return;
  const during = lesson.date === time.today && time.now >= lesson.start_time && time.now <= lesson.end_time;
  if (!during) {
    throw new AppError(403, 'attendance_outside_lesson', {
      date: lesson.date,
      start_time: lesson.start_time,
      end_time: lesson.end_time,
    });
  }
}

/**
 * The students of a group on a day: joined by then and not left before it. An
 * archived person holds no place (as in the group's student list and counts).
 */
async function studentsOnDay(tx: Tx, companyId: number, groupId: number, date: string, only?: readonly number[]) {
  const rows = await tx
    .select({
      studentId: groupStudents.studentId,
      name: users.name,
      createdDate: groupStudents.createdDate,
      leftDate: groupStudents.leftDate,
      status: groupStudents.status,
      archived: sql<boolean>`${users.archivedAt} is not null`,
    })
    .from(groupStudents)
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(
      and(
        eq(groupStudents.companyId, companyId),
        eq(groupStudents.groupId, groupId),
        ...(only ? [inArray(groupStudents.studentId, [...only])] : []),
      ),
    );
  const inGroup = (row: (typeof rows)[number]) =>
    !row.archived &&
    row.createdDate <= date &&
    (row.leftDate === null ? row.status !== StudentStatus.archived : row.leftDate >= date);
  return { rows, present: rows.filter(inGroup).map((r) => r.studentId) };
}

async function writeMarks(
  tx: Tx,
  actor: Actor,
  group: GroupRow,
  date: string,
  studentIds: number[],
  status: AttendanceMarkId,
) {
  if (!studentIds.length) return;
  const groupId = group.id;
  await tx
    .insert(attendances)
    .values(
      studentIds.map((studentId) => ({
        companyId: actor.companyId,
        groupId,
        attendDate: date,
        studentId,
        status,
        markedBy: actor.id,
      })),
    )
    .onConflictDoUpdate({
      target: [attendances.companyId, attendances.groupId, attendances.attendDate, attendances.studentId],
      set: { status, markedBy: actor.id, markedAt: sql`now()` },
    });
  await recountAttendanceSummary(
    tx,
    actor.companyId,
    studentIds.map((studentId) => ({ groupId, studentId, date })),
  );
  // Present earns the coin rule's award; a mark changed from present gives it back (issue 21).
  await coinsForAttendance(tx, actor, coinGroup(group), date, studentIds, status);
}

const coinGroup = (group: GroupRow) => ({ id: group.id, branchId: group.branchId, title: groupTitle(group) });

/** POST /attendance: one student's mark for one lesson. */
export async function markAttendance(tx: Tx, actor: Actor, at: Date, input: AttendanceMarkInput) {
  const { group } = await markableLesson(tx, actor, at, input.group_id, input.date);
  const { rows, present } = await studentsOnDay(tx, actor.companyId, group.id, input.date, [input.student_id]);
  if (!rows.length) throw new AppError(422, 'student_not_in_group', { student_id: input.student_id });
  if (!present.length)
    throw new AppError(422, 'student_not_in_group_on_date', { student_id: input.student_id, date: input.date });
  await writeMarks(tx, actor, group, input.date, present, input.status);
  await recordHistory(tx, actor, {
    event: 'attendanceMarked',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: {
      student_id: input.student_id,
      student_name: rows[0]?.name ?? null,
      group_title: groupTitle(group),
      date: input.date,
      status: input.status,
    },
  });
  return { student_id: input.student_id, group_id: group.id, date: input.date, status: input.status };
}

/** POST /attendance/lesson: one mark for every student of the lesson (or the ones named). */
export async function markLesson(tx: Tx, actor: Actor, at: Date, input: LessonAttendanceInput) {
  const { group } = await markableLesson(tx, actor, at, input.group_id, input.date);
  const { present } = await studentsOnDay(tx, actor.companyId, group.id, input.date, input.student_ids);
  const outside = (input.student_ids ?? []).filter((id) => !present.includes(id));
  if (outside.length)
    throw new AppError(422, 'student_not_in_group_on_date', { student_ids: outside, date: input.date });
  await writeMarks(tx, actor, group, input.date, present, input.status);
  await recordHistory(tx, actor, {
    event: 'attendanceMarked',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: { student_ids: present, group_title: groupTitle(group), date: input.date, status: input.status },
  });
  return { marked: present.length };
}

/**
 * DELETE /attendance/{student}/{group}/{date}/delete: back to "not marked". The
 * same rights as marking; a mark left on a day that is no longer a lesson (it was
 * cancelled or moved since) can still be cleared by staff.
 */
export async function unmarkAttendance(
  tx: Tx,
  actor: Actor,
  at: Date,
  params: { student_id: number; group_id: number; attend_date: string },
) {
  const group = await findBranchGroup(tx, actor, params.group_id);
  const [lesson] = (await loadCalendar(tx, actor.companyId, group, params.attend_date, params.attend_date)).filter(
    (l) => l.date === params.attend_date && l.state === 'held',
  );
  if (lesson) {
    assertTeachesLesson(actor, lesson);
    assertWithinLessonIfRequired(actor, lesson, await companyTime(tx, actor.companyId, at));
  } else if (!isGroupStaff(actor)) {
    throw new AppError(422, 'not_a_lesson_date', { date: params.attend_date });
  }
  const deleted = await tx
    .delete(attendances)
    .where(
      and(
        eq(attendances.companyId, actor.companyId),
        eq(attendances.groupId, group.id),
        eq(attendances.attendDate, params.attend_date),
        eq(attendances.studentId, params.student_id),
      ),
    )
    .returning({ studentId: attendances.studentId });
  if (!deleted.length) throw notFound();
  await recountAttendanceSummary(tx, actor.companyId, [
    { groupId: group.id, studentId: params.student_id, date: params.attend_date },
  ]);
  await coinsForAttendance(tx, actor, coinGroup(group), params.attend_date, [params.student_id], null);
  await recordHistory(tx, actor, {
    event: 'attendanceMarked',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: { student_id: params.student_id, group_title: groupTitle(group), date: params.attend_date, status: null },
  });
  return { student_id: params.student_id, group_id: group.id, date: params.attend_date };
}
