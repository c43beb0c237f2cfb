import { type AutoSmsRule, isAutoSmsRule, smsRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { idempotentRequest } from '../../platform/idempotency.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { registerRoute } from '../../platform/route-table.js';
import { listRules, updateRule } from './auto-rule-settings.js';
import { dispatchAutoSms, previewRule, queueDelivery, runAutoSmsDay, runAutoSmsEvent } from './auto-run.js';
import { receiveDeliveryReport } from './callback.js';
import { deliverMessages } from './delivery.js';
import { smsLog, userSmsHistory } from './log.js';
import { previewSms, sendSms } from './sending.js';
import { getSmsSettings, updateSmsSettings } from './settings.js';
import { sweepSms } from './sweep.js';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.js';

const ruleNamed = (name: string): AutoSmsRule => {
  if (!isAutoSmsRule(name)) throw new AppError(404, 'not_found');
  return name;
};

/** Issue 15 SMS: the log, writing, templates, automatic rules, the account, the operator's reports, and the jobs. */
export default async function smsModule(app: FastifyInstance) {
  const logOnly = () => app.messaging.sms.provider === 'log';
  registerRoute(app, smsRoutes.log, (req, { query }) =>
    req.tenant((tx, actor) => smsLog(tx, actor, query, app.clock(), logOnly())),
  );
  registerRoute(app, smsRoutes.userHistory, (req, { params, query }) =>
    req.tenant((tx, actor) => userSmsHistory(tx, actor, params.id, query)),
  );
  registerRoute(app, smsRoutes.preview, (req, { body }) =>
    req.tenant((tx, actor) => previewSms(tx, actor, body, app.clock())),
  );
  registerRoute(app, smsRoutes.send, async (req, { body }) => {
    const sent = await req.tenant((tx, actor) =>
      idempotentRequest(req, tx, actor.companyId, async () => ({
        companyId: actor.companyId,
        ...(await sendSms(app, tx, actor, body, app.clock())),
      })),
    );
    // After the commit: the delivery job reads the stored messages (a repeated request queues nothing new).
    await queueDelivery(app, sent.companyId, sent.ids);
    return sent.answer;
  });
  registerRoute(app, smsRoutes.templates, (req) => req.tenant((tx, actor) => listTemplates(tx, actor)));
  registerRoute(app, smsRoutes.createTemplate, (req, { body }) =>
    req.tenant((tx, actor) => createTemplate(tx, actor, body)),
  );
  registerRoute(app, smsRoutes.updateTemplate, (req, { params, body }) =>
    req.tenant((tx, actor) => updateTemplate(tx, actor, params.id, body)),
  );
  registerRoute(app, smsRoutes.deleteTemplate, (req, { params }) =>
    req.tenant((tx, actor) => deleteTemplate(tx, actor, params.id)),
  );
  registerRoute(app, smsRoutes.autoRules, (req) => req.tenant((tx, actor) => listRules(tx, actor)));
  registerRoute(app, smsRoutes.updateAutoRule, (req, { params, body }) =>
    req.tenant((tx, actor) => updateRule(tx, actor, ruleNamed(params.rule), body)),
  );
  registerRoute(app, smsRoutes.previewAutoRule, (req, { params }) =>
    req.tenant((tx, actor) => previewRule(tx, actor.companyId, ruleNamed(params.rule), app.clock())),
  );
  registerRoute(app, smsRoutes.settings, (req) =>
    req.tenant((tx, actor) => getSmsSettings(tx, actor, app.clock(), logOnly())),
  );
  registerRoute(app, smsRoutes.updateSettings, (req, { body }) =>
    req.tenant((tx, actor) => updateSmsSettings(tx, actor, body, app.clock(), logOnly())),
  );
  registerRoute(app, smsRoutes.deliveryCallback, async (req, { params }) => {
    await receiveDeliveryReport(app, params.company_id, params.secret, req.body);
    return { ok: true as const };
  });

  app.jobs.handle(JOBS.smsDeliver, ({ companyId, messageIds }, job) =>
    deliverMessages(app, companyId, messageIds, job),
  );
  app.jobs.handle(JOBS.smsSweep, () => sweepSms(app));
  app.jobs.handle(JOBS.autoSmsDispatch, () => dispatchAutoSms(app));
  app.jobs.handle(JOBS.autoSmsCompanyDay, ({ companyId, date }) => runAutoSmsDay(app, companyId, date));
  app.jobs.handle(JOBS.autoSmsEvent, (payload) => runAutoSmsEvent(app, payload));
}
