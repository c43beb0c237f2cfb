import { worklyRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route-table.js';
import { listAtWork, listLateArrivals } from './attendance.js';
import { bindWorklyEmployee, listBindings, unbindWorklyEmployee } from './bindings.js';
import { getWorklyConnection, removeWorklyConnection, saveWorklyConnection } from './connection.js';
import { contextOf } from './workly-context.js';

/** Spec §7 /workly: the time-tracking service's reports and bindings (access: contracts workly-routes.ts). */
export default async function worklyModule(app: FastifyInstance) {
  registerRoute(app, worklyRoutes.getConnection, (req) => req.tenant((tx, actor) => getWorklyConnection(tx, actor)));
  registerRoute(app, worklyRoutes.saveConnection, (req, { body }) =>
    req.tenant((tx, actor) => saveWorklyConnection(tx, actor, body, app.clock())),
  );
  registerRoute(app, worklyRoutes.removeConnection, (req) =>
    req.tenant((tx, actor) => removeWorklyConnection(tx, actor)),
  );
  registerRoute(app, worklyRoutes.listBindings, (req, { query }) => listBindings(contextOf(req), query.branch_id));
  registerRoute(app, worklyRoutes.bind, (req, { body }) => bindWorklyEmployee(contextOf(req), body));
  registerRoute(app, worklyRoutes.unbind, async (req, { params }) => {
    await req.tenant((tx, actor) => unbindWorklyEmployee(tx, actor, params.user_id));
    return { ok: true as const };
  });
  registerRoute(app, worklyRoutes.lateIn, (req, { query }) => listLateArrivals(contextOf(req), query));
  registerRoute(app, worklyRoutes.atWork, (req, { params, query }) =>
    listAtWork(contextOf(req), params.x, query.branch_id),
  );
}
