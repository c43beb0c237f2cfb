import { type ExceptionBody, exceptionDatesProblem, groupTitle } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import { groupStudents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { findVisibleGroup } from './group-scope.js';
import { changed, findMembership, historyOf, placeOf } from './group-student-queries.js';
import { invalidField } from './service.js';

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
