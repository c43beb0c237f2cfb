import {
  canChangeStudentStatus,
  type ExceptionBody,
  exceptionDatesProblem,
  type GroupStudent,
  groupTitle,
  localDate,
  Role,
  RUNNING_GROUP_STATUSES,
  StudentStatus,
  type StudentStatusQuery,
  type TransferBody,
} from '@crm/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { archiveReasons, groupStudents, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { assertTariffAllowsActivation } from '../company/tariff.js';
import { findVisibleGroup, type GroupRow, isGroupStaff, isTeacherOnly } from './group-scope.js';
import { groupCapacity } from './group-view.js';
import { settleStudentMoney } from './money-hooks.js';
import { placeColumns, placeOut } from './place.js';
import { invalidField } from './service.js';

const rowColumns = {
  student: { id: users.id, name: users.name, phone: users.phone },
  groupId: groupStudents.groupId,
  ...placeColumns,
};

/** The row of one student in one group. */
const placeOf = (companyId: number, groupId: number, studentId: number) =>
  and(
    eq(groupStudents.companyId, companyId),
    eq(groupStudents.groupId, groupId),
    eq(groupStudents.studentId, studentId),
  );

const studentRows = (tx: Tx, companyId: number, groupId: number) =>
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

const toGroupStudent = (row: StudentRow): GroupStudent => ({
  student: row.student,
  group_id: row.groupId,
  ...placeOut(row),
});

async function loadGroupStudent(tx: Tx, companyId: number, groupId: number, studentId: number) {
  const [row] = await studentRows(tx, companyId, groupId).where(placeOf(companyId, groupId, studentId));
  return row ? toGroupStudent(row) : undefined;
}

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

/** The student's row in a group, locked; 404 student_not_in_group when there is none. */
async function findMembership(tx: Tx, companyId: number, groupId: number, studentId: number) {
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
async function findStudent(tx: Tx, companyId: number, studentId: number) {
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

/** Spec §8 "Student already in this group (check archived list)". */
async function assertNotInGroup(tx: Tx, companyId: number, groupId: number, studentId: number) {
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

function assertGroupOpen(group: GroupRow, field: string) {
  if (!(RUNNING_GROUP_STATUSES as readonly number[]).includes(group.status)) {
    throw invalidField(field, 'group_closed', 'The group is archived or completed');
  }
}

const historyOf = (group: GroupRow) => ({ entity: 'group', entityId: group.id, branchId: group.branchId }) as const;

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
  await tx.insert(groupStudents).values({
    companyId: actor.companyId,
    groupId,
    studentId,
    createdDate,
    status: StudentStatus.inactive,
  });
  await recordHistory(tx, actor, {
    ...historyOf(group),
    event: 'studentAddedToGroup',
    data: {
      group_title: groupTitle(group),
      student_id: studentId,
      student_name: student.name,
      created_date: createdDate,
    },
  });
  return changed(tx, actor.companyId, groupId, studentId);
}

async function changed(tx: Tx, companyId: number, groupId: number, studentId: number) {
  const data = await loadGroupStudent(tx, companyId, groupId, studentId);
  if (!data) throw new Error('group student vanished inside its transaction');
  return { data, capacity: await groupCapacity(tx, companyId, groupId) };
}

async function assertArchiveReason(tx: Tx, companyId: number, reasonId: number) {
  const [reason] = await tx
    .select({ id: archiveReasons.id })
    .from(archiveReasons)
    .where(and(eq(archiveReasons.companyId, companyId), eq(archiveReasons.id, reasonId)));
  if (!reason) throw invalidField('reason_id', 'not_found', 'No such archive reason');
}

/**
 * PUT /group/{group}/student/{student}/{status}: the actions of spec §4 — came or
 * did not come to trial, activate, freeze, archive with a reason, return to trial,
 * restore. A change the transition table does not allow is refused.
 */
export async function changeStudentStatus(
  tx: Tx,
  actor: Actor,
  groupId: number,
  studentId: number,
  to: number,
  query: StudentStatusQuery,
) {
  const group = await findVisibleGroup(tx, actor, groupId, true);
  const membership = await findMembership(tx, actor.companyId, groupId, studentId);
  const from = membership.status;
  if (!canChangeStudentStatus(from, to)) {
    throw new AppError(400, 'validation_failed', [
      {
        field: 'status',
        rule: 'invalid_transition',
        message: `A student with status ${from} cannot be given status ${to}`,
        from,
        to,
      },
    ]);
  }

  if (to === StudentStatus.active) await assertTariffAllowsActivation(tx, actor.companyId, studentId);
  const today = localDate();
  let archive: { leftDate: string | null; archiveReasonId: number | null; archiveComment: string | null } = {
    leftDate: null,
    archiveReasonId: null,
    archiveComment: null,
  };
  if (to === StudentStatus.archived) {
    // Spec §4 "remove from group (archive) with a reason": a reason from the list, or at least a comment.
    if (query.reason_id === undefined && !query.comment) {
      throw invalidField('reason_id', 'required', 'Give a reason or a comment for removing the student');
    }
    if (query.reason_id !== undefined) await assertArchiveReason(tx, actor.companyId, query.reason_id);
    archive = { leftDate: today, archiveReasonId: query.reason_id ?? null, archiveComment: query.comment || null };
  }

  await tx
    .update(groupStudents)
    .set({ status: to, ...archive, updatedAt: new Date() })
    .where(placeOf(actor.companyId, groupId, studentId));

  if (to === StudentStatus.active) {
    await settleStudentMoney(tx, actor, {
      kind: 'activation',
      groupId,
      studentId,
      recalculationInAllGroups: query.recalculation_in_all_groups ?? false,
    });
  } else if (to === StudentStatus.archived) {
    await settleStudentMoney(tx, actor, {
      kind: 'archive',
      groupId,
      studentId,
      returnTheMoney: query.return_the_money ?? false,
      leftDate: today,
    });
  }

  await recordHistory(tx, actor, {
    ...historyOf(group),
    event: 'studentStatusChanged',
    data: {
      group_title: groupTitle(group),
      student_id: studentId,
      student_name: membership.name,
      from,
      to,
      ...(to === StudentStatus.archived ? { reason_id: archive.archiveReasonId, comment: archive.archiveComment } : {}),
    },
  });
  return changed(tx, actor.companyId, groupId, studentId);
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

/** PUT group/{group_id}/user/{user_id}/exception: an individual price for a period of one year (spec §3, §5). */
export async function setIndividualPrice(
  tx: Tx,
  actor: Actor,
  groupId: number,
  studentId: number,
  body: ExceptionBody,
) {
  const problem = exceptionDatesProblem(body.exception_sum_start_date, body.exception_sum_end_date);
  if (problem === 'exception_dates_same_year') {
    throw new AppError(400, 'exception_dates_same_year', { field: 'exception_sum_end_date' });
  }
  if (problem) throw invalidField('exception_sum_end_date', problem, 'The end date is before the start date');
  const group = await findVisibleGroup(tx, actor, groupId, true);
  const membership = await findMembership(tx, actor.companyId, groupId, studentId);
  await writeIndividualPrice(tx, actor.companyId, groupId, studentId, {
    exceptionSum: body.exception_sum,
    exceptionSumReason: body.exception_sum_reason?.trim() || null,
    exceptionSumStartDate: body.exception_sum_start_date,
    exceptionSumEndDate: body.exception_sum_end_date,
  });
  await recordHistory(tx, actor, {
    ...historyOf(group),
    event: 'individualPriceSet',
    data: { group_title: groupTitle(group), student_id: studentId, student_name: membership.name, ...body },
  });
  return changed(tx, actor.companyId, groupId, studentId);
}

export async function removeIndividualPrice(tx: Tx, actor: Actor, groupId: number, studentId: number) {
  const group = await findVisibleGroup(tx, actor, groupId, true);
  const membership = await findMembership(tx, actor.companyId, groupId, studentId);
  await writeIndividualPrice(tx, actor.companyId, groupId, studentId, {
    exceptionSum: null,
    exceptionSumReason: null,
    exceptionSumStartDate: null,
    exceptionSumEndDate: null,
  });
  await recordHistory(tx, actor, {
    ...historyOf(group),
    event: 'individualPriceRemoved',
    data: { group_title: groupTitle(group), student_id: studentId, student_name: membership.name },
  });
  return changed(tx, actor.companyId, groupId, studentId);
}

function writeIndividualPrice(
  tx: Tx,
  companyId: number,
  groupId: number,
  studentId: number,
  price: Pick<
    typeof groupStudents.$inferInsert,
    'exceptionSum' | 'exceptionSumReason' | 'exceptionSumStartDate' | 'exceptionSumEndDate'
  >,
) {
  return tx
    .update(groupStudents)
    .set({ ...price, updatedAt: new Date() })
    .where(placeOf(companyId, groupId, studentId));
}
