import { defineRoute } from './api-routes.js';
import { auditQuerySchema, auditReportSchema } from './audit.js';

export * from './audit.js';

/**
 * Spec §2 report (audit table), §6 area `report`. The Excel download (`GET /audit/export`, the same
 * filters plus `lang`) answers a file, so it stays a classic route of the audit module with `work: 'export'`.
 */
export const auditRoutes = {
  auditTable: defineRoute({
    method: 'GET',
    path: '/audit',
    operationId: 'auditTable',
    summary: 'Per day and staff member of a period in a branch: money booked, students, attendance and leads.',
    tags: ['audit'],
    access: 'report',
    body: undefined,
    query: auditQuerySchema,
    response: auditReportSchema,
  }),
};

/** The Excel download's path (under /api/v1), for the server's route and the web's button. */
export const AUDIT_EXPORT_PATH = '/audit/export';
