import { Role } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { assertTeachesStudent, isTeacherOnly } from '../groups/group-scope.js';
import { findTarget } from '../users/queries.js';

export interface ReachedStudent {
  id: number;
  name: string;
  mainBranchId: number | null;
}

const isOnlyStudent = (actor: Actor) => actor.roles.every((role) => role === Role.student);

/**
 * A student whose coins the caller may read: himself; for a teacher, a student he teaches or taught; for the
 * other staff, a student of their branches. Anyone else is absent (404), as elsewhere.
 */
export async function reachStudent(tx: Tx, actor: Actor, studentId: number, lock = false): Promise<ReachedStudent> {
  if (actor.id === studentId && actor.roles.includes(Role.student)) {
    return { id: actor.id, name: actor.name, mainBranchId: actor.branchIds[0] ?? null };
  }
  if (isOnlyStudent(actor)) throw notFound();
  if (isTeacherOnly(actor)) {
    await assertTeachesStudent(tx, actor, studentId);
    const [row] = await tx
      .select({ id: users.id, name: users.name, mainBranchId: users.mainBranchId })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, studentId)));
    if (!row) throw notFound();
    return row;
  }
  const target = await findTarget(tx, actor, studentId, lock);
  if (!target.types.includes('student')) throw new AppError(422, 'not_a_student');
  return { id: target.id, name: target.name, mainBranchId: target.mainBranchId };
}
