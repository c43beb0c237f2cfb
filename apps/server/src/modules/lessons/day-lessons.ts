import {
  type DayLesson,
  type DayLessons,
  GroupStatus,
  groupTitle,
  RUNNING_GROUP_STATUSES,
  StudentStatus,
} from '@crm/contracts';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { attendances, courses, groupPastTeachers, groupStudents, groups, lessons } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { groupRowColumns, isTeacherOnly } from '../groups/group-scope.js';
import { activeUserOfPlace } from '../groups/group-view.js';
import { loadCalendars } from './calendar-source.js';
import { companyTime } from './company-time.js';
import { lessonNamer } from './lesson-view.js';

export interface DayLessonsQuery {
  /** Absent: the company's today. */
  date?: string;
  /** Staff: absent means their first branch; a teacher: absent means all of his. */
  branch_id?: number;
}

/**
 * GET /lessons/day: the lessons of one day, by start time — the teacher's home and
 * the timetable on a date.
 *
 * - A teacher gets the lessons he gives that day (spec §6): of his groups, and of the
 *   groups he substitutes in or taught before; a lesson given to a substitute is the
 *   substitute's, not the regular teacher's. Staff get every lesson of one branch.
 * - Groups that still meet (selection, active); on a day already past also groups
 *   completed since, whose lessons did take place. Archived groups never.
 * - Cancelled lessons stay listed (state cancelled); holidays leave no lesson.
 */
export async function listDayLessons(tx: Tx, actor: Actor, query: DayLessonsQuery, at: Date): Promise<DayLessons> {
  const time = await companyTime(tx, actor.companyId, at);
  const date = query.date ?? time.today;
  const teacherOnly = isTeacherOnly(actor);

  const statuses: number[] = [...RUNNING_GROUP_STATUSES];
  if (date < time.today) statuses.push(GroupStatus.completed);
  const filters: SQL[] = [
    eq(groups.companyId, actor.companyId),
    inArray(groups.status, statuses),
    // The calendar keeps to the group's dates too; this only spares loading the others.
    lte(groups.startDate, date),
    or(isNull(groups.endDate), gte(groups.endDate, date)) as SQL,
  ];
  if (teacherOnly) {
    filters.push(...teacherBranchFilters(actor, query.branch_id), teachesOrTaught(actor.id, date));
  } else {
    const branchId = query.branch_id ?? actor.branchIds[0];
    if (branchId === undefined) throw new AppError(403, 'branch_forbidden', { branch_id: null });
    assertBranch(actor, branchId);
    filters.push(eq(groups.branchId, branchId));
  }

  const groupRows = await tx
    .select({ ...groupRowColumns, course: { id: courses.id, name: courses.name } })
    .from(groups)
    .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
    .where(and(...filters))
    .orderBy(asc(groups.startTime), asc(groups.id));

  const calendars = await loadCalendars(tx, actor.companyId, groupRows, date, date);
  const dayLessons = groupRows.flatMap((group) =>
    (calendars.get(group.id) ?? [])
      .filter((lesson) => lesson.date === date && lesson.state !== 'holiday')
      // A substitute's lesson is his alone; the regular teacher does not see it.
      .filter((lesson) => !teacherOnly || lesson.teacher_id === actor.id)
      .map((lesson) => ({ group, lesson })),
  );

  const nameOf = await lessonNamer(
    tx,
    actor.companyId,
    dayLessons.map(({ lesson }) => lesson),
  );
  const counts = await studentCounts(tx, actor.companyId, [...new Set(dayLessons.map(({ group }) => group.id))], date);
  const result: DayLesson[] = dayLessons.map(({ group, lesson }) => ({
    ...nameOf(lesson),
    group: { id: group.id, title: groupTitle(group), course: group.course },
    students: counts.get(group.id)?.students ?? 0,
    marked: counts.get(group.id)?.marked ?? 0,
  }));
  result.sort(
    (a, b) =>
      a.start_time.localeCompare(b.start_time) || a.group.title.localeCompare(b.group.title) || a.group.id - b.group.id,
  );
  return { date, today: time.today, now: time.now, lessons: result };
}

/** A teacher's own branches, or the one he asked for (which must be one of them). */
function teacherBranchFilters(actor: Actor, branchId: number | undefined): SQL[] {
  if (branchId !== undefined) {
    assertBranch(actor, branchId);
    return [eq(groups.branchId, branchId)];
  }
  const scope = branchFilterOf(actor);
  return scope ? [inArray(groups.branchId, scope.length ? scope : [-1])] : [];
}

/**
 * The groups whose lesson on `date` may be the teacher's: those he teaches now, those
 * whose lesson record names him as the substitute that day (on its scheduled or its new
 * day), and those he taught until a day not before `date`. The calendar then decides.
 */
function teachesOrTaught(teacherId: number, date: string): SQL {
  return or(
    eq(groups.teacherId, teacherId),
    sql`exists (select 1 from ${lessons} where ${lessons.companyId} = ${groups.companyId}
      and ${lessons.groupId} = ${groups.id} and ${lessons.teacherId} = ${teacherId}
      and (${lessons.scheduledDate} = ${date}::date or ${lessons.movedDate} = ${date}::date))`,
    sql`exists (select 1 from ${groupPastTeachers} where ${groupPastTeachers.companyId} = ${groups.companyId}
      and ${groupPastTeachers.groupId} = ${groups.id} and ${groupPastTeachers.teacherId} = ${teacherId}
      and ${groupPastTeachers.tillDate} >= ${date}::date)`,
  ) as SQL;
}

/**
 * Who was in each group on `date`, and how many of them are marked that day.
 *
 * Rule: a student is in the group on a day from the day he joined (created_date)
 * through the day he left (left_date) — the bounds the attendance grid marks between,
 * so the day he left still counts. An archived place without a leaving day tells no
 * period and does not count. A student whose user is archived holds no place
 * (groups/group-view.ts activeUserOfPlace). Marks are counted only for the students
 * counted, so `marked` never exceeds `students`.
 */
async function studentCounts(
  tx: Tx,
  companyId: number,
  groupIds: number[],
  date: string,
): Promise<Map<number, { students: number; marked: number }>> {
  if (!groupIds.length) return new Map();
  const rows = await tx
    .select({ groupId: groupStudents.groupId, students: count(), marked: count(attendances.studentId) })
    .from(groupStudents)
    .leftJoin(
      attendances,
      and(
        eq(attendances.companyId, groupStudents.companyId),
        eq(attendances.groupId, groupStudents.groupId),
        eq(attendances.studentId, groupStudents.studentId),
        eq(attendances.attendDate, date),
      ),
    )
    .where(
      and(
        eq(groupStudents.companyId, companyId),
        inArray(groupStudents.groupId, groupIds),
        lte(groupStudents.createdDate, date),
        or(isNull(groupStudents.leftDate), gte(groupStudents.leftDate, date)),
        or(ne(groupStudents.status, StudentStatus.archived), isNotNull(groupStudents.leftDate)),
        activeUserOfPlace,
      ),
    )
    .groupBy(groupStudents.groupId);
  return new Map(rows.map((row) => [row.groupId, { students: row.students, marked: row.marked }]));
}
