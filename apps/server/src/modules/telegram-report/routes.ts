import { telegramReportRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { JOBS } from '../../platform/jobs/registry.js';
import { registerRoute } from '../../platform/route-table.js';
import { dispatchTelegramReports, sendCompanyReport } from './sending.js';
import { getTelegramReport, sendTestReport, updateTelegramReport } from './settings.js';

/** Issue 15: the daily Telegram report — its settings (spec §3 "telegram report id") and its two jobs. */
export default async function telegramReportModule(app: FastifyInstance) {
  registerRoute(app, telegramReportRoutes.settings, (req) =>
    req.tenant((tx, actor) => getTelegramReport(app, tx, actor)),
  );
  registerRoute(app, telegramReportRoutes.update, (req, { body }) =>
    req.tenant((tx, actor) => updateTelegramReport(app, tx, actor, body)),
  );
  registerRoute(app, telegramReportRoutes.sendTest, (req) => sendTestReport(app, (work) => req.tenant(work)));

  app.jobs.handle(JOBS.telegramDispatch, () => dispatchTelegramReports(app));
  app.jobs.handle(JOBS.telegramCompanyReport, ({ companyId, date }, job) =>
    sendCompanyReport(app, companyId, date, job),
  );
}
