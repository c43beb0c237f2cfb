import { localDate, type RefundPreview, type RefundPreviewQuery, StudentStatus } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import { groupStudents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { studentBalance } from '../finance/balances.js';
import { findVisibleGroup } from './group-scope.js';
import { placeOf } from './group-student-queries.js';
import { settleStudentMoney } from './money-hooks.js';
import { invalidField } from './service.js';

/** Carries a preview's answer out of the savepoint it rolls back. */
class Undone<T> extends Error {
  constructor(readonly answer: T) {
    super('preview undone');
  }
}

/**
 * Runs `work` in a savepoint of the request's transaction and rolls it back: what it would do, with none
 * of it kept — no ledger row, no status change (PostgreSQL also lets go of the row locks taken after it).
 */
async function undone<T>(tx: Tx, work: (sp: Tx) => Promise<T>): Promise<T> {
  try {
    await tx.transaction(async (sp) => {
      throw new Undone(await work(sp));
    });
  } catch (err) {
    if (err instanceof Undone) return err.answer as T;
    throw err;
  }
  throw new Error('a preview savepoint was committed');
}

/** The student's whole balance and his balance in the group (finance: sums of his ledger). */
async function balancesOf(tx: Tx, actor: Actor, studentId: number, groupId: number) {
  const balance = await studentBalance(tx, actor, studentId);
  return { total: balance.balance, group: balance.groups.find((g) => g.group.id === groupId)?.balance ?? 0 };
}

/**
 * GET /RefundTheStudentForTheGroupController (spec §7): what a student would get back if he left the group
 * on `date` with return_the_money (the archive of PUT /group/{group}/student/{student}/6 and the transfer's
 * option). The very settlement of a departure (money-hooks → billing) runs in a savepoint that is rolled
 * back, so the figure is the one the action would book — the same engine, mode, lessons and individual
 * price — and nothing is booked. Students area, branch-scoped like the action.
 */
export async function refundPreview(tx: Tx, actor: Actor, query: RefundPreviewQuery): Promise<RefundPreview> {
  const { student_id: studentId, group_id: groupId } = query;
  await findVisibleGroup(tx, actor, groupId);
  const [place] = await tx
    .select({ status: groupStudents.status, createdDate: groupStudents.createdDate })
    .from(groupStudents)
    .where(placeOf(actor.companyId, groupId, studentId));
  if (!place) throw new AppError(404, 'student_not_in_group');
  if (place.status === StudentStatus.archived) {
    throw invalidField('student_id', 'archived_in_group', 'The student has already left the group');
  }
  const date = query.date ?? localDate();
  if (date < place.createdDate) {
    throw invalidField('date', 'before_joining', 'The student joined the group after this date');
  }

  const before = await balancesOf(tx, actor, studentId, groupId);
  const { summary, after } = await undone(tx, async (sp) => {
    await sp
      .update(groupStudents)
      .set({ status: StudentStatus.archived, leftDate: date, updatedAt: new Date() })
      .where(placeOf(actor.companyId, groupId, studentId));
    const summary = await settleStudentMoney(sp, actor, {
      kind: 'archive',
      groupId,
      studentId,
      returnTheMoney: true,
      leftDate: date,
    });
    return { summary, after: await balancesOf(sp, actor, studentId, groupId) };
  });
  return {
    student_id: studentId,
    group_id: groupId,
    date,
    returned: after.total - before.total,
    reversed: summary.reversed.amount,
    charged: summary.booked.amount,
    group_balance: before.group,
    group_balance_after: after.group,
    balance: before.total,
    balance_after: after.total,
  };
}
