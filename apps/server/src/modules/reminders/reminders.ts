import {
  canAccess,
  type Reminder,
  type ReminderListFilters,
  ReminderStatus,
  type ReminderStatusId,
  type ReminderValues,
} from '@crm/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { reminders, reminderTags } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { type HistoryRecord, recordHistory } from '../../platform/history.js';
import { countOwnTasks, findTask, listTasks } from './reminder-queries.js';
import { checkTaskRefs, type TaskRefs } from './reminder-refs.js';
import { dueMoment, taskClock, visibleTasks } from './reminder-scope.js';

const ofCompany = (actor: Actor, id: number) => and(eq(reminders.companyId, actor.companyId), eq(reminders.id, id));

/** What a task's history event keeps: its title, moment, assignee and what it concerns, by the names then. */
const described = (task: Reminder) => ({
  title: task.title,
  date: task.date,
  time: task.time,
  assigned_to: task.assigned_to?.id ?? null,
  assignee_name: task.assigned_to?.name ?? null,
  ...(task.student ? { student_id: task.student.id, student_name: task.student.name } : {}),
  ...(task.lead ? { lead_id: task.lead.id, lead_name: task.lead.name } : {}),
  ...(task.group ? { group_id: task.group.id, group_title: task.group.name } : {}),
  tag_ids: task.tags.map((tag) => tag.id),
});

const historyOf = (
  task: Reminder,
  event: HistoryRecord['event'],
  data: Record<string, unknown> = {},
): HistoryRecord => ({
  event,
  entity: 'reminder',
  entityId: task.id,
  branchId: task.branch_id,
  data: { ...described(task), ...data },
});

const refsOf = (input: ReminderValues, assignee: number): TaskRefs => ({
  assigned_to: assignee,
  tag_ids: input.tag_ids,
  student_id: input.student_id,
  lead_id: input.lead_id,
  group_id: input.group_id,
});

const replaceTags = async (tx: Tx, actor: Actor, id: number, tagIds: number[]) => {
  await tx
    .delete(reminderTags)
    .where(and(eq(reminderTags.companyId, actor.companyId), eq(reminderTags.reminderId, id)));
  if (tagIds.length)
    await tx
      .insert(reminderTags)
      .values(tagIds.map((tagId) => ({ companyId: actor.companyId, reminderId: id, tagId })));
};

/** POST /reminder: a task of the branch; without an assignee the author's own. */
export async function createReminder(
  tx: Tx,
  actor: Actor,
  branchId: number,
  input: ReminderValues,
  now: Date,
): Promise<Reminder> {
  assertBranch(actor, branchId);
  const assignee = input.assigned_to ?? actor.id;
  await checkTaskRefs(tx, actor, branchId, refsOf(input, assignee));
  const clock = await taskClock(tx, actor.companyId, now);
  const [row] = await tx
    .insert(reminders)
    .values({
      companyId: actor.companyId,
      branchId,
      title: input.title,
      description: input.description,
      dueAt: dueMoment(input.date, input.time ?? clock.startOfWorkingDay, clock.timeZone),
      assignedTo: assignee,
      createdBy: actor.id,
      studentId: input.student_id,
      leadId: input.lead_id,
      groupId: input.group_id,
    })
    .returning({ id: reminders.id });
  if (!row) throw new Error('reminder insert returned no row');
  await replaceTags(tx, actor, row.id, input.tag_ids);
  const task = await findTask(tx, actor, row.id, clock);
  await recordHistory(tx, actor, historyOf(task, 'reminderCreated'));
  return task;
}

/** A task the caller sees, locked for the change, with its branch (404: not his to see). */
async function lockTask(tx: Tx, actor: Actor, id: number, now: Date) {
  const [row] = await tx
    .select({ id: reminders.id })
    .from(reminders)
    .where(and(...visibleTasks(actor), eq(reminders.id, id)))
    .for('update');
  if (!row) throw notFound();
  const clock = await taskClock(tx, actor.companyId, now);
  return { task: await findTask(tx, actor, id, clock), clock };
}

/** PUT /reminder/{id}: its author (or staff) replaces everything the form holds; the status stays. */
export async function updateReminder(
  tx: Tx,
  actor: Actor,
  id: number,
  input: ReminderValues,
  now: Date,
): Promise<Reminder> {
  const { task: before, clock } = await lockTask(tx, actor, id, now);
  if (!before.policies.can_edit) throw forbidden();
  const assignee = input.assigned_to ?? before.assigned_to?.id ?? actor.id;
  const beforeRefs: TaskRefs = {
    assigned_to: before.assigned_to?.id ?? actor.id,
    tag_ids: before.tags.map((tag) => tag.id),
    student_id: before.student?.id ?? null,
    lead_id: before.lead?.id ?? null,
    group_id: before.group?.id ?? null,
  };
  // A task without a branch (none is written so) is checked against the caller's own.
  const branchId = before.branch_id ?? actor.branchIds[0] ?? -1;
  await checkTaskRefs(tx, actor, branchId, refsOf(input, assignee), beforeRefs);
  // Without a time the task keeps its own (a PUT that moves only the day).
  const time = input.time ?? before.time;
  const moved = input.date !== before.date || time !== before.time;
  await tx
    .update(reminders)
    .set({
      title: input.title,
      description: input.description,
      dueAt: dueMoment(input.date, time, clock.timeZone),
      assignedTo: assignee,
      studentId: input.student_id,
      leadId: input.lead_id,
      groupId: input.group_id,
      // A new moment (or a new assignee) is told of again when it comes.
      ...(moved || assignee !== beforeRefs.assigned_to ? { notifiedAt: null, telegramSentAt: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(ofCompany(actor, id));
  await replaceTags(tx, actor, id, input.tag_ids);
  const after = await findTask(tx, actor, id, clock);
  await recordHistory(
    tx,
    actor,
    historyOf(after, 'reminderEdited', { before: described(before), after: described(after) }),
  );
  return after;
}

/** DELETE /reminder/{id}: the task and its tags go; the history keeps what it was. */
export async function deleteReminder(tx: Tx, actor: Actor, id: number, now: Date): Promise<void> {
  const { task } = await lockTask(tx, actor, id, now);
  if (!task.policies.can_delete) throw forbidden();
  await tx.delete(reminders).where(ofCompany(actor, id));
  await recordHistory(tx, actor, historyOf(task, 'reminderDeleted', { status: task.status }));
}

/**
 * POST /reminder/{id}/status (spec §4): done with a result comment, or active again (the comment goes; the
 * history keeps it). Asking for the status it already has changes nothing and writes no event.
 */
export async function changeReminderStatus(
  tx: Tx,
  actor: Actor,
  id: number,
  input: { status: ReminderStatusId; comment: string | null },
  now: Date,
): Promise<Reminder> {
  const { task: before, clock } = await lockTask(tx, actor, id, now);
  if (!before.policies.can_change_status) throw forbidden();
  const comment = input.status === ReminderStatus.done ? input.comment : null;
  if (before.status === input.status && before.result_comment === comment) return before;
  await tx
    .update(reminders)
    .set({ status: input.status, resultComment: comment, updatedAt: sql`now()` })
    .where(ofCompany(actor, id));
  const after = await findTask(tx, actor, id, clock);
  await recordHistory(
    tx,
    actor,
    historyOf(after, 'reminderStatusChanged', {
      status: input.status,
      comment: input.status === ReminderStatus.done ? comment : before.result_comment,
    }),
  );
  return after;
}

export async function listReminders(
  tx: Tx,
  actor: Actor,
  branchId: number | undefined,
  filters: ReminderListFilters,
  now: Date,
) {
  return listTasks(tx, actor, branchId, filters, await taskClock(tx, actor.companyId, now));
}

/** GET /reminder/counts; a user whose roles have no reminders is told so once, not refused every minute. */
export async function countReminders(tx: Tx, actor: Actor, now: Date) {
  if (!canAccess('reminders', actor.roles)) {
    return { available: false, today: 0, overdue: 0, due_now: [] };
  }
  return countOwnTasks(tx, actor, await taskClock(tx, actor.companyId, now));
}

/**
 * POST /reminder/notified: the app told the caller of these due tasks. Only his own, once. Bookkeeping of
 * the notice, not a change of the task: no history event (one per task per notice would bury the log).
 */
export async function markNotified(tx: Tx, actor: Actor, ids: number[], now: Date): Promise<void> {
  await tx
    .update(reminders)
    .set({ notifiedAt: now })
    .where(
      and(
        ...visibleTasks(actor),
        eq(reminders.assignedTo, actor.id),
        inArray(reminders.id, ids),
        isNull(reminders.notifiedAt),
      ),
    );
}
