import { type Lead, Role } from '@crm/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leads, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { findVisibleGroup } from '../groups/group-scope.js';
import { addStudentToGroup } from '../groups/students-in-group.js';
import { createUser, invalidField } from '../users/service.js';
import { recordLeadGone } from './board-moves.js';
import { assertOnBoard, type LeadRow, lockLead } from './lead-lock.js';
import { leadById } from './lead-view.js';

/** The group the lead joins: a group of the lead's own branch (else a 400 on group_id). */
async function groupOfBranch(tx: Tx, actor: Actor, groupId: number, branchId: number) {
  const group = await findVisibleGroup(tx, actor, groupId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  if (!group) throw invalidField('group_id', 'not_found', 'group_id: no such group');
  if (group.branchId !== branchId) {
    throw invalidField('group_id', 'other_branch', "group_id: the group is not of the lead's branch");
  }
  return group;
}

/**
 * The student the lead is: a current student of the company with the same phone (one person calls
 * again for a second course), else a new one made as POST /user makes it. A phone that only an
 * archived student has is refused as POST /user refuses it (409 student_phone_exists_archived):
 * that student is restored rather than made twice.
 */
async function studentOf(tx: Tx, actor: Actor, lead: LeadRow): Promise<{ id: number; created: boolean }> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, actor.companyId),
        eq(users.phone, lead.phone),
        isNull(users.archivedAt),
        sql`${Role.student} = any(${users.roles})`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  const student = await createUser(
    tx,
    actor,
    { user_type: 'student', name: lead.name, phone: lead.phone, comment: lead.comment, branches: [lead.branchId] },
    undefined,
  );
  return { id: student.id, created: true };
}

/**
 * Converting is a leads call (spec §7 "Leads" lists POST /group/lead/{id}; §4 "a set can become a group";
 * §6 leads: the marketer and the admin set), decided in docs/decisions/0015. The students and groups
 * services it reuses ask for the students area and a group the caller may list, which a marketer and a
 * limited admin lack; for this one lead they act with an administrator's reach. The caller stays who he
 * is (history names him) in his own branches, and what can be made is fixed by the lead and checked
 * here: a student of the lead's own name, phone and branch, on trial in a group of that branch. The
 * general student and group routes stay closed to a marketer.
 */
const withConversionReach = (actor: Actor): Actor => ({ ...actor, roles: [...actor.roles, Role.admin] });

/**
 * POST /group/lead/{id} (spec §4 "a set can become a group"): the lead becomes a student — found by
 * phone or made — who joins the group as a trial student (spec §4 status 1), through the same
 * services as POST /user and POST /group/{id}/students/{id}, with their history events. The card
 * leaves the board (a 'delete' record).
 */
export async function convertLead(
  tx: Tx,
  actor: Actor,
  id: number,
  groupId: number,
  clientId: string | null = null,
): Promise<Lead> {
  const lead = await lockLead(tx, actor, { id });
  assertOnBoard(lead);
  const agent = withConversionReach(actor);
  await groupOfBranch(tx, agent, groupId, lead.branchId);
  const student = await studentOf(tx, agent, lead);
  await addStudentToGroup(tx, agent, groupId, student.id);
  await tx
    .update(leads)
    .set({ studentId: student.id, convertedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(leads.companyId, actor.companyId), eq(leads.id, lead.id)));
  await recordHistory(tx, actor, {
    event: 'leadConverted',
    entity: 'lead',
    entityId: lead.id,
    branchId: lead.branchId,
    data: { name: lead.name, student_id: student.id, new_student: student.created, group_id: groupId },
  });
  await recordLeadGone(tx, actor, lead, clientId, { student_id: student.id, group_id: groupId });
  return leadById(tx, actor.companyId, lead.id);
}
