import {
  ACCESS,
  ALWAYS_ALLOWED,
  groupTitle,
  type LeadGroupOption,
  type RoleId,
  RUNNING_GROUP_STATUSES,
} from '@crm/contracts';
import { and, arrayOverlaps, asc, eq, exists, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courses, groups, userBranches, users } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';

/**
 * The board's pickers. The general lists they stand in for are closed to a marketer (spec §6: the staff
 * list is the owner's and CEO's, the group list the admin set's), yet a marketer works the board: these
 * answer only what a lead can point at, of one branch the caller works in, with names and nothing more.
 */

/** Spec §6 leads: the roles that work with leads, the same rule as a lead's responsible (assertLeadAdmin). */
const LEAD_ROLES: RoleId[] = [...ALWAYS_ALLOWED, ...ACCESS.leads];

/** GET /leads/staff: the branch's current users who work with leads; owner and CEO work in every branch. */
export async function listLeadStaff(tx: Tx, actor: Actor, branchId: number): Promise<{ id: number; name: string }[]> {
  assertBranch(actor, branchId);
  const ofBranch = tx
    .select({ userId: userBranches.userId })
    .from(userBranches)
    .where(
      and(
        eq(userBranches.companyId, users.companyId),
        eq(userBranches.userId, users.id),
        eq(userBranches.branchId, branchId),
      ),
    );
  return tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.companyId, actor.companyId),
        isNull(users.archivedAt),
        arrayOverlaps(users.roles, LEAD_ROLES),
        or(exists(ofBranch), arrayOverlaps(users.roles, [...ALWAYS_ALLOWED])),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** GET /leads/groups: the branch's running groups (spec §4: a lead joins one on trial), by title. */
export async function listLeadGroups(tx: Tx, actor: Actor, branchId: number): Promise<LeadGroupOption[]> {
  assertBranch(actor, branchId);
  const rows = await tx
    .select({ id: groups.id, name: groups.name, code: groups.code, course: courses.name, teacher: users.name })
    .from(groups)
    .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
    .innerJoin(users, and(eq(users.companyId, groups.companyId), eq(users.id, groups.teacherId)))
    .where(
      and(
        eq(groups.companyId, actor.companyId),
        eq(groups.branchId, branchId),
        inArray(groups.status, [...RUNNING_GROUP_STATUSES]),
      ),
    );
  return rows
    .map((row) => ({ id: row.id, title: groupTitle(row), course: row.course, teacher: row.teacher }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
}
