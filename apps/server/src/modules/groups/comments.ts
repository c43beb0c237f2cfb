import { type GroupComment, groupTitle } from '@crm/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupComments, groupStudents, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { findVisibleGroup } from './group-scope.js';
import { invalidField } from './service.js';

const commentColumns = {
  id: groupComments.id,
  groupId: groupComments.groupId,
  studentId: groupComments.studentId,
  authorId: users.id,
  authorName: users.name,
  text: groupComments.text,
  visibleToStudent: groupComments.visibleToStudent,
  createdAt: groupComments.createdAt,
};

const commentsQuery = (tx: Tx, where: SQL | undefined) =>
  tx
    .select(commentColumns)
    .from(groupComments)
    .leftJoin(users, and(eq(users.companyId, groupComments.companyId), eq(users.id, groupComments.authorId)))
    .where(where)
    .orderBy(desc(groupComments.createdAt), desc(groupComments.id));

const toComment = (row: Awaited<ReturnType<typeof commentsQuery>>[number]): GroupComment => ({
  id: row.id,
  group_id: row.groupId,
  student_id: row.studentId,
  author: row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? '' },
  text: row.text,
  visible_to_student: row.visibleToStudent,
  created_at: row.createdAt.toISOString(),
});

/** GET groupComments?group_id: notes on a group (newest first), optionally about one student of it. */
export async function listGroupComments(tx: Tx, actor: Actor, query: { group_id: number; student_id?: number }) {
  await findVisibleGroup(tx, actor, query.group_id);
  const filters: SQL[] = [eq(groupComments.companyId, actor.companyId), eq(groupComments.groupId, query.group_id)];
  if (query.student_id !== undefined) filters.push(eq(groupComments.studentId, query.student_id));
  const rows = await commentsQuery(tx, and(...filters)).limit(500);
  return { data: rows.map(toComment) };
}

export async function addGroupComment(
  tx: Tx,
  actor: Actor,
  input: { group_id: number; student_id?: number | null; text: string; visible_to_student?: boolean },
): Promise<GroupComment> {
  const group = await findVisibleGroup(tx, actor, input.group_id);
  if (input.student_id != null) {
    const [member] = await tx
      .select({ id: groupStudents.studentId })
      .from(groupStudents)
      .where(
        and(
          eq(groupStudents.companyId, actor.companyId),
          eq(groupStudents.groupId, group.id),
          eq(groupStudents.studentId, input.student_id),
        ),
      );
    if (!member) throw invalidField('student_id', 'not_in_group', 'The student is not in this group');
  }
  const [row] = await tx
    .insert(groupComments)
    .values({
      companyId: actor.companyId,
      groupId: group.id,
      studentId: input.student_id ?? null,
      authorId: actor.id,
      text: input.text,
      // A note on the group as a whole is the staff's: only a comment about a student can be shown to him.
      visibleToStudent: input.student_id != null && (input.visible_to_student ?? false),
    })
    .returning({ id: groupComments.id });
  if (!row) throw new Error('comment insert returned no row');
  await recordHistory(tx, actor, {
    event: 'groupCommentAdded',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: { group_title: groupTitle(group), comment_id: row.id, student_id: input.student_id ?? null },
  });
  const [created] = await commentsQuery(
    tx,
    and(eq(groupComments.companyId, actor.companyId), eq(groupComments.id, row.id)),
  );
  if (!created) throw new Error('comment vanished inside its transaction');
  return toComment(created);
}
