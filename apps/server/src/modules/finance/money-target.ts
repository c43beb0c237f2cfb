import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupStudents, groups } from '../../db/schema/index.js';
import { type Actor, assertBranch, canUseBranch } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { findTarget } from '../users/queries.js';

export interface MoneyTarget {
  studentId: number;
  studentName: string;
  /** As stored (no country prefix); a provider's page may show it to the payer. */
  studentPhone: string | null;
  groupId: number | null;
  /** The branch the money belongs to: the group's, else the student's main branch (or another of his the caller works in). */
  branchId: number;
}

const wrongBranch = () =>
  new AppError(400, 'validation_failed', [
    { field: 'branch_id', rule: 'branch', message: "not one of the student's branches (or not the group's)" },
  ]);

/**
 * The student (and group) money is booked for, as the caller may reach them, and the branch it
 * belongs to (`branchId`: a chosen cash desk). The student's row is locked, so the movements of one
 * student are booked one at a time.
 */
export async function moneyTarget(
  tx: Tx,
  actor: Actor,
  studentId: number,
  groupId?: number | null,
  branchId?: number | null,
) {
  const student = await findTarget(tx, actor, studentId, true);
  if (!student.types.includes('student')) throw new AppError(400, 'not_a_student', { field: 'student_id' });
  const targetIn = (group: number | null, branch: number): MoneyTarget => ({
    studentId,
    studentName: student.name,
    studentPhone: student.phone,
    groupId: group,
    branchId: branch,
  });
  if (groupId) {
    const [place] = await tx
      .select({ branchId: groups.branchId })
      .from(groupStudents)
      .innerJoin(groups, and(eq(groups.companyId, groupStudents.companyId), eq(groups.id, groupStudents.groupId)))
      .where(
        and(
          eq(groupStudents.companyId, actor.companyId),
          eq(groupStudents.groupId, groupId),
          eq(groupStudents.studentId, studentId),
        ),
      );
    if (!place) throw new AppError(422, 'student_not_in_group', { field: 'group_id' });
    if (branchId && branchId !== place.branchId) throw wrongBranch();
    assertBranch(actor, place.branchId);
    return targetIn(groupId, place.branchId);
  }
  const candidates = [student.mainBranchId, ...student.branchIds].filter((id): id is number => id !== null);
  if (branchId) {
    if (!candidates.includes(branchId)) throw wrongBranch();
    assertBranch(actor, branchId);
    return targetIn(null, branchId);
  }
  const usable = candidates.find((id) => canUseBranch(actor, id));
  if (usable === undefined) throw new AppError(403, 'branch_forbidden', { branch_id: candidates[0] ?? null });
  return targetIn(null, usable);
}
