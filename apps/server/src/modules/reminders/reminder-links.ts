import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { reminders } from '../../db/schema/index.js';

/**
 * Before a user, a group or a lead is deleted for good, the tasks that name it let go of it (their foreign
 * keys would refuse the deletion): a task about a deleted student stays, about nobody, and the history keeps
 * whom it concerned. A deleted assignee leaves his tasks unassigned. For the services that delete them
 * (users/lifecycle.ts deleteUsers, groups/service.ts deleteGroup, a lead's deletion).
 */
export async function releaseReminderLinks(
  tx: Tx,
  companyId: number,
  gone: { userIds?: readonly number[]; groupIds?: readonly number[]; leadIds?: readonly number[] },
): Promise<void> {
  const ofCompany = eq(reminders.companyId, companyId);
  const userIds = [...(gone.userIds ?? [])];
  if (userIds.length) {
    await tx
      .update(reminders)
      .set({ studentId: null })
      .where(and(ofCompany, inArray(reminders.studentId, userIds)));
    await tx
      .update(reminders)
      .set({ assignedTo: null })
      .where(and(ofCompany, inArray(reminders.assignedTo, userIds)));
  }
  if (gone.groupIds?.length)
    await tx
      .update(reminders)
      .set({ groupId: null })
      .where(and(ofCompany, inArray(reminders.groupId, [...gone.groupIds])));
  if (gone.leadIds?.length)
    await tx
      .update(reminders)
      .set({ leadId: null })
      .where(and(ofCompany, inArray(reminders.leadId, [...gone.leadIds])));
}
