import { BLOG_COVER_IMAGE, blogCoverParamsSchema, blogRoutes, PUBLIC } from '@crm/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FieldRefusal, notFound } from '../../platform/errors.js';
import { firstUploadedFile } from '../../platform/files.js';
import { readUploadedImage } from '../../platform/images.js';
import { registerRoute } from '../../platform/route-table.js';
import type { BlogCovers } from './covers.js';

/** A stored cover never changes under its key (a new upload gets a new one), so browsers may keep it. */
const COVER_CACHE = 'public, max-age=31536000, immutable';

/**
 * The blog's cover pictures: uploaded (checked by their bytes and re-encoded, platform/images.ts) and served at
 * the address the upload answers. Multipart only in this plugin: the blog's other routes take JSON alone.
 */
export function blogCoverRoutes(covers: BlogCovers) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: BLOG_COVER_IMAGE.maxBytes, files: 1, fields: 5, fieldSize: 1024 },
    });

    registerRoute(app, blogRoutes.uploadCover, async (req) => {
      // The caller as he is now (roles, licence) before a byte of the picture is read.
      const companyId = await req.tenant(async (_tx, actor) => actor.companyId);
      const part = await firstUploadedFile(req);
      if (!part) throw new FieldRefusal([{ field: 'file', rule: 'required', sentence: 'required' }]);
      const { bytes } = await readUploadedImage(part.file, BLOG_COVER_IMAGE.maxBytes);
      return { cover: await covers.saveUpload(companyId, bytes) };
    });

    app.get(
      '/blog/cover/:company_id/:key',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['blog'],
          summary: 'A news post’s cover picture (public like the company’s pictures: an <img> sends no token).',
          security: [],
          params: blogCoverParamsSchema,
        },
        // After the API-wide `no-store` (security-headers.ts): route hooks run last.
        onSend: async (_req, reply) => {
          if (reply.statusCode === 200) reply.header('cache-control', COVER_CACHE);
        },
      },
      async (req, reply) => {
        const { company_id, key } = req.params;
        const bytes = await covers.open(company_id, key);
        if (!bytes) throw notFound();
        return reply
          .header('content-type', 'image/jpeg')
          .header('content-length', bytes.size)
          .header('x-content-type-options', 'nosniff')
          .send(bytes.stream);
      },
    );
  };
}
