import { defineRoute } from './api-routes.js';
import { okSchema } from './auth.js';
import { idParamsSchema } from './common.js';
import {
  reminderBranchQuerySchema,
  reminderCountsSchema,
  reminderInputSchema,
  reminderListInputSchema,
  reminderListQuerySchema,
  reminderListSchema,
  reminderNotifiedInputSchema,
  reminderOptionsQuerySchema,
  reminderOptionsSchema,
  reminderSchema,
  reminderStatusInputSchema,
} from './reminders.js';

export * from './reminders.js';

const tags = ['reminders'];

/**
 * Spec §7 "Reminders": POST reminder, POST reminder/index, PUT/DELETE reminder/{id}, POST reminder/{id}/status,
 * and the helpers the spec leaves unnamed (the header's counts, the form's pickers). Access (spec §6): the
 * reminders area — the administrators, the branch director and the teacher (his own tasks only).
 */
export const reminderRoutes = {
  createReminder: defineRoute({
    method: 'POST',
    path: '/reminder',
    operationId: 'createReminder',
    summary: 'Creates a task in a branch (title and date required); a teacher only for himself.',
    tags,
    access: 'reminders',
    query: reminderBranchQuerySchema,
    body: reminderInputSchema,
    response: reminderSchema,
  }),
  listReminders: defineRoute({
    method: 'POST',
    path: '/reminder/index',
    operationId: 'listReminders',
    summary: 'Tasks in four buckets (done, overdue, today, future by the company’s day), 100 a page each.',
    tags,
    access: 'reminders',
    query: reminderListQuerySchema,
    body: reminderListInputSchema,
    response: reminderListSchema,
  }),
  updateReminder: defineRoute({
    method: 'PUT',
    path: '/reminder/:id',
    operationId: 'updateReminder',
    summary: 'Replaces a task’s title, description, moment, assignee, tags and what it concerns.',
    tags,
    access: 'reminders',
    params: idParamsSchema,
    query: undefined,
    body: reminderInputSchema,
    response: reminderSchema,
  }),
  deleteReminder: defineRoute({
    method: 'DELETE',
    path: '/reminder/:id',
    operationId: 'deleteReminder',
    summary: 'Deletes a task.',
    tags,
    access: 'reminders',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: okSchema,
  }),
  changeReminderStatus: defineRoute({
    method: 'POST',
    path: '/reminder/:id/status',
    operationId: 'changeReminderStatus',
    summary: 'Marks a task done with a result comment, or active again.',
    tags,
    access: 'reminders',
    params: idParamsSchema,
    query: undefined,
    body: reminderStatusInputSchema,
    response: reminderSchema,
  }),
  reminderCounts: defineRoute({
    method: 'GET',
    path: '/reminder/counts',
    operationId: 'countMyReminders',
    summary: 'The caller’s own active tasks of today and overdue (the header’s badge), and those just due.',
    tags,
    // Every signed-in user's header asks; one without the reminders area is answered `available: false`.
    access: 'signedIn',
    query: undefined,
    body: undefined,
    response: reminderCountsSchema,
  }),
  markRemindersNotified: defineRoute({
    method: 'POST',
    path: '/reminder/notified',
    operationId: 'markRemindersNotified',
    summary: 'Records that the app told the caller of his due tasks, so it tells him once.',
    tags,
    access: 'reminders',
    query: undefined,
    body: reminderNotifiedInputSchema,
    response: okSchema,
  }),
  reminderOptions: defineRoute({
    method: 'GET',
    path: '/reminder/options',
    operationId: 'listReminderOptions',
    summary: 'Whom a task may be given to, and the students, leads and groups it may concern (by name).',
    tags,
    access: 'reminders',
    query: reminderOptionsQuerySchema,
    body: undefined,
    response: reminderOptionsSchema,
  }),
};
