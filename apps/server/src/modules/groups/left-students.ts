import { groupTitle, type LeftStudent, paginate, StudentStatus } from '@crm/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { archiveReasons, courses, groupStudents, groups, users } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';

export interface LeftStudentsQuery {
  page: number;
  per_page: number;
  branch_id?: number;
  date_start?: string;
  date_end?: string;
  reason_id?: number;
  search?: string;
  include_moved?: boolean;
}

const teachers = alias(users, 'teacher');
const movedPlace = alias(groupStudents, 'moved_place');
const movedGroup = alias(groups, 'moved_group');

/**
 * The group a student joined on the day he left this one: a transfer rather than a
 * departure. The schema keeps no mark of a transfer on the archived row, so the
 * same-day join is the sign (see docs/decisions).
 */
const movedTo = sql<{ id: number; name: string | null; code: string } | null>`(
  select json_build_object('id', ${movedGroup.id}, 'name', ${movedGroup.name}, 'code', ${movedGroup.code})
  from group_students moved_place join groups moved_group
    on ${movedGroup.companyId} = ${movedPlace.companyId} and ${movedGroup.id} = ${movedPlace.groupId}
  where ${movedPlace.companyId} = ${groupStudents.companyId} and ${movedPlace.studentId} = ${groupStudents.studentId}
    and ${movedPlace.groupId} <> ${groupStudents.groupId} and ${movedPlace.createdDate} = ${groupStudents.leftDate}
  order by ${movedPlace.groupId} limit 1)`;

/**
 * Archived places (the student left the group) matching the list's filters, in the caller's branches:
 * over group_students joined with its groups and users (GET user/left_group, GET /leftGroupUsers).
 */
export function departureFilters(actor: Actor, query: Omit<LeftStudentsQuery, 'page' | 'per_page'>): SQL[] {
  const filters: SQL[] = [
    eq(groupStudents.companyId, actor.companyId),
    eq(groupStudents.status, StudentStatus.archived),
    sql`${groupStudents.leftDate} is not null`,
  ];
  if (query.branch_id !== undefined) {
    assertBranch(actor, query.branch_id);
    filters.push(eq(groups.branchId, query.branch_id));
  } else {
    const scope = branchFilterOf(actor);
    if (scope) filters.push(inArray(groups.branchId, scope.length ? scope : [-1]));
  }
  if (query.date_start) filters.push(gte(groupStudents.leftDate, query.date_start));
  if (query.date_end) filters.push(lte(groupStudents.leftDate, query.date_end));
  if (query.reason_id !== undefined) filters.push(eq(groupStudents.archiveReasonId, query.reason_id));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(users.name, pattern), ilike(users.phone, pattern)) as SQL);
  }
  return filters;
}

/** GET user/left_group: students who left a group in a period, with the reason (the /left-students list). */
export async function listLeftStudents(tx: Tx, actor: Actor, query: LeftStudentsQuery) {
  const filters = departureFilters(actor, query);
  if (!query.include_moved) filters.push(sql`${movedTo} is null`);
  const where = and(...filters);

  const base = (tx: Tx) =>
    tx
      .select({
        student: { id: users.id, name: users.name, phone: users.phone },
        groupId: groups.id,
        groupName: groups.name,
        groupCode: groups.code,
        branchId: groups.branchId,
        course: { id: courses.id, name: courses.name },
        teacher: { id: teachers.id, name: teachers.name },
        createdDate: groupStudents.createdDate,
        leftDate: groupStudents.leftDate,
        reason: { id: archiveReasons.id, name: archiveReasons.name },
        comment: groupStudents.archiveComment,
        movedTo,
      })
      .from(groupStudents)
      .innerJoin(groups, and(eq(groups.companyId, groupStudents.companyId), eq(groups.id, groupStudents.groupId)))
      .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
      .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
      .innerJoin(teachers, and(eq(teachers.companyId, groups.companyId), eq(teachers.id, groups.teacherId)))
      .leftJoin(
        archiveReasons,
        and(
          eq(archiveReasons.companyId, groupStudents.companyId),
          eq(archiveReasons.id, groupStudents.archiveReasonId),
        ),
      );

  const [total] = await tx
    .select({ n: count() })
    .from(groupStudents)
    .innerJoin(groups, and(eq(groups.companyId, groupStudents.companyId), eq(groups.id, groupStudents.groupId)))
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(where);
  const rows = await base(tx)
    .where(where)
    .orderBy(desc(groupStudents.leftDate), desc(groupStudents.updatedAt))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);

  const data: LeftStudent[] = rows.map((row) => ({
    student: row.student,
    group: { id: row.groupId, title: groupTitle({ name: row.groupName, code: row.groupCode }) },
    course: row.course,
    teacher: row.teacher,
    branch_id: row.branchId,
    created_date: row.createdDate,
    left_date: row.leftDate ?? '',
    reason: row.reason,
    comment: row.comment,
    moved_to: row.movedTo ? { id: row.movedTo.id, title: groupTitle(row.movedTo) } : null,
  }));
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}
