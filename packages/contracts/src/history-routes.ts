import { defineRoute } from './api-routes.js';
import { idParamsSchema } from './common.js';
import { historyPageSchema, historyQuerySchema } from './history-api.js';

/**
 * Spec §2 history (logs), §6 area `history` (owner and CEO), §7 GET /company/{id}/history. The Excel
 * download (`GET /company/{id}/history/export`, the same filters plus `lang`) answers a file, so it stays
 * a classic route of the history module with `work: 'export'`.
 */
export const historyRoutes = {
  listCompanyHistory: defineRoute({
    method: 'GET',
    path: '/company/:id/history',
    operationId: 'listCompanyHistory',
    summary:
      'The company’s event log, newest first: by event types, staff member, branch, period and the student, group or lead concerned.',
    tags: ['history'],
    access: 'history',
    params: idParamsSchema,
    body: undefined,
    query: historyQuerySchema,
    response: historyPageSchema,
  }),
};

/** The Excel download's path (under /api/v1, `:id` the company), for the server's route and the web's button. */
export const HISTORY_EXPORT_PATH = '/company/:id/history/export';
