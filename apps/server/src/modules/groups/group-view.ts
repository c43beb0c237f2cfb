import {
  type DayType,
  type Group,
  type GroupCapacity,
  groupBadges,
  groupTitle,
  localDate,
  SEATED_STUDENT_STATUSES,
} from '@crm/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courses, groupStudents, groups, rooms, users } from '../../db/schema/index.js';
import { groupRowColumns } from './group-scope.js';

/** Students holding a seat in a group (every status but archived). */
export const seatedCount = sql<number>`(select count(*)::int from group_students gs
  where gs.company_id = ${groups.companyId} and gs.group_id = ${groups.id}
  and gs.status in (${sql.join(
    SEATED_STUDENT_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

/** Spec §5: a warning (not a refusal) once the students fill the room. */
export const capacityOf = (students: number, roomCapacity: number | null | undefined): GroupCapacity => ({
  students,
  capacity: roomCapacity ?? null,
  full: roomCapacity != null && students >= roomCapacity,
});

/** The group with its course, teacher and room joined: the one query behind every group answer. */
export const groupViewQuery = (tx: Tx) =>
  tx
    .select({
      ...groupRowColumns,
      course: {
        id: courses.id,
        name: courses.name,
        price: courses.price,
        lessonDuration: courses.lessonDuration,
        durationMonths: courses.durationMonths,
      },
      teacher: { id: users.id, name: users.name },
      room: { id: rooms.id, name: rooms.name, capacity: rooms.capacity },
      studentCount: seatedCount,
    })
    .from(groups)
    .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
    .innerJoin(users, and(eq(users.companyId, groups.companyId), eq(users.id, groups.teacherId)))
    .leftJoin(rooms, and(eq(rooms.companyId, groups.companyId), eq(rooms.id, groups.roomId)))
    .$dynamic();

type GroupViewRow = Awaited<ReturnType<ReturnType<typeof groupViewQuery>['execute']>>[number];

/** `HH:MM` of a database time (`HH:MM:SS`). */
export const shortTime = (time: string) => time.slice(0, 5);

export function toGroup(row: GroupViewRow, today = localDate()): Group {
  const dayType = row.dayType as DayType;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    title: groupTitle(row),
    branch_id: row.branchId,
    course: {
      id: row.course.id,
      name: row.course.name,
      price: row.course.price,
      lesson_duration: row.course.lessonDuration,
      course_duration: row.course.durationMonths,
    },
    teacher: row.teacher,
    room: row.room,
    day_type: dayType,
    days: row.days,
    exact_days: dayType === 'other' ? row.days : null,
    start_time: shortTime(row.startTime),
    end_time: shortTime(row.endTime),
    start_date: row.startDate,
    end_date: row.endDate,
    status: row.status,
    student_count: row.studentCount,
    capacity: capacityOf(row.studentCount, row.room?.capacity),
    badges: groupBadges({ start_date: row.startDate, end_date: row.endDate, status: row.status }, today),
  };
}

/** One group as the API answers it (after the caller's scope was checked). */
export async function loadGroup(tx: Tx, companyId: number, id: number): Promise<Group> {
  const [row] = await groupViewQuery(tx).where(and(eq(groups.companyId, companyId), eq(groups.id, id)));
  if (!row) throw new Error(`group ${id} vanished inside its transaction`);
  return toGroup(row);
}

/** The capacity of one group right now (after a change of its students). */
export async function groupCapacity(tx: Tx, companyId: number, groupId: number): Promise<GroupCapacity> {
  const [row] = await tx
    .select({ students: count(groupStudents.studentId), capacity: rooms.capacity })
    .from(groups)
    .leftJoin(rooms, and(eq(rooms.companyId, groups.companyId), eq(rooms.id, groups.roomId)))
    .leftJoin(
      groupStudents,
      and(
        eq(groupStudents.companyId, groups.companyId),
        eq(groupStudents.groupId, groups.id),
        inArray(groupStudents.status, [...SEATED_STUDENT_STATUSES]),
      ),
    )
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)))
    .groupBy(rooms.capacity);
  return capacityOf(row?.students ?? 0, row?.capacity);
}
