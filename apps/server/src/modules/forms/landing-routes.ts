import {
  FORM_PICTURE,
  type FormPictureKind,
  formPictureAddress,
  formPictureKeyOf,
  LEAD_FORM_IMAGE,
  landingRoutes,
  PUBLIC_PAGE_READS_PER_MINUTE,
} from '@crm/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FieldRefusal } from '../../platform/errors.js';
import { firstUploadedFile } from '../../platform/files.js';
import { type PictureBox, readUploadedImage, resizePicture } from '../../platform/images.js';
import { PublicPictures, servePublicPictures } from '../../platform/public-pictures.js';
import { spendOrRefuse } from '../../platform/request-rate.js';
import { registerRoute } from '../../platform/route-table.js';
import { landingChoices } from './landing-content.js';
import {
  createLandingPage,
  deleteLandingPage,
  getLandingPage,
  listLandingPages,
  updateLandingPage,
} from './landing-pages.js';
import { getLoginLook, publicLoginLook, saveLoginLook } from './login-look.js';

const BOXES: Record<FormPictureKind, PictureBox> = {
  // Spec §5: a lead form's header is 610x160; another shape is cut to it (the builder says so).
  lead_header: { maxPixels: LEAD_FORM_IMAGE.width, format: 'jpeg', exact: LEAD_FORM_IMAGE },
  landing: { maxPixels: 1600, format: 'jpeg' },
};

/** Issue 20: landing pages, the log-in page's look, and the pictures forms and pages show to visitors. */
export default async function landingModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Multipart only in this plugin: the forms' other routes take JSON alone.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: FORM_PICTURE.maxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });
  const pictures = new PublicPictures(fastify.files, 'form-pictures', {
    addressOf: formPictureAddress,
    keyOf: formPictureKeyOf,
  });
  const r = landingRoutes;
  registerRoute(app, r.list, (req) => req.tenant((tx, actor) => listLandingPages(tx, actor)));
  registerRoute(app, r.create, (req, { body }) => req.tenant((tx, actor) => createLandingPage(tx, actor, body)));
  registerRoute(app, r.choices, (req) => req.tenant((_tx, actor) => landingChoices(_tx, actor.companyId)));
  registerRoute(app, r.get, (req, { params }) => req.tenant((tx, actor) => getLandingPage(tx, actor, params.id)));
  registerRoute(app, r.update, (req, { params, body }) =>
    req.tenant((tx, actor) => updateLandingPage(tx, actor, params.id, body)),
  );
  registerRoute(app, r.delete, async (req, { params }) => {
    await req.tenant((tx, actor) => deleteLandingPage(tx, actor, params.id));
    return { ok: true as const };
  });
  registerRoute(app, r.loginLook, (req) => req.tenant((tx, actor) => getLoginLook(tx, actor)));
  registerRoute(app, r.saveLoginLook, (req, { body }) => req.tenant((tx, actor) => saveLoginLook(tx, actor, body)));
  const visits = app.requestRate('landing-data', PUBLIC_PAGE_READS_PER_MINUTE);
  registerRoute(app, r.publicLoginLook, async (req) => {
    await spendOrRefuse(visits, req.ip);
    return publicLoginLook(app.database.db, req.hostSubdomain);
  });

  registerRoute(app, r.uploadPicture, async (req, { query }) => {
    // The caller as he is now (roles, licence) before a byte of the picture is read.
    const companyId = await req.tenant(async (_tx, actor) => actor.companyId);
    const part = await firstUploadedFile(req);
    if (!part) throw new FieldRefusal([{ field: 'file', rule: 'required', sentence: 'required' }]);
    const { bytes } = await readUploadedImage(part.file, FORM_PICTURE.maxBytes);
    const picture = await resizePicture(bytes, BOXES[query.kind]);
    const address = await pictures.save(companyId, picture.bytes);
    return { address, width: picture.width, height: picture.height, cropped: picture.cropped };
  });

  servePublicPictures(fastify, '/form/picture/:company_id/:key', pictures, {
    tags: ['forms'],
    summary: 'A lead form’s header or a landing page’s picture (public: an <img> on a visitor’s page sends no token).',
  });
}
