import { branchRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRoute } from '../../platform/route-table.js';
import {
  archiveBranch,
  createBranch,
  listBranchesForAdmin,
  previewBranchArchive,
  restoreBranch,
  updateBranch,
} from './service.js';

/** Branch administration (spec §2 admin new-company, edit-company): owner and CEO. GET /branch is the company module's. */
export default async function branchesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerRoute(app, branchRoutes.listBranchesForAdmin, (req, { query }) =>
    req.tenant((tx, actor) => listBranchesForAdmin(tx, actor, query.archived === '1')),
  );
  registerRoute(app, branchRoutes.createBranch, (req, { body }) =>
    req.tenant((tx, actor) => createBranch(tx, actor, body)),
  );
  registerRoute(app, branchRoutes.updateBranch, (req, { params, body }) =>
    req.tenant((tx, actor) => updateBranch(tx, actor, params.id, body)),
  );
  registerRoute(app, branchRoutes.previewBranchArchive, (req, { params }) =>
    req.tenant((tx, actor) => previewBranchArchive(tx, actor, params.id)),
  );
  registerRoute(app, branchRoutes.archiveBranch, (req, { params, body }) =>
    req.tenant((tx, actor) => archiveBranch(tx, actor, params.id, body)),
  );
  registerRoute(app, branchRoutes.restoreBranch, (req, { params }) =>
    req.tenant((tx, actor) => restoreBranch(tx, actor, params.id)),
  );
}
