import {
  archiveReasonDeletedSchema,
  dataOf,
  idParamsSchema,
  leadReasonInputSchema,
  leadReasonSchema,
  leadSourceInputSchema,
  leadSourceSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createLeadReason, deleteLeadReason, listLeadReasons, updateLeadReason } from './lead-reasons.js';
import { createLeadSource, deleteLeadSource, listLeadSources, updateLeadSource } from './lead-sources.js';

const tags = ['leads'];
/** Spec §2: sources are part of the leads page (marketer and admin set). */
const leads = { access: 'leads' } as const;
/** Spec §6 lead-reasons: editing deletion reasons is the admin set's; the board reads them to archive. */
const leadReasons = { access: 'leadReasons' } as const;
const listQuery = z.object({ all: z.enum(['0', '1']).optional() });

/** Spec §7 GET/POST /leadSource, PUT/DELETE /leadSource/{id}; GET /leads/archive-reason and its CRUD. */
export function registerLeadSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/leadSource',
    {
      config: leads,
      schema: {
        tags,
        description: 'The active sources; `all=1` every one, the active first.',
        querystring: listQuery,
        response: { 200: dataOf(leadSourceSchema) },
      },
    },
    (req) => req.tenant(async (tx, actor) => ({ data: await listLeadSources(tx, actor, req.query.all === '1') })),
  );
  app.post(
    '/leadSource',
    { config: leads, schema: { tags, body: leadSourceInputSchema, response: { 200: leadSourceSchema } } },
    (req) => req.tenant((tx, actor) => createLeadSource(tx, actor, req.body)),
  );
  app.put(
    '/leadSource/:id',
    {
      config: leads,
      schema: { tags, params: idParamsSchema, body: leadSourceInputSchema, response: { 200: leadSourceSchema } },
    },
    (req) => req.tenant((tx, actor) => updateLeadSource(tx, actor, req.params.id, req.body)),
  );
  app.delete(
    '/leadSource/:id',
    { config: leads, schema: { tags, params: idParamsSchema, response: { 200: archiveReasonDeletedSchema } } },
    (req) =>
      req.tenant(async (tx, actor) => ({ ok: true as const, ...(await deleteLeadSource(tx, actor, req.params.id)) })),
  );

  app.get(
    '/leads/archive-reason',
    {
      config: leads,
      schema: {
        tags,
        description: 'The active deletion reasons; `all=1` every one, the active first.',
        querystring: listQuery,
        response: { 200: dataOf(leadReasonSchema) },
      },
    },
    (req) => req.tenant(async (tx, actor) => ({ data: await listLeadReasons(tx, actor, req.query.all === '1') })),
  );
  app.post(
    '/leads/archive-reason',
    { config: leadReasons, schema: { tags, body: leadReasonInputSchema, response: { 200: leadReasonSchema } } },
    (req) => req.tenant((tx, actor) => createLeadReason(tx, actor, req.body)),
  );
  app.put(
    '/leads/archive-reason/:id',
    {
      config: leadReasons,
      schema: { tags, params: idParamsSchema, body: leadReasonInputSchema, response: { 200: leadReasonSchema } },
    },
    (req) => req.tenant((tx, actor) => updateLeadReason(tx, actor, req.params.id, req.body)),
  );
  app.delete(
    '/leads/archive-reason/:id',
    {
      config: leadReasons,
      schema: { tags, params: idParamsSchema, response: { 200: archiveReasonDeletedSchema } },
    },
    (req) =>
      req.tenant(async (tx, actor) => ({ ok: true as const, ...(await deleteLeadReason(tx, actor, req.params.id)) })),
  );
}
