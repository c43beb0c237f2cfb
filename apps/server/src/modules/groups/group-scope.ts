import { Role, STAFF_ROLES, StudentStatus } from '@crm/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';
import { forbidden, notFound } from '../../platform/errors.js';

/** Staff (spec §6: owner, CEO, branch director, the admins) manage every group of their branches. */
export const isGroupStaff = (actor: Actor): boolean => actor.roles.some((r) => STAFF_ROLES.includes(r));

/** Cashiers act on students of any group of their branches (spec §6 students area). */
const seesBranchGroups = (actor: Actor): boolean => isGroupStaff(actor) || actor.roles.includes(Role.cashier);

/** Spec §6: "a teacher sees only his own groups" (and, in the timetable, without links). */
export const isTeacherOnly = (actor: Actor): boolean => !seesBranchGroups(actor) && actor.roles.includes(Role.teacher);

/**
 * The groups a caller may see: his company and branches; a teacher only the groups
 * he teaches, a student only the groups he studies in.
 */
export function groupScope(actor: Actor, branchId?: number): SQL[] {
  const filters: SQL[] = [eq(groups.companyId, actor.companyId)];
  if (branchId !== undefined) {
    assertBranch(actor, branchId);
    filters.push(eq(groups.branchId, branchId));
  } else {
    const scope = branchFilterOf(actor);
    if (scope) filters.push(inArray(groups.branchId, scope.length ? scope : [-1]));
  }
  if (seesBranchGroups(actor)) return filters;
  if (actor.roles.includes(Role.teacher)) {
    filters.push(eq(groups.teacherId, actor.id));
  } else if (actor.roles.includes(Role.student)) {
    filters.push(
      sql`exists (select 1 from group_students gs where gs.company_id = ${groups.companyId}
        and gs.group_id = ${groups.id} and gs.student_id = ${actor.id} and gs.status <> ${StudentStatus.archived})`,
    );
  } else {
    filters.push(sql`false`);
  }
  return filters;
}

export interface GroupRow {
  id: number;
  branchId: number;
  courseId: number;
  teacherId: number;
  roomId: number | null;
  name: string | null;
  code: string;
  orderNumber: number;
  dayType: string;
  days: number[];
  startTime: string;
  endTime: string;
  startDate: string;
  endDate: string | null;
  status: number;
}

/** The group's own columns, as GroupRow names them. */
export const groupRowColumns = {
  id: groups.id,
  branchId: groups.branchId,
  courseId: groups.courseId,
  teacherId: groups.teacherId,
  roomId: groups.roomId,
  name: groups.name,
  code: groups.code,
  orderNumber: groups.orderNumber,
  dayType: groups.dayType,
  days: groups.days,
  startTime: groups.startTime,
  endTime: groups.endTime,
  startDate: groups.startDate,
  endDate: groups.endDate,
  status: groups.status,
};

/**
 * A group the caller may see, locked for a change when `lock` is set. Another
 * company's group, one of a branch he does not work in and, for a teacher, one he
 * does not teach all look the same: absent (404).
 */
export async function findVisibleGroup(tx: Tx, actor: Actor, id: number, lock = false): Promise<GroupRow> {
  const query = tx
    .select(groupRowColumns)
    .from(groups)
    .where(and(...groupScope(actor), eq(groups.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return { ...row, startTime: row.startTime.slice(0, 5), endTime: row.endTime.slice(0, 5) };
}

/**
 * A teacher reading about a student (his grades, his comments) must teach him in some group, now or once;
 * otherwise the student is absent (404) to him.
 */
export async function assertTeachesStudent(tx: Tx, actor: Actor, studentId: number): Promise<void> {
  const [row] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        ...groupScope(actor),
        sql`exists (select 1 from group_students gs where gs.company_id = ${groups.companyId}
          and gs.group_id = ${groups.id} and gs.student_id = ${studentId})`,
      ),
    )
    .limit(1);
  if (!row) throw notFound();
}

/**
 * A group's learner, as its lessons and exams see him: neither staff of its branches nor its teacher (its
 * students, who see lessons as they open and only their own answers and results).
 */
export const isGroupLearner = (actor: Actor, group: Pick<GroupRow, 'teacherId'>): boolean =>
  !isGroupStaff(actor) && group.teacherId !== actor.id;

/** Creating, editing and archiving groups is staff work; a teacher reads his groups only. */
export function assertGroupEditor(actor: Actor): void {
  if (!isGroupStaff(actor)) throw forbidden();
}
