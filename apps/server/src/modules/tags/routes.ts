import {
  dataOf,
  idParamsSchema,
  okSchema,
  tagCreateSchema,
  tagQuerySchema,
  tagSchema,
  tagUpdateSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTag, deleteTag, listTags, updateTag } from './service.js';

const access = 'tags' as const;
/** Reading: whoever works with what tags label (students, groups, leads, tasks); the service narrows by type. */
const readAccess = { anyOf: ['tags', 'students', 'groupList', 'leads', 'reminders'] } as const;
const openApiTags = ['tags'];

/** Spec §7 "Reminders, tags": GET/POST /tags, PUT/DELETE /tags/{id}. */
export default async function tagsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/tags',
    {
      config: { access: readAccess },
      schema: { tags: openApiTags, querystring: tagQuerySchema, response: { 200: dataOf(tagSchema) } },
    },
    (req) => req.tenant(async (tx, actor) => ({ data: await listTags(tx, actor, req.query.type) })),
  );

  app.post(
    '/tags',
    { config: { access }, schema: { tags: openApiTags, body: tagCreateSchema, response: { 200: tagSchema } } },
    (req) => req.tenant((tx, actor) => createTag(tx, actor, req.body)),
  );

  app.put(
    '/tags/:id',
    {
      config: { access },
      schema: { tags: openApiTags, params: idParamsSchema, body: tagUpdateSchema, response: { 200: tagSchema } },
    },
    (req) => req.tenant((tx, actor) => updateTag(tx, actor, req.params.id, req.body)),
  );

  app.delete(
    '/tags/:id',
    { config: { access }, schema: { tags: openApiTags, params: idParamsSchema, response: { 200: okSchema } } },
    (req) => req.tenant((tx, actor) => deleteTag(tx, actor, req.params.id).then(() => ({ ok: true as const }))),
  );
}
