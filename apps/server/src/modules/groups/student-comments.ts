import { groupTitle, type StudentComment } from '@crm/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupComments, groups, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { findTarget } from '../users/queries.js';
import { assertTeachesStudent, groupScope, isGroupStaff, isTeacherOnly } from './group-scope.js';

/** How many comments a profile lists (a student has a few a month per group). */
const SHOWN = 500;

/**
 * GET /user/{id}/group-comments: what his teachers wrote about a student, newest first, with the group. Staff
 * read those of their branches' groups, a teacher those of the groups he teaches, the student himself only
 * those shown to him (issue 19).
 */
export async function listStudentComments(
  tx: Tx,
  actor: Actor,
  studentId: number,
): Promise<{ data: StudentComment[] }> {
  const staff = isGroupStaff(actor);
  const teacher = isTeacherOnly(actor);
  const self = studentId === actor.id;
  if (!self && !staff && !teacher) throw notFound();
  if (!self && staff) await findTarget(tx, actor, studentId, false);
  const filters: SQL[] = [...groupScope(actor), eq(groupComments.studentId, studentId)];
  if (!staff && !teacher) filters.push(eq(groupComments.visibleToStudent, true));
  const rows = await tx
    .select({
      id: groupComments.id,
      groupId: groupComments.groupId,
      groupName: groups.name,
      groupCode: groups.code,
      authorId: users.id,
      authorName: users.name,
      text: groupComments.text,
      visibleToStudent: groupComments.visibleToStudent,
      createdAt: groupComments.createdAt,
    })
    .from(groupComments)
    .innerJoin(groups, and(eq(groups.companyId, groupComments.companyId), eq(groups.id, groupComments.groupId)))
    .leftJoin(users, and(eq(users.companyId, groupComments.companyId), eq(users.id, groupComments.authorId)))
    .where(and(eq(groupComments.companyId, actor.companyId), ...filters))
    .orderBy(desc(groupComments.createdAt), desc(groupComments.id))
    .limit(SHOWN);
  if (!self && teacher && rows.length === 0) await assertTeachesStudent(tx, actor, studentId);
  return {
    data: rows.map((row) => ({
      id: row.id,
      group_id: row.groupId,
      group_title: groupTitle({ name: row.groupName, code: row.groupCode }),
      student_id: studentId,
      author: row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? '' },
      text: row.text,
      visible_to_student: row.visibleToStudent,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
