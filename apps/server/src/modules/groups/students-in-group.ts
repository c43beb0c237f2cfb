import { type AddStudentsBody, groupTitle, localDate, Role, StudentStatus, type TransferBody } from '@crm/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupStudents, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { assertTariffAllowsActivation } from '../company/tariff.js';
import { findVisibleGroup, type GroupRow, isGroupStaff, isTeacherOnly } from './group-scope.js';
import {
  assertGroupOpen,
  assertNoneInGroup,
  assertNotInGroup,
  changed,
  findMembership,
  findStudent,
  findStudentsInReach,
  historyOf,
  loadGroupStudent,
  placeOf,
  studentRows,
  toGroupStudent,
} from './group-student-queries.js';
import { groupCapacity } from './group-view.js';
import { settleStudentMoney } from './money-hooks.js';
import { invalidField } from './service.js';

/**
 * GET /group/{id}/students: the students with their statuses and individual prices, the archived last.
 * A student whose user is archived is left out (and not counted in the capacity): his place
 * stays and comes back when the user is restored (the rule on activeUserOfPlace in group-view.ts).
 */
export async function listGroupStudents(tx: Tx, actor: Actor, groupId: number) {
  await findVisibleGroup(tx, actor, groupId);
  const query = studentRows(tx, actor.companyId, groupId);
  // A student (not staff, not the teacher) sees his own place only, not his classmates' phones.
  const ownOnly = !isGroupStaff(actor) && !isTeacherOnly(actor) && actor.roles.includes(Role.student);
  const place = ownOnly ? placeOf(actor.companyId, groupId, actor.id) : undefined;
  const rows = await query
    .where(
      and(
        eq(groupStudents.companyId, actor.companyId),
        eq(groupStudents.groupId, groupId),
        place,
        isNull(users.archivedAt),
      ),
    )
    .orderBy(sql`${groupStudents.status} = ${StudentStatus.archived}`, asc(users.name));
  return { data: rows.map(toGroupStudent), capacity: await groupCapacity(tx, actor.companyId, groupId) };
}

/** Students join the group as trial students (spec §4 status 1) on one date: a history event each. */
async function placeStudents(
  tx: Tx,
  actor: Actor,
  group: GroupRow,
  students: readonly { id: number; name: string }[],
  createdDate: string,
) {
  await tx.insert(groupStudents).values(
    students.map((student) => ({
      companyId: actor.companyId,
      groupId: group.id,
      studentId: student.id,
      createdDate,
      status: StudentStatus.inactive,
    })),
  );
  for (const student of students) {
    await recordHistory(tx, actor, {
      ...historyOf(group),
      event: 'studentAddedToGroup',
      data: {
        group_title: groupTitle(group),
        student_id: student.id,
        student_name: student.name,
        created_date: createdDate,
      },
    });
  }
}

/** POST /group/{group_id}/students/{student_id}: the student joins as a trial student (spec §4 status 1). */
export async function addStudentToGroup(
  tx: Tx,
  actor: Actor,
  groupId: number,
  studentId: number,
  createdDate = localDate(),
) {
  const group = await findVisibleGroup(tx, actor, groupId, true);
  assertGroupOpen(group, 'group_id');
  const student = await findStudent(tx, actor.companyId, studentId);
  await assertNotInGroup(tx, actor.companyId, groupId, studentId);
  await placeStudents(tx, actor, group, [student], createdDate);
  return changed(tx, actor.companyId, groupId, studentId);
}

/**
 * POST /group/{id}/students (spec §7): several students join at once, as POST
 * /group/{group_id}/students/{student_id} makes one join — all or nothing. Each must be a current
 * student the caller reaches (his branches); none may have a place in the group yet.
 */
export async function addStudentsToGroup(tx: Tx, actor: Actor, groupId: number, body: AddStudentsBody) {
  const group = await findVisibleGroup(tx, actor, groupId, true);
  assertGroupOpen(group, 'group_id');
  const ids = [...new Set(body.student_ids)];
  const students = await findStudentsInReach(tx, actor, ids);
  await assertNoneInGroup(tx, actor.companyId, groupId, ids);
  await placeStudents(tx, actor, group, students, body.created_date ?? localDate());
  const rows = await studentRows(tx, actor.companyId, groupId)
    .where(
      and(
        eq(groupStudents.companyId, actor.companyId),
        eq(groupStudents.groupId, groupId),
        inArray(groupStudents.studentId, ids),
      ),
    )
    .orderBy(asc(users.name));
  return { data: rows.map(toGroupStudent), capacity: await groupCapacity(tx, actor.companyId, groupId) };
}

/** DELETE /group/{group}/student/{student}: the student's place is deleted (spec §4 "delete"), not archived. */
export async function removeStudentFromGroup(tx: Tx, actor: Actor, groupId: number, studentId: number) {
  const group = await findVisibleGroup(tx, actor, groupId, true);
  const membership = await findMembership(tx, actor.companyId, groupId, studentId);
  await tx.delete(groupStudents).where(placeOf(actor.companyId, groupId, studentId));
  await recordHistory(tx, actor, {
    ...historyOf(group),
    event: 'studentRemovedFromGroup',
    data: {
      group_title: groupTitle(group),
      student_id: studentId,
      student_name: membership.name,
      status: membership.status,
    },
  });
  return { capacity: await groupCapacity(tx, actor.companyId, groupId) };
}

/**
 * POST /student/{student_id}/group/{old_group_id}/transfer/{group_id}: the student
 * leaves the old group (archived there on the transfer date) and joins the new one.
 */
export async function transferStudent(
  tx: Tx,
  actor: Actor,
  params: { student_id: number; old_group_id: number; group_id: number },
  body: TransferBody,
) {
  const { student_id: studentId, old_group_id: oldGroupId, group_id: newGroupId } = params;
  const oldGroup = await findVisibleGroup(tx, actor, oldGroupId, true);
  const newGroup = await findVisibleGroup(tx, actor, newGroupId, true);
  if (oldGroupId === newGroupId) throw invalidField('group_id', 'same_group', 'Choose another group');
  const membership = await findMembership(tx, actor.companyId, oldGroupId, studentId);
  if (membership.status === StudentStatus.archived) {
    throw invalidField('student_id', 'archived_in_group', 'The student has already left the old group');
  }
  assertGroupOpen(newGroup, 'group_id');
  await assertNotInGroup(tx, actor.companyId, newGroupId, studentId);

  const date = body.created_date ?? localDate();
  const status = body.student_status ?? membership.status;
  if (status === StudentStatus.active) await assertTariffAllowsActivation(tx, actor.companyId, studentId);
  await tx
    .update(groupStudents)
    .set({ status: StudentStatus.archived, leftDate: date, updatedAt: new Date() })
    .where(placeOf(actor.companyId, oldGroupId, studentId));
  await tx.insert(groupStudents).values({
    companyId: actor.companyId,
    groupId: newGroupId,
    studentId,
    createdDate: date,
    status,
  });
  await settleStudentMoney(tx, actor, {
    kind: 'transfer',
    studentId,
    fromGroupId: oldGroupId,
    toGroupId: newGroupId,
    returnTheMoney: body.return_the_money ?? false,
    date,
  });
  await recordHistory(tx, actor, {
    ...historyOf(newGroup),
    event: 'studentMoved',
    data: {
      student_id: studentId,
      student_name: membership.name,
      from_group_id: oldGroupId,
      from_group_title: groupTitle(oldGroup),
      to_group_id: newGroupId,
      to_group_title: groupTitle(newGroup),
      status,
      date,
      return_the_money: body.return_the_money ?? false,
    },
  });
  const from = await loadGroupStudent(tx, actor.companyId, oldGroupId, studentId);
  const to = await changed(tx, actor.companyId, newGroupId, studentId);
  if (!from) throw new Error('group student vanished inside its transaction');
  return { from, to: to.data, capacity: to.capacity };
}
