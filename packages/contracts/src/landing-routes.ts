import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { okSchema } from './auth.js';
import { idParamsSchema, idSchema } from './common.js';
import {
  landingChoicesSchema,
  landingPageInputSchema,
  landingPageListSchema,
  landingPageSchema,
  loginLookInputSchema,
  loginLookSchema,
  publicLoginLookSchema,
} from './landing-pages.js';

export * from './landing-pages.js';

const tags = ['forms'];

/** A picture of a lead form's header (spec §5: 610x160 recommended, resized to it) or of a landing page. */
export const FORM_PICTURE_KINDS = ['lead_header', 'landing'] as const;
export type FormPictureKind = (typeof FORM_PICTURE_KINDS)[number];
export const FORM_PICTURE = { maxBytes: 8 * 1024 * 1024, landingPixels: 1600 * 1000 } as const;
export const formPictureQuerySchema = z.object({ kind: z.enum(FORM_PICTURE_KINDS) });
export const formPictureSchema = z.object({
  address: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The upload was not 610x160 in shape: it was cut to fit (the builder says so). */
  cropped: z.boolean(),
});
export type FormPicture = z.infer<typeof formPictureSchema>;
export const formPictureParamsSchema = z.object({ company_id: idSchema, key: z.string().regex(/^[0-9a-f]{32}$/) });

/** Issue 20: landing pages and the log-in page's look (form/login-form), with the pictures they show. */
export const landingRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/landing-pages',
    operationId: 'listLandingPages',
    summary: 'The company’s landing pages.',
    tags,
    access: 'forms',
    query: undefined,
    body: undefined,
    response: landingPageListSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/landing-pages',
    operationId: 'createLandingPage',
    summary: 'A new landing page; its slug must be free in the company.',
    tags,
    access: 'forms',
    query: undefined,
    body: landingPageInputSchema,
    response: landingPageSchema,
  }),
  choices: defineRoute({
    method: 'GET',
    path: '/landing-pages/choices',
    operationId: 'getLandingChoices',
    summary: 'The top-level courses and the teachers a page’s blocks may show (names only).',
    tags,
    access: 'forms',
    query: undefined,
    body: undefined,
    response: landingChoicesSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/landing-pages/:id',
    operationId: 'getLandingPage',
    summary: 'A landing page with its blocks.',
    tags,
    access: 'forms',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: landingPageSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/landing-pages/:id',
    operationId: 'updateLandingPage',
    summary: 'Saves a landing page (publishing or hiding it too).',
    tags,
    access: 'forms',
    params: idParamsSchema,
    query: undefined,
    body: landingPageInputSchema,
    response: landingPageSchema,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/landing-pages/:id',
    operationId: 'deleteLandingPage',
    summary: 'Deletes a landing page; its address answers "not found" from then on.',
    tags,
    access: 'forms',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: okSchema,
  }),
  uploadPicture: defineRoute({
    method: 'POST',
    path: '/form/picture',
    operationId: 'uploadFormPicture',
    summary: 'A lead form’s header (resized to 610x160) or a landing page’s picture; answers its public address.',
    tags,
    access: 'forms',
    query: formPictureQuerySchema,
    body: undefined,
    response: formPictureSchema,
  }),
  loginLook: defineRoute({
    method: 'GET',
    path: '/login-look',
    operationId: 'getLoginLook',
    summary: 'The log-in page’s look (form/login-form): welcome texts, the chosen background, the logo.',
    tags,
    access: 'forms',
    query: undefined,
    body: undefined,
    response: loginLookSchema,
  }),
  saveLoginLook: defineRoute({
    method: 'PUT',
    path: '/login-look',
    operationId: 'saveLoginLook',
    summary: 'Sets the welcome text per language and which of the company’s backgrounds the log-in page shows.',
    tags,
    access: 'forms',
    query: undefined,
    body: loginLookInputSchema,
    response: loginLookSchema,
  }),
  publicLoginLook: defineRoute({
    method: 'GET',
    path: '/public/login-look',
    operationId: 'getPublicLoginLook',
    summary: 'For the log-in page of the subdomain’s company: its welcome texts and background.',
    tags,
    access: 'public',
    query: undefined,
    body: undefined,
    response: publicLoginLookSchema,
  }),
};

const FORM_PICTURE_ADDRESS = /^\/api\/v1\/form\/picture\/(\d+)\/([0-9a-f]{32})$/;

/** Where a stored form picture is served (public: an <img> on a visitor's page sends no token). */
export const formPictureAddress = (companyId: number, key: string) => `/api/v1/form/picture/${companyId}/${key}`;

/** The company and storage key a form picture's address names; null for anything else. */
export function formPictureKeyOf(address: string): { companyId: number; key: string } | null {
  const match = FORM_PICTURE_ADDRESS.exec(address);
  return match ? { companyId: Number(match[1]), key: match[2] as string } : null;
}
