import { defineRoute } from './api-routes.js';
import {
  activeStudentsQuerySchema,
  activeStudentsSchema,
  clientListQuerySchema,
  clientListSchema,
  discountListQuerySchema,
  discountListSchema,
  leftStatisticsQuerySchema,
  leftStatisticsSchema,
  reachabilityQuerySchema,
  reachabilitySchema,
} from './report-schemas.js';

export * from './report-schemas.js';

const tags = ['reports'] as const;

/**
 * The remaining reports of spec §2 (reachbility, active-students, list-clients, left-students statistics,
 * discounts). Spec §6: reports are for the administrators and the branch director (owner and CEO pass).
 * Their Excel files (`…/export`, work 'export') are plain downloads beside these, with the same filters
 * (clientExportQuerySchema, discountExportQuerySchema).
 */
export const reportRoutes = {
  reachability: defineRoute({
    method: 'GET',
    path: '/reports/reachability',
    operationId: 'reachabilityReport',
    summary: 'Of the leads of a period, how many were reached, by source and by the staff member who reached them.',
    tags,
    access: 'reports',
    body: undefined,
    query: reachabilityQuerySchema,
    response: reachabilitySchema,
  }),
  activeStudents: defineRoute({
    method: 'GET',
    path: '/reports/active-students',
    operationId: 'activeStudentsReport',
    summary: 'Active (paying) students by month, branch and course, with the change from the month before.',
    tags,
    access: 'reports',
    body: undefined,
    query: activeStudentsQuerySchema,
    response: activeStudentsSchema,
  }),
  clients: defineRoute({
    method: 'GET',
    path: '/reports/clients',
    operationId: 'listClients',
    summary: 'Every client with his balance, groups, status, lead source and last payment; filtered, paged.',
    tags,
    access: 'reports',
    body: undefined,
    query: clientListQuerySchema,
    response: clientListSchema,
  }),
  leftStatistics: defineRoute({
    method: 'GET',
    path: '/reports/left-students/statistics',
    operationId: 'leftStudentsStatistics',
    summary: 'The students who left groups, counted by teacher, course, month and archive reason.',
    tags,
    access: 'reports',
    body: undefined,
    query: leftStatisticsQuerySchema,
    response: leftStatisticsSchema,
  }),
  discounts: defineRoute({
    method: 'GET',
    path: '/reports/discounts',
    operationId: 'listDiscounts',
    summary: 'Every individual price, in force or past, with the income forgone per month.',
    tags,
    access: 'reports',
    body: undefined,
    query: discountListQuerySchema,
    response: discountListSchema,
  }),
};

/** The Excel downloads (GET, the page's filters and `lang`). */
export const REPORT_EXPORT_PATHS = {
  clients: '/reports/clients/export',
  discounts: '/reports/discounts/export',
} as const;
