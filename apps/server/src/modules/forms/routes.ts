import { formRoutes, PUBLIC_PAGE_READS_PER_MINUTE } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { spendOrRefuse } from '../../platform/request-rate.js';
import { registerRoute } from '../../platform/route-table.js';
import { sendXlsx } from '../../platform/spreadsheet-http.js';
import { companyTime } from '../lessons/company-time.js';
import { originOf } from '../online-payments/checkout-redirect.js';
import { queueDelivery } from '../sms/auto-run.js';
import { answersForExport, formReport, listAnswers } from './answers.js';
import { answersWorkbook } from './answers-export.js';
import { sendAuditLinks } from './audit-links.js';
import { createForm, deleteForm, getForm, listForms, publishForm, updateForm } from './forms.js';
import { answerAuditForm, answerPublicForm, auditForm, publicForm } from './public-answers.js';

/** Issue 20: the form builder, its public and audit pages, and the answers. */
export default async function formsModule(app: FastifyInstance) {
  const r = formRoutes;
  const db = () => app.database.db;
  // Public pages are cheap reads, counted per address for all server processes (platform/request-rate.ts); the answers are
  // counted in the database per company (public-answers.ts), and an audit link answers once.
  const visits = app.requestRate('public-form', PUBLIC_PAGE_READS_PER_MINUTE);
  registerRoute(app, r.list, (req, { query }) => req.tenant((tx, actor) => listForms(tx, actor, query)));
  registerRoute(app, r.create, (req, { body }) => req.tenant((tx, actor) => createForm(tx, actor, body)));
  registerRoute(app, r.get, (req, { params }) => req.tenant((tx, actor) => getForm(tx, actor, params.id)));
  registerRoute(app, r.update, (req, { params, body }) =>
    req.tenant((tx, actor) => updateForm(tx, actor, params.id, body)),
  );
  registerRoute(app, r.publish, (req, { params, body }) =>
    req.tenant((tx, actor) => publishForm(tx, actor, params.id, body.published)),
  );
  registerRoute(app, r.delete, async (req, { params }) => {
    await req.tenant((tx, actor) => deleteForm(tx, actor, params.id));
    return { ok: true as const };
  });
  registerRoute(app, r.answers, (req, { params, query }) =>
    req.tenant((tx, actor) => listAnswers(tx, actor, params.id, query)),
  );
  registerRoute(app, r.report, (req, { params, query }) =>
    req.tenant((tx, actor) => formReport(tx, actor, params.id, query)),
  );
  registerRoute(app, r.exportAnswers, async (req, { params, query }, reply) => {
    const { lang, ...filter } = query;
    const sheet = await req.tenant(async (tx, actor) => {
      const { form, answers } = await answersForExport(tx, actor, params.id, filter);
      const zone = (await companyTime(tx, actor.companyId, new Date())).timeZone;
      return answersWorkbook(form.fields as never, answers, form.kind === 'audit', lang ?? 'uz', zone);
    });
    return sendXlsx(reply, sheet, `form-${params.id}-answers.xlsx`);
  });
  registerRoute(app, r.sendAudit, async (req, { params, body }) => {
    const sent = await req.tenant(async (tx, actor) => ({
      companyId: actor.companyId,
      ...(await sendAuditLinks(app, tx, actor, params.id, body.group_ids, originOf(req))),
    }));
    // After the commit: the delivery job reads the stored messages.
    await queueDelivery(app, sent.companyId, sent.ids);
    return sent.answer;
  });
  registerRoute(app, r.publicForm, async (req, { params }) => {
    await spendOrRefuse(visits, req.ip);
    return publicForm(db(), req.hostSubdomain, params.id);
  });
  registerRoute(app, r.answerPublicForm, (req, { params, body }) =>
    answerPublicForm(db(), req.hostSubdomain, params.id, body, req.ip),
  );
  registerRoute(app, r.auditForm, async (req, { params, query }) => {
    await spendOrRefuse(visits, req.ip);
    return auditForm(db(), req.hostSubdomain, params.form_id, params.company_id, query.token);
  });
  registerRoute(app, r.answerAuditForm, async (req, { params, query, body }) => {
    await spendOrRefuse(visits, req.ip);
    return answerAuditForm(db(), req.hostSubdomain, params.form_id, params.company_id, query.token, body, req.ip);
  });
}
