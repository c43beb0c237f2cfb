import { canChangeStudentStatus, groupTitle, localDate, StudentStatus, type StudentStatusQuery } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { archiveReasons, groupStudents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { assertTariffAllowsActivation } from '../company/tariff.js';
import { findVisibleGroup } from './group-scope.js';
import { changed, findMembership, historyOf, placeOf } from './group-student-queries.js';
import { settleStudentMoney } from './money-hooks.js';
import { invalidField } from './service.js';

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
