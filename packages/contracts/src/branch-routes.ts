import { defineRoute } from './api-routes.js';
import {
  branchAdminListQuerySchema,
  branchAdminListSchema,
  branchArchiveInputSchema,
  branchArchivePreviewSchema,
  branchInputSchema,
} from './branches.js';
import { idParamsSchema } from './common.js';
import { branchSchema } from './company.js';

export * from './branches.js';

const tags = ['company'];

/**
 * Branch administration (spec §2 admin new-company and edit-company; docs/decisions/0023): owner and CEO.
 * GET /branch stays the everyday list every screen uses (company module).
 */
export const branchRoutes = {
  listBranchesForAdmin: defineRoute({
    method: 'GET',
    path: '/branch/all',
    operationId: 'listBranchesForAdmin',
    summary: 'Every branch, working or archived, with its people and active groups counted.',
    tags,
    access: 'admin',
    query: branchAdminListQuerySchema,
    body: undefined,
    response: branchAdminListSchema,
  }),
  createBranch: defineRoute({
    method: 'POST',
    path: '/branch',
    operationId: 'createBranch',
    summary: 'Opens a branch (admin/new-company).',
    tags,
    access: 'admin',
    query: undefined,
    body: branchInputSchema,
    response: branchSchema,
  }),
  updateBranch: defineRoute({
    method: 'PUT',
    path: '/branch/:id',
    operationId: 'updateBranch',
    summary: 'Edits a branch’s name, address, phone, working hours and landmark (admin/edit-company).',
    tags,
    access: 'admin',
    params: idParamsSchema,
    query: undefined,
    body: branchInputSchema,
    response: branchSchema,
  }),
  previewBranchArchive: defineRoute({
    method: 'GET',
    path: '/branch/:id/archive-preview',
    operationId: 'previewBranchArchive',
    summary: 'What archiving the branch would do to its groups and people.',
    tags,
    access: 'admin',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: branchArchivePreviewSchema,
  }),
  archiveBranch: defineRoute({
    method: 'POST',
    path: '/branch/:id/archive',
    operationId: 'archiveBranch',
    summary: 'Archives a branch without active groups; its own people move or are archived.',
    tags,
    access: 'admin',
    params: idParamsSchema,
    query: undefined,
    body: branchArchiveInputSchema,
    response: branchSchema,
  }),
  restoreBranch: defineRoute({
    method: 'POST',
    path: '/branch/:id/restore',
    operationId: 'restoreBranch',
    summary: 'Brings an archived branch back (its people stay where they went).',
    tags,
    access: 'admin',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: branchSchema,
  }),
};
