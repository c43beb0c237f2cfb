import type { FastifyInstance } from 'fastify';
import { registerLeadRoutes } from './lead-routes.js';
import { registerLeadSettingsRoutes } from './lead-settings-routes.js';

/**
 * Spec §7 "Leads" around the board: the leads themselves (create, edit, archive, list, archive,
 * restore, to a group), lead sources and deletion reasons. The live board is board-routes.ts.
 */
export default async function leadsModule(app: FastifyInstance) {
  registerLeadRoutes(app);
  registerLeadSettingsRoutes(app);
}
