import { type GroupStudent, Role, RUNNING_GROUP_STATUSES, StudentStatus } from '@crm/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { archiveReasons, groupStudents, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { findTargets } from '../users/queries.js';
import type { GroupRow } from './group-scope.js';
import { groupCapacity } from './group-view.js';
import { placeColumns, placeOut } from './place.js';
import { invalidField } from './service.js';

/**
 * A student's place in a group as the writes of students-in-group.ts, student-status.ts and
 * individual-price.ts find, check and answer it.
 */

const rowColumns = {
  student: { id: users.id, name: users.name, phone: users.phone },
  groupId: groupStudents.groupId,
  ...placeColumns,
};

/** The row of one student in one group. */
export const placeOf = (companyId: number, groupId: number, studentId: number) =>
  and(
    eq(groupStudents.companyId, companyId),
    eq(groupStudents.groupId, groupId),
    eq(groupStudents.studentId, studentId),
  );

export const studentRows = (tx: Tx, companyId: number, groupId: number) =>
  tx
    .select(rowColumns)
    .from(groupStudents)
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .leftJoin(
      archiveReasons,
      and(eq(archiveReasons.companyId, groupStudents.companyId), eq(archiveReasons.id, groupStudents.archiveReasonId)),
    )
    .where(and(eq(groupStudents.companyId, companyId), eq(groupStudents.groupId, groupId)))
    .$dynamic();

type StudentRow = Awaited<ReturnType<ReturnType<typeof studentRows>['execute']>>[number];

export const toGroupStudent = (row: StudentRow): GroupStudent => ({
  student: row.student,
  group_id: row.groupId,
  ...placeOut(row),
});

export async function loadGroupStudent(tx: Tx, companyId: number, groupId: number, studentId: number) {
  const [row] = await studentRows(tx, companyId, groupId).where(placeOf(companyId, groupId, studentId));
  return row ? toGroupStudent(row) : undefined;
}

/** The student's row in a group, locked; 404 student_not_in_group when there is none. */
export async function findMembership(tx: Tx, companyId: number, groupId: number, studentId: number) {
  const [row] = await tx
    .select({ status: groupStudents.status, name: users.name })
    .from(groupStudents)
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(placeOf(companyId, groupId, studentId))
    .for('update', { of: groupStudents });
  if (!row) throw new AppError(404, 'student_not_in_group');
  return row;
}

/** Spec §7: only a user with the student role (and not archived) can join a group. */
export async function findStudent(tx: Tx, companyId: number, studentId: number) {
  const [student] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.id, studentId),
        isNull(users.archivedAt),
        sql`${Role.student} = any(${users.roles})`,
      ),
    );
  if (!student) throw new AppError(400, 'not_a_student', { field: 'student_id' });
  return student;
}

/**
 * Students the caller reaches (his company and branches, users/queries findTargets) who are current
 * students, in the order asked; any other id is refused, all of them named.
 */
export async function findStudentsInReach(tx: Tx, actor: Actor, ids: readonly number[]) {
  const found = new Map(
    (await findTargets(tx, actor, ids, false))
      .filter((user) => user.types.includes('student') && !user.archived)
      .map((user) => [user.id, { id: user.id, name: user.name }]),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new AppError(400, 'not_a_student', { field: 'student_ids', ids: missing });
  return ids.map((id) => found.get(id)!);
}

/** Spec §8 "Student already in this group (check archived list)", for several students: each one named. */
export async function assertNoneInGroup(tx: Tx, companyId: number, groupId: number, studentIds: readonly number[]) {
  const existing = await tx
    .select({ id: groupStudents.studentId, status: groupStudents.status })
    .from(groupStudents)
    .where(
      and(
        eq(groupStudents.companyId, companyId),
        eq(groupStudents.groupId, groupId),
        inArray(groupStudents.studentId, [...studentIds]),
      ),
    );
  if (existing.length) {
    throw new AppError(409, 'student_already_in_group', {
      students: existing.map((row) => ({
        id: row.id,
        student_status: row.status,
        archived: row.status === StudentStatus.archived,
      })),
    });
  }
}

/** Spec §8 "Student already in this group (check archived list)". */
export async function assertNotInGroup(tx: Tx, companyId: number, groupId: number, studentId: number) {
  const [existing] = await tx
    .select({ status: groupStudents.status })
    .from(groupStudents)
    .where(placeOf(companyId, groupId, studentId));
  if (existing) {
    throw new AppError(409, 'student_already_in_group', {
      student_status: existing.status,
      archived: existing.status === StudentStatus.archived,
    });
  }
}

export function assertGroupOpen(group: GroupRow, field: string) {
  if (!(RUNNING_GROUP_STATUSES as readonly number[]).includes(group.status)) {
    throw invalidField(field, 'group_closed', 'The group is archived or completed');
  }
}

export const historyOf = (group: GroupRow) =>
  ({ entity: 'group', entityId: group.id, branchId: group.branchId }) as const;

/** What a write answers: the student's place as it is now, and the group's capacity. */
export async function changed(tx: Tx, companyId: number, groupId: number, studentId: number) {
  const data = await loadGroupStudent(tx, companyId, groupId, studentId);
  if (!data) throw new Error('group student vanished inside its transaction');
  return { data, capacity: await groupCapacity(tx, companyId, groupId) };
}
