import { HISTORY_EXPORT_PATH, historyExportQuerySchema, historyRoutes, idParamsSchema } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRoute } from '../../platform/route-table.js';
import { historyWorkbook } from './export.js';
import { historyForExport, listCompanyHistory } from './service.js';

/** Spec §2 history (logs), §6 history (owner and CEO), §7 GET /company/{id}/history and its Excel file. */
export default async function historyModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerRoute(app, historyRoutes.listCompanyHistory, (req, { params, query }) =>
    req.tenant((tx, actor) => listCompanyHistory(tx, actor, params.id, query)),
  );

  app.get(
    HISTORY_EXPORT_PATH,
    {
      config: { access: 'history', work: 'export' },
      schema: { tags: ['history'], params: idParamsSchema, querystring: historyExportQuerySchema },
    },
    async (req, reply) => {
      const book = await req.tenant((tx, actor) => historyForExport(tx, actor, req.params.id, req.query));
      const file = await historyWorkbook(book, req.query.lang);
      const period = [req.query.from, req.query.till].filter(Boolean).join('_');
      return reply
        .header('content-disposition', `attachment; filename="history${period ? `-${period}` : ''}.xlsx"`)
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(file);
    },
  );
}
