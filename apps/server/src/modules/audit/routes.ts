import { AUDIT_EXPORT_PATH, auditExportQuerySchema, auditRoutes, countryRules } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRoute } from '../../platform/route-table.js';
import { sendXlsx } from '../../platform/spreadsheet-http.js';
import { findCompanyPublic } from '../company/service.js';
import { auditWorkbook } from './export.js';
import { auditTable } from './service.js';

/** Spec §2 report (audit table) and its Excel download; §6 area `report`. */
export default async function auditModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerRoute(app, auditRoutes.auditTable, (req, { query }) =>
    req.tenant((tx, actor) => auditTable(tx, actor, query)),
  );

  app.get(
    AUDIT_EXPORT_PATH,
    {
      config: { access: 'report', work: 'export' },
      schema: {
        tags: ['audit'],
        summary:
          'The audit table of the same filters as xlsx, headings in `lang`; money columns only for who sees money.',
        querystring: auditExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { lang, ...query } = req.query;
      const { report, country } = await req.tenant(async (tx, actor) => ({
        report: await auditTable(tx, actor, query),
        country: (await findCompanyPublic(tx, actor.companyId)).datas.country,
      }));
      const file = await auditWorkbook(report, countryRules(country).currency, lang);
      return sendXlsx(reply, file, `audit-${query.from}_${query.till}.xlsx`);
    },
  );
}
