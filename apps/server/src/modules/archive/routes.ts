import { archiveRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRoute } from '../../platform/route-table.js';
import { listArchive } from './archive-list.js';
import { restoreArchived } from './restore.js';

/** Spec §2 archive (list/all): the branch's archive and restoring from it; §6 area `archive`. */
export default async function archiveModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerRoute(app, archiveRoutes.listArchive, (req, { query }) =>
    req.tenant((tx, actor) => listArchive(tx, actor, query)),
  );

  registerRoute(app, archiveRoutes.restoreArchived, (req, { params }) =>
    req.tenant((tx, actor) => restoreArchived(tx, actor, params)),
  );
}
