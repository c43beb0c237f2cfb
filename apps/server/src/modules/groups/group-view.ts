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

/**
 * Rule (decision 0009's open point): a student whose user is archived (users.archived_at
 * set) is not counted in any group and not listed in its students, but his places are
 * kept as they are; restoring the user brings him back with the same statuses and prices.
 * Archiving the places instead would not survive a restore and would show him as having
 * left the groups (user/left_group). The same rule is applied in groupCapacity below and
 * in the group's student list (students-in-group.ts).
 */
export const activeUserOfPlace = sql`exists (select 1 from users su
  where su.company_id = ${groupStudents.companyId} and su.id = ${groupStudents.studentId}
  and su.archived_at is null)`;

/** Students holding a seat in a group: every status but archived, and not archived users (rule above). */
export const seatedCount = sql<number>`(select count(*)::int from group_students gs
  where gs.company_id = ${groups.companyId} and gs.group_id = ${groups.id}
  and gs.status in (${sql.join(
    SEATED_STUDENT_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})
  and exists (select 1 from users su where su.company_id = gs.company_id and su.id = gs.student_id
    and su.archived_at is null))`;

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

/** The capacity of one group right now (after a change of its students); archived users hold no seat. */
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
        // A student whose user is archived holds no seat (the rule on activeUserOfPlace).
        activeUserOfPlace,
      ),
    )
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)))
    .groupBy(rooms.capacity);
  return capacityOf(row?.students ?? 0, row?.capacity);
}
