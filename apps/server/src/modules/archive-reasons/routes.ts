import {
  archiveReasonDeletedSchema,
  archiveReasonInputSchema,
  archiveReasonQuerySchema,
  archiveReasonSchema,
  dataOf,
  idParamsSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createArchiveReason, deleteArchiveReason, listArchiveReasons, updateArchiveReason } from './service.js';

const access = 'archiveReasons' as const;
/** Screens that archive a student or show why students left read the list; editing it stays with its area. */
const readAccess = { anyOf: ['archiveReasons', 'students', 'archive', 'leftStudents'] } as const;
const tags = ['archive reasons'];

/** Spec §2 archive_reasons: GET/POST /archive_reasons, PUT/DELETE /archive_reasons/{id}. */
export default async function archiveReasonsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/archive_reasons',
    {
      config: { access: readAccess },
      schema: { tags, querystring: archiveReasonQuerySchema, response: { 200: dataOf(archiveReasonSchema) } },
    },
    (req) => req.tenant(async (tx, actor) => ({ data: await listArchiveReasons(tx, actor, req.query.active) })),
  );

  app.post(
    '/archive_reasons',
    { config: { access }, schema: { tags, body: archiveReasonInputSchema, response: { 200: archiveReasonSchema } } },
    (req) => req.tenant((tx, actor) => createArchiveReason(tx, actor, req.body)),
  );

  app.put(
    '/archive_reasons/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, body: archiveReasonInputSchema, response: { 200: archiveReasonSchema } },
    },
    (req) => req.tenant((tx, actor) => updateArchiveReason(tx, actor, req.params.id, req.body)),
  );

  app.delete(
    '/archive_reasons/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: archiveReasonDeletedSchema } } },
    (req) =>
      req.tenant(async (tx, actor) => ({
        ok: true as const,
        ...(await deleteArchiveReason(tx, actor, req.params.id)),
      })),
  );
}
