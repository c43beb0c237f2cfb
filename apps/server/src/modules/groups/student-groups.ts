import { type DayType, groupTitle, Role, type StudentGroup, StudentStatus } from '@crm/contracts';
import { and, asc, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { archiveReasons, courses, groupStudents, groups, userBranches, users } from '../../db/schema/index.js';
import { type Actor, branchFilterOf } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { groupScope, isGroupStaff, isTeacherOnly } from './group-scope.js';
import { shortTime } from './group-view.js';
import { placeColumns, placeOut } from './place.js';

/**
 * The student GET /student/{id}/groups may name: a user with the student role in the
 * caller's company and in one of his branches (owner and CEO: any). Anyone else, and a
 * student of another company or branch, is absent (404).
 */
async function findVisibleStudent(tx: Tx, actor: Actor, studentId: number) {
  const scope = branchFilterOf(actor);
  const [student] = await tx
    .select({ id: users.id, archivedAt: users.archivedAt })
    .from(users)
    .where(
      and(
        eq(users.companyId, actor.companyId),
        eq(users.id, studentId),
        sql`${Role.student} = any(${users.roles})`,
        scope
          ? exists(
              tx
                .select({ one: sql`1` })
                .from(userBranches)
                .where(
                  and(
                    eq(userBranches.companyId, users.companyId),
                    eq(userBranches.userId, users.id),
                    inArray(userBranches.branchId, scope.length ? scope : [-1]),
                  ),
                ),
            )
          : undefined,
      ),
    );
  if (!student) throw notFound();
  return student;
}

/**
 * GET /student/{id}/groups (spec §7 "Student-group"): every place of one student — the
 * group with its course, teacher, days and times, and his status, dates and individual
 * price there; the places he left last. The groups are the ones the caller may see
 * (groupScope: his branches; a teacher only the groups he teaches; a student the groups
 * he still studies in). A student reads only his own places; a teacher asking about a student who has no place in his groups,
 * or whose user is archived (group lists skip archived users), gets 404.
 */
export async function listStudentGroups(tx: Tx, actor: Actor, studentId: number): Promise<{ data: StudentGroup[] }> {
  const ownOnly = !isGroupStaff(actor) && !isTeacherOnly(actor) && actor.roles.includes(Role.student);
  if (ownOnly && studentId !== actor.id) throw notFound();
  const student = await findVisibleStudent(tx, actor, studentId);
  const teacherOnly = isTeacherOnly(actor);
  if (teacherOnly && student.archivedAt !== null) throw notFound();

  const rows = await tx
    .select({
      group: {
        id: groups.id,
        name: groups.name,
        code: groups.code,
        branchId: groups.branchId,
        dayType: groups.dayType,
        days: groups.days,
        startTime: groups.startTime,
        endTime: groups.endTime,
        startDate: groups.startDate,
        endDate: groups.endDate,
        status: groups.status,
      },
      course: { id: courses.id, name: courses.name },
      teacher: { id: users.id, name: users.name },
      ...placeColumns,
    })
    .from(groupStudents)
    .innerJoin(groups, and(eq(groups.companyId, groupStudents.companyId), eq(groups.id, groupStudents.groupId)))
    .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
    .innerJoin(users, and(eq(users.companyId, groups.companyId), eq(users.id, groups.teacherId)))
    .leftJoin(
      archiveReasons,
      and(eq(archiveReasons.companyId, groupStudents.companyId), eq(archiveReasons.id, groupStudents.archiveReasonId)),
    )
    .where(
      and(...groupScope(actor), eq(groupStudents.companyId, actor.companyId), eq(groupStudents.studentId, studentId)),
    )
    .orderBy(sql`${groupStudents.status} = ${StudentStatus.archived}`, desc(groupStudents.createdDate), asc(groups.id));
  if (teacherOnly && !rows.length) throw notFound();

  return {
    data: rows.map((row) => ({
      group: {
        id: row.group.id,
        title: groupTitle(row.group),
        code: row.group.code,
        branch_id: row.group.branchId,
        course: row.course,
        teacher: row.teacher,
        day_type: row.group.dayType as DayType,
        days: row.group.days,
        start_time: shortTime(row.group.startTime),
        end_time: shortTime(row.group.endTime),
        start_date: row.group.startDate,
        end_date: row.group.endDate,
        status: row.group.status,
      },
      ...placeOut(row),
    })),
  };
}
