import {
  balanceStatsInputSchema,
  balanceStatsSchema,
  countryRules,
  coursePaymentsSchema,
  creditChartQuerySchema,
  financePeriodQuerySchema,
  groupPaymentsSchema,
  moneyChartSchema,
  paymentsByExportQuerySchema,
  paymentsByQuerySchema,
  profitSchema,
  replenishmentExportQuerySchema,
  replenishmentFilterSchema,
  replenishmentListQuerySchema,
  replenishmentListSchema,
  replenishmentTotalsSchema,
  withdrawFilterSchema,
  withdrawListQuerySchema,
  withdrawListSchema,
  withdrawTotalsSchema,
} from '@crm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { findCompanyPublic } from '../company/service.js';
import { balanceStats } from './balance-stats.js';
import { coursesWorkbook, groupsWorkbook, paymentsWorkbook } from './export.js';
import { creditChart, debitChart } from './money-chart.js';
import { paymentsByCourses, paymentsByGroups } from './payments-by.js';
import { profitOf } from './profit.js';
import { listAllReplenishments, listReplenishments, replenishmentTotals } from './replenishments.js';
import { listWithdraws, withdrawTotals } from './withdraws.js';

const tags = ['finance-reports'];
/** Spec §2 finance pages, §6 finance: the cashier (owner and CEO always pass). */
const config = { access: 'finance' } as const;
/** One Excel file holds at most this many payments (a branch takes far fewer in any sensible period). */
const EXPORT_CAP = 20_000;

/**
 * An Excel answer: the rows are read and the company's currency found in one tenant
 * transaction, the file written after it.
 */
async function sendWorkbook<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  load: (tx: Tx, actor: Actor) => Promise<T>,
  write: (data: T, currency: string) => Promise<Buffer>,
) {
  const { data, country } = await req.tenant(async (tx, actor) => ({
    data: await load(tx, actor),
    country: (await findCompanyPublic(tx, actor.companyId)).datas.country,
  }));
  const file = await write(data, countryRules(country).currency);
  return reply
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(file);
}

const periodName = (prefix: string, q: { from?: string; to?: string }) =>
  [prefix, q.from, q.to].filter(Boolean).join('_');

/** Spec §7 "Finance": /replenishments (money in), /withdraws (charges) and /users/balance-stats. */
export default async function financeReportsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/replenishments',
    { config, schema: { tags, querystring: replenishmentListQuerySchema, response: { 200: replenishmentListSchema } } },
    (req) => req.tenant((tx, actor) => listReplenishments(tx, actor, req.query)),
  );

  app.get(
    '/replenishments/totals',
    { config, schema: { tags, querystring: replenishmentFilterSchema, response: { 200: replenishmentTotalsSchema } } },
    (req) => req.tenant((tx, actor) => replenishmentTotals(tx, actor, req.query)),
  );

  app.get(
    '/replenishments/profit',
    { config, schema: { tags, querystring: financePeriodQuerySchema, response: { 200: profitSchema } } },
    (req) => req.tenant((tx, actor) => profitOf(tx, actor, req.query)),
  );

  app.get(
    '/replenishments/debit_char',
    { config, schema: { tags, querystring: financePeriodQuerySchema, response: { 200: moneyChartSchema } } },
    (req) => req.tenant((tx, actor) => debitChart(tx, actor, req.query)),
  );

  app.get(
    '/replenishments/export',
    { config: { ...config, work: 'export' }, schema: { tags, querystring: replenishmentExportQuerySchema } },
    (req, reply) =>
      sendWorkbook(
        req,
        reply,
        periodName('payments', req.query),
        (tx, actor) => listAllReplenishments(tx, actor, req.query, EXPORT_CAP),
        (rows, currency) => paymentsWorkbook(rows, currency, req.query.lang),
      ),
  );

  app.get(
    '/replenishments/by-groups',
    { config, schema: { tags, querystring: paymentsByQuerySchema, response: { 200: groupPaymentsSchema } } },
    (req) => req.tenant((tx, actor) => paymentsByGroups(tx, actor, req.query)),
  );

  app.get(
    '/replenishments/by-groups/export',
    { config: { ...config, work: 'export' }, schema: { tags, querystring: paymentsByExportQuerySchema } },
    (req, reply) =>
      sendWorkbook(
        req,
        reply,
        periodName('payments-groups', req.query),
        (tx, actor) => paymentsByGroups(tx, actor, req.query),
        (report, currency) => groupsWorkbook(report, currency, req.query.lang),
      ),
  );

  app.get(
    '/replenishments/by-courses',
    { config, schema: { tags, querystring: paymentsByQuerySchema, response: { 200: coursePaymentsSchema } } },
    (req) => req.tenant((tx, actor) => paymentsByCourses(tx, actor, req.query)),
  );

  app.get(
    '/replenishments/by-courses/export',
    { config: { ...config, work: 'export' }, schema: { tags, querystring: paymentsByExportQuerySchema } },
    (req, reply) =>
      sendWorkbook(
        req,
        reply,
        periodName('payments-courses', req.query),
        (tx, actor) => paymentsByCourses(tx, actor, req.query),
        (report, currency) => coursesWorkbook(report, currency, req.query.lang),
      ),
  );

  app.get(
    '/withdraws',
    { config, schema: { tags, querystring: withdrawListQuerySchema, response: { 200: withdrawListSchema } } },
    (req) => req.tenant((tx, actor) => listWithdraws(tx, actor, req.query)),
  );

  app.get(
    '/withdraws/totals',
    { config, schema: { tags, querystring: withdrawFilterSchema, response: { 200: withdrawTotalsSchema } } },
    (req) => req.tenant((tx, actor) => withdrawTotals(tx, actor, req.query)),
  );

  app.get(
    '/withdraws/credit_char',
    { config, schema: { tags, querystring: creditChartQuerySchema, response: { 200: moneyChartSchema } } },
    (req) => req.tenant((tx, actor) => creditChart(tx, actor, req.query)),
  );

  // Spec §7 lists it with the users; the students list and the debtors page show it, so it
  // admits the callers of the debtors list: finance (cashier) and students (admins, director).
  app.post(
    '/users/balance-stats',
    {
      config: { access: { anyOf: ['finance', 'students'] } },
      schema: { tags, body: balanceStatsInputSchema, response: { 200: balanceStatsSchema } },
    },
    (req) => req.tenant((tx, actor) => balanceStats(tx, actor, req.body)),
  );
}
