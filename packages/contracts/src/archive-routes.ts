import { defineRoute } from './api-routes.js';
import {
  archiveListQuerySchema,
  archiveListSchema,
  archiveRestoredSchema,
  archiveRestoreParamsSchema,
} from './archive.js';

export * from './archive.js';

/** Spec §2 archive, §6 area `archive` (administrators and the branch director; owner and CEO always pass). */
export const archiveRoutes = {
  listArchive: defineRoute({
    method: 'GET',
    path: '/archive',
    operationId: 'listArchive',
    summary: 'Everything archived in a branch, newest first: what, who archived it, when and why.',
    tags: ['archive'],
    access: 'archive',
    body: undefined,
    query: archiveListQuerySchema,
    response: archiveListSchema,
  }),
  restoreArchived: defineRoute({
    method: 'POST',
    path: '/archive/:kind/:id/restore',
    operationId: 'restoreArchived',
    summary: "Restores an archived person, group or lead through its own module's restore (its rules apply).",
    tags: ['archive'],
    access: 'archive',
    params: archiveRestoreParamsSchema,
    body: undefined,
    query: undefined,
    response: archiveRestoredSchema,
  }),
};
