import { type CalendarLesson, groupTitle, isHeld, minutesOf } from '@crm/contracts';
import { and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courses, groupStudents, groups, users } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { groupRowColumns } from '../groups/group-scope.js';
import { assertPeriod } from '../lessons/attendance-service.js';
import { loadCalendars } from '../lessons/calendar-source.js';
import { type CompanyTime, companyTime } from '../lessons/company-time.js';

/** The filters both attendance reports take (contracts reportPeriodSchema). */
export interface ReportFilters {
  branch_id: number;
  from: string;
  till: string;
  group_id?: number;
  teacher_id?: number;
  course_id?: number;
}

/** A held lesson of the period; `past` once it has ended (company time), so it can be missed. */
export interface ReportLesson {
  date: string;
  past: boolean;
}

export interface ReportGroup {
  id: number;
  title: string;
  course: { id: number; name: string };
  /** The teacher a row names: the asked teacher when filtered by one, else the group's. */
  teacher: { id: number; name: string };
}

/** One student in one group, with the held lessons of the period he was in the group for. */
export interface ReportPlace {
  group: ReportGroup;
  student: { id: number; name: string; phone: string };
  /** His status in the group (contracts StudentStatus). */
  status: number;
  /** In date order. */
  lessons: ReportLesson[];
}

export interface ReportBasis {
  companyId: number;
  filters: ReportFilters;
  /** Places with at least one held lesson, sorted by group title, then student name. */
  places: ReportPlace[];
}

/** The order of String.localeCompare, built once: a branch's report sorts thousands of places. */
const byText = new Intl.Collator();

/** A lesson has ended (and can be missed) once its day is over, or today once its end time has passed. */
export const hasEnded = (lesson: Pick<CalendarLesson, 'date' | 'end_time'>, time: Pick<CompanyTime, 'today' | 'now'>) =>
  lesson.date < time.today || (lesson.date === time.today && minutesOf(lesson.end_time) <= minutesOf(time.now));

/** A day lies inside a stay in a group: joined on or before it, not left before it. */
export const inPlaceOn = (date: string, joined: string, left: string | null) =>
  date >= joined && (left === null || date <= left);

/**
 * What both reports stand on, in a fixed number of queries whatever the size of the
 * branch: the groups of the branch whose dates meet the period (any status, so an
 * archived group's lessons still count), ONE lesson-calendar load for all of them,
 * and the students who were in them during the period.
 *
 * Lessons come only from the lesson calendar (spec: nothing else computes lesson
 * dates); only held ones count — a cancelled lesson or a holiday is no lesson.
 * The teacher filter follows the teacher of each lesson (a substitute's lessons are
 * his, spec §4), not the group's current teacher, so a teacher's report shows what
 * he actually taught.
 *
 * A student whose user has been archived since is still listed: a report tells what
 * happened in the period, while group lists hide such students (group-view.ts rule).
 */
export async function loadReportBasis(tx: Tx, actor: Actor, at: Date, filters: ReportFilters): Promise<ReportBasis> {
  assertBranch(actor, filters.branch_id);
  assertPeriod(filters.from, filters.till);
  const companyId = actor.companyId;
  // One after another: a transaction is one connection, and pg refuses overlapping queries on it.
  const time = await companyTime(tx, companyId, at);
  const groupRows = await tx
    .select({ ...groupRowColumns, courseName: courses.name, teacherName: users.name })
    .from(groups)
    .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
    .innerJoin(users, and(eq(users.companyId, groups.companyId), eq(users.id, groups.teacherId)))
    .where(and(...groupFilters(companyId, filters)));
  const base = { companyId, filters, places: [] };
  if (!groupRows.length) return base;

  const calendars = await loadCalendars(tx, companyId, groupRows, filters.from, filters.till);
  const heldOf = new Map<number, ReportLesson[]>();
  for (const group of groupRows) {
    const held = (calendars.get(group.id) ?? [])
      .filter(
        (lesson) => isHeld(lesson) && (filters.teacher_id === undefined || lesson.teacher_id === filters.teacher_id),
      )
      .map((lesson) => ({ date: lesson.date, past: hasEnded(lesson, time) }));
    if (held.length) heldOf.set(group.id, held);
  }
  if (!heldOf.size) return base;

  const askedTeacher =
    filters.teacher_id === undefined ? undefined : await teacherRef(tx, companyId, filters.teacher_id);
  const placeRows = await tx
    .select({
      groupId: groupStudents.groupId,
      status: groupStudents.status,
      createdDate: groupStudents.createdDate,
      leftDate: groupStudents.leftDate,
      student: { id: users.id, name: users.name, phone: users.phone },
    })
    .from(groupStudents)
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(
      and(
        eq(groupStudents.companyId, companyId),
        inArray(groupStudents.groupId, [...heldOf.keys()]),
        lte(groupStudents.createdDate, filters.till),
        or(isNull(groupStudents.leftDate), gte(groupStudents.leftDate, filters.from)),
      ),
    );

  const groupOf = new Map<number, ReportGroup>(
    groupRows.map((row) => [
      row.id,
      {
        id: row.id,
        title: groupTitle(row),
        course: { id: row.courseId, name: row.courseName },
        teacher: askedTeacher ?? { id: row.teacherId, name: row.teacherName },
      },
    ]),
  );
  const places: ReportPlace[] = [];
  for (const row of placeRows) {
    const group = groupOf.get(row.groupId);
    const lessons = (heldOf.get(row.groupId) ?? []).filter((l) => inPlaceOn(l.date, row.createdDate, row.leftDate));
    if (group && lessons.length) places.push({ group, student: row.student, status: row.status, lessons });
  }
  places.sort(
    (a, b) =>
      byText.compare(a.group.title, b.group.title) ||
      a.group.id - b.group.id ||
      byText.compare(a.student.name, b.student.name) ||
      a.student.id - b.student.id,
  );
  return { companyId, filters, places };
}

/**
 * The branch's groups that run at some day of the period, in any status. A course
 * filter takes in the course's levels too: groups study a level, and asking for
 * "English" means all of its levels.
 */
function groupFilters(companyId: number, filters: ReportFilters): SQL[] {
  const where: SQL[] = [
    eq(groups.companyId, companyId),
    eq(groups.branchId, filters.branch_id),
    lte(groups.startDate, filters.till),
    or(isNull(groups.endDate), gte(groups.endDate, filters.from)) as SQL,
  ];
  if (filters.group_id !== undefined) where.push(eq(groups.id, filters.group_id));
  if (filters.course_id !== undefined) {
    where.push(
      sql`${groups.courseId} in (select c.id from courses c where c.company_id = ${companyId}
        and (c.id = ${filters.course_id} or c.parent_id = ${filters.course_id}))`,
    );
  }
  return where;
}

async function teacherRef(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row ?? { id, name: '' };
}
