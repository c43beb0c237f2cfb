import { dashboardRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route-table.js';
import { dashboard, partInformation } from './dashboard-service.js';

/** Spec §2 dashboard/default and §7 GET /dashboard, /partInformation. */
export default async function dashboardModule(app: FastifyInstance) {
  registerRoute(app, dashboardRoutes.getDashboard, (req, { query }) =>
    req.tenant((tx, actor) => dashboard(tx, actor, req.server.clock(), query)),
  );
  registerRoute(app, dashboardRoutes.getPartInformation, (req, { query }) =>
    req.tenant(async (tx, actor) => (await partInformation(tx, actor, req.server.clock(), query)).answer),
  );
}
