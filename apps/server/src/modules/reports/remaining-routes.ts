import {
  clientExportQuerySchema,
  countryRules,
  discountExportQuerySchema,
  REPORT_EXPORT_PATHS,
  reportRoutes,
} from '@crm/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import { registerRoute } from '../../platform/route-table.js';
import { findCompanyPublic } from '../company/service.js';
import { activeStudentsReport } from './active-students.js';
import { CLIENT_EXPORT_CAP, clientRows, listClients } from './clients.js';
import { discountExport, listDiscounts } from './discounts.js';
import { leftStatistics } from './left-statistics.js';
import { clientsWorkbook, discountsWorkbook } from './list-exports.js';
import { reachabilityReport } from './reachability.js';

/** The same area as the pages: spec §6 reports. */
const exportConfig = { access: 'reports', work: 'export' } as const;
const tags = ['reports'];

const currencyOf = async (tx: Tx, companyId: number) =>
  countryRules((await findCompanyPublic(tx, companyId)).datas.country).currency;

const sendWorkbook = (reply: FastifyReply, name: string, file: Buffer) =>
  reply
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(file);

/**
 * Spec §2 reports reachbility, active-students, list-clients, the left-students statistics and discounts
 * (the contracts' reportRoutes), with the Excel files of the two lists.
 */
export function registerRemainingReports(fastify: FastifyInstance) {
  const clock = () => fastify.clock();
  registerRoute(fastify, reportRoutes.reachability, (req, { query }) =>
    req.tenant((tx, actor) => reachabilityReport(tx, actor, query)),
  );
  registerRoute(fastify, reportRoutes.activeStudents, (req, { query }) =>
    req.tenant((tx, actor) => activeStudentsReport(tx, actor, clock(), query)),
  );
  registerRoute(fastify, reportRoutes.clients, (req, { query }) =>
    req.tenant((tx, actor) => listClients(tx, actor, query)),
  );
  registerRoute(fastify, reportRoutes.leftStatistics, (req, { query }) =>
    req.tenant((tx, actor) => leftStatistics(tx, actor, query)),
  );
  registerRoute(fastify, reportRoutes.discounts, (req, { query }) =>
    req.tenant((tx, actor) => listDiscounts(tx, actor, clock(), query)),
  );

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    REPORT_EXPORT_PATHS.clients,
    { config: exportConfig, schema: { tags, querystring: clientExportQuerySchema } },
    async (req, reply) => {
      const { lang, ...filters } = req.query;
      const { rows, currency } = await req.tenant(async (tx, actor) => ({
        rows: await clientRows(tx, actor, filters, { limit: CLIENT_EXPORT_CAP, offset: 0 }),
        currency: await currencyOf(tx, actor.companyId),
      }));
      return sendWorkbook(reply, 'clients', await clientsWorkbook(rows, currency, lang));
    },
  );
  app.get(
    REPORT_EXPORT_PATHS.discounts,
    { config: exportConfig, schema: { tags, querystring: discountExportQuerySchema } },
    async (req, reply) => {
      const { lang, ...filters } = req.query;
      const { report, currency } = await req.tenant(async (tx, actor) => ({
        report: await discountExport(tx, actor, clock(), filters),
        currency: await currencyOf(tx, actor.companyId),
      }));
      const file = await discountsWorkbook(report.rows, report.months, currency, lang);
      return sendWorkbook(reply, `discounts-${filters.from}_${filters.till}`, file);
    },
  );
}
