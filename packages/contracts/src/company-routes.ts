import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { idParamsSchema } from './common.js';
import { companyPublicSchema, companySettingsSchema } from './company.js';

const tags = ['company'];

export const companyLogoSchema = z.object({ logo: z.string().nullable() });
export const companyBackgroundsSchema = z.object({ backgrounds: z.array(z.string()) });

/**
 * Spec §7 company calls beyond GET /company/{id} and PUT /company/{id}/datas (company module), and the
 * settings page's pictures. A picture is sent as multipart/form-data with one file (`file`), checked for
 * kind and size (COMPANY_IMAGE) and resized on the server; its address is public (the log-in page shows it).
 */
export const companyRoutes = {
  getCompanySettings: defineRoute({
    method: 'GET',
    path: '/company/byid/:id',
    operationId: 'getCompanySettings',
    summary: 'The caller’s company with every field the settings page edits, and whether he may edit it.',
    tags,
    access: 'settings',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: companySettingsSchema,
  }),
  getCompanyDatas: defineRoute({
    method: 'GET',
    path: '/company/:id/datas',
    operationId: 'getCompanyDatas',
    summary: 'The caller’s company’s settings switches (datas), without integration credentials.',
    tags,
    access: 'signedIn',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: companyPublicSchema.shape.datas,
  }),
  uploadCompanyLogo: defineRoute({
    method: 'POST',
    path: '/company/:id/logo',
    operationId: 'uploadCompanyLogo',
    summary: 'Replaces the logo (PNG, JPEG or WebP up to 5 MB; resized to 512 px).',
    tags,
    access: 'settings',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: companyLogoSchema,
  }),
  removeCompanyLogo: defineRoute({
    method: 'DELETE',
    path: '/company/:id/logo',
    operationId: 'removeCompanyLogo',
    summary: 'Removes the logo.',
    tags,
    access: 'settings',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: companyLogoSchema,
  }),
  uploadCompanyBackground: defineRoute({
    method: 'POST',
    path: '/company/:id/backgrounds',
    operationId: 'uploadCompanyBackground',
    summary: 'Adds a background picture (at most five; resized to 1920 px wide).',
    tags,
    access: 'settings',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: companyBackgroundsSchema,
  }),
};
