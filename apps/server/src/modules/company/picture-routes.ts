import { Readable } from 'node:stream';
import { COMPANY_IMAGE, companyRoutes, idSchema } from '@crm/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { firstUploadedFile } from '../../platform/files.js';
import { type PictureBox, readUploadedImage, resizePicture } from '../../platform/images.js';
import { registerRoute } from '../../platform/route-table.js';
import { invalidField } from '../users/service.js';
import {
  addCompanyBackground,
  assertPictureRoom,
  findCompanyPicture,
  pictureAddress,
  removeCompanyLogo,
  replaceCompanyLogo,
} from './pictures.js';

const LOGO: PictureBox = { maxPixels: COMPANY_IMAGE.logoPixels, format: 'png' };
const BACKGROUND: PictureBox = { maxPixels: COMPANY_IMAGE.backgroundPixels, format: 'jpeg' };

/** A stored picture never changes under its key (a new upload gets a new one), so browsers may keep it. */
const PICTURE_CACHE = 'public, max-age=31536000, immutable';

/** The settings page's pictures (company-routes.ts) and the public address each is served at. */
export default async function companyPictureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Multipart only in this plugin: the other company routes take JSON alone.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: COMPANY_IMAGE.maxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });
  const { files } = fastify;
  const addressOf = (companyId: number, key: string) => pictureAddress(fastify.prefix, companyId, key);

  /**
   * Checks the caller may add this picture (before reading a byte of it), reads, checks and resizes it outside
   * any transaction, stores it, then records it; bytes whose record failed are removed, and so are the bytes
   * the record let go (a replaced logo) once it has committed.
   */
  async function receivePicture<T extends { released: string | null }>(
    req: FastifyRequest,
    companyId: number,
    picture: 'logo' | 'background',
    record: (tx: Tx, actor: Actor, address: string) => Promise<T>,
  ): Promise<T> {
    await req.tenant((tx, actor) => assertPictureRoom(tx, actor, companyId, picture));
    const part = await firstUploadedFile(req);
    if (!part) throw invalidField('file', 'required', 'file is required');
    const { bytes } = await readUploadedImage(part.file, COMPANY_IMAGE.maxBytes);
    const resized = await resizePicture(bytes, picture === 'logo' ? LOGO : BACKGROUND);
    const { key } = await files.save(companyId, Readable.from([resized.bytes]));
    let result: T;
    try {
      result = await req.tenant((tx, actor) => record(tx, actor, addressOf(companyId, key)));
    } catch (err) {
      await files.remove(companyId, [key]);
      throw err;
    }
    if (result.released) await files.remove(companyId, [result.released]);
    return result;
  }

  registerRoute(app, companyRoutes.uploadCompanyLogo, async (req, { params }) => {
    const { logo } = await receivePicture(req, params.id, 'logo', (tx, actor, address) =>
      replaceCompanyLogo(tx, actor, params.id, address),
    );
    return { logo };
  });

  registerRoute(app, companyRoutes.removeCompanyLogo, async (req, { params }) => {
    const { logo, released } = await req.tenant((tx, actor) => removeCompanyLogo(tx, actor, params.id));
    if (released) await files.remove(params.id, [released]);
    return { logo };
  });

  registerRoute(app, companyRoutes.uploadCompanyBackground, async (req, { params }) => {
    const { backgrounds } = await receivePicture(req, params.id, 'background', (tx, actor, address) =>
      addCompanyBackground(tx, actor, params.id, address),
    );
    return { backgrounds };
  });

  app.get(
    '/company/:id/picture/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['company'],
        summary: 'A picture the company uses now (its logo or a background), for the log-in and public pages.',
        security: [],
        params: z.object({ id: idSchema, key: z.string().regex(/^[0-9a-f]{32}$/) }),
      },
      // After the API-wide `no-store` (security-headers.ts): route hooks run last.
      onSend: async (_req, reply) => {
        if (reply.statusCode === 200) reply.header('cache-control', PICTURE_CACHE);
      },
    },
    async (req, reply) => {
      const { id, key } = req.params;
      const picture = await findCompanyPicture(fastify.database.db, id, key);
      const bytes = picture ? await files.open(id, key) : null;
      if (!picture || !bytes) throw notFound();
      return reply
        .header('content-type', picture.contentType)
        .header('content-length', bytes.size)
        .header('x-content-type-options', 'nosniff')
        .send(bytes.stream);
    },
  );
}
