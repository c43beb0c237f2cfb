import { reminderRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { JOBS } from '../../platform/jobs/registry.js';
import { registerRoute } from '../../platform/route-table.js';
import { listTaskOptions } from './reminder-refs.js';
import {
  changeReminderStatus,
  countReminders,
  createReminder,
  deleteReminder,
  listReminders,
  markNotified,
  updateReminder,
} from './reminders.js';
import { sendDueTaskNotices } from './telegram-notices.js';

/** Spec §7 "Reminders": tasks with their buckets, status, the header's counts and the form's pickers. */
export default async function remindersModule(app: FastifyInstance) {
  app.jobs.handle(JOBS.reminderTelegram, () => sendDueTaskNotices(app));
  registerRoute(app, reminderRoutes.createReminder, (req, { query, body }) =>
    req.tenant((tx, actor) => createReminder(tx, actor, query.branch_id, body, app.clock())),
  );
  registerRoute(app, reminderRoutes.listReminders, (req, { query, body }) =>
    req.tenant((tx, actor) => listReminders(tx, actor, query.branch_id, body, app.clock())),
  );
  registerRoute(app, reminderRoutes.updateReminder, (req, { params, body }) =>
    req.tenant((tx, actor) => updateReminder(tx, actor, params.id, body, app.clock())),
  );
  registerRoute(app, reminderRoutes.deleteReminder, async (req, { params }) => {
    await req.tenant((tx, actor) => deleteReminder(tx, actor, params.id, app.clock()));
    return { ok: true as const };
  });
  registerRoute(app, reminderRoutes.changeReminderStatus, (req, { params, body }) =>
    req.tenant((tx, actor) => changeReminderStatus(tx, actor, params.id, body, app.clock())),
  );
  registerRoute(app, reminderRoutes.reminderCounts, (req) =>
    req.tenant((tx, actor) => countReminders(tx, actor, app.clock())),
  );
  registerRoute(app, reminderRoutes.markRemindersNotified, async (req, { body }) => {
    await req.tenant((tx, actor) => markNotified(tx, actor, body.ids, app.clock()));
    return { ok: true as const };
  });
  registerRoute(app, reminderRoutes.reminderOptions, (req, { query }) =>
    req.tenant(async (tx, actor) => ({
      data: await listTaskOptions(tx, actor, query.kind, query.search, query.branch_id),
    })),
  );
}
