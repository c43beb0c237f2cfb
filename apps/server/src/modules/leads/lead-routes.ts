import {
  idParamsSchema,
  leadArchiveSchema,
  leadBranchQuerySchema,
  leadGroupOptionsSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadListSchema,
  leadSchema,
  leadStaffListSchema,
  leadToStudentSchema,
  leadUpdateSchema,
  okSchema,
} from '@crm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { archiveLead } from './board-moves.js';
import { restoreLead } from './lead-archive.js';
import { convertLead } from './lead-convert.js';
import { listLeads } from './lead-list.js';
import { listLeadGroups, listLeadStaff } from './lead-pickers.js';
import { createLead, createLeadFromSpecFields, getLead, specLeadSchema, updateLead } from './lead-write.js';

const tags = ['leads'];
/** Spec §6: leads are the marketer's and the admin set's. */
const config = { access: 'leads' } as const;

/** Spec §7 passes these fields "query or body": the query's fields fill what the body leaves out. */
async function queryIntoBody(req: FastifyRequest) {
  const body = req.body && typeof req.body === 'object' ? req.body : {};
  req.body = { ...(req.query as object), ...body };
}

/** Spec §7 "Leads": the leads themselves — create, read, edit, archive, the list, the archive, to a group. */
export function registerLeadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/leadData', { config, schema: { tags, body: leadInputSchema, response: { 200: leadSchema } } }, (req) =>
    req.tenant((tx, actor) => createLead(tx, actor, req.body)),
  );

  for (const path of ['/leads/lead', '/create_lead']) {
    app.post(
      path,
      {
        config,
        preValidation: queryIntoBody,
        schema: {
          tags,
          description: 'The fields may come as query parameters or in the body (spec §7).',
          body: specLeadSchema,
          response: { 200: leadSchema },
        },
      },
      (req) => req.tenant((tx, actor) => createLeadFromSpecFields(tx, actor, req.body)),
    );
  }

  app.get(
    '/leadData',
    { config, schema: { tags, querystring: leadListQuerySchema, response: { 200: leadListSchema } } },
    (req) => req.tenant((tx, actor) => listLeads(tx, actor, req.query)),
  );

  app.get('/leadData/:id', { config, schema: { tags, params: idParamsSchema, response: { 200: leadSchema } } }, (req) =>
    req.tenant((tx, actor) => getLead(tx, actor, req.params.id)),
  );

  app.put(
    '/leadData/:id',
    { config, schema: { tags, params: idParamsSchema, body: leadUpdateSchema, response: { 200: leadSchema } } },
    (req) => req.tenant((tx, actor) => updateLead(tx, actor, req.params.id, req.body)),
  );

  app.delete(
    '/leadData/:id',
    {
      config,
      schema: {
        tags,
        description: 'Archives the lead with a deletion reason (`reason_id`, required).',
        params: idParamsSchema,
        // reason_id is checked by the service, so its absence is the board's lead_reason_required.
        querystring: leadArchiveSchema.partial(),
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const { reason_id: reasonId, client_id: clientId } = req.query;
      await req.tenant((tx, actor) => archiveLead(tx, actor, { id: req.params.id }, reasonId, clientId ?? null));
      return { ok: true as const };
    },
  );

  app.get(
    '/leads/archive',
    {
      config,
      schema: { tags, querystring: leadListQuerySchema.omit({ archived: true }), response: { 200: leadListSchema } },
    },
    (req) => req.tenant((tx, actor) => listLeads(tx, actor, { ...req.query, archived: '1' })),
  );

  app.post(
    '/leads/archive/:id/restore',
    { config, schema: { tags, params: idParamsSchema, response: { 200: leadSchema } } },
    (req) => req.tenant((tx, actor) => restoreLead(tx, actor, req.params.id)),
  );

  app.get(
    '/leads/staff',
    {
      config,
      schema: {
        tags,
        description: "Who can be a lead's responsible: the branch's users who work with leads.",
        querystring: leadBranchQuerySchema,
        response: { 200: leadStaffListSchema },
      },
    },
    async (req) => ({ data: await req.tenant((tx, actor) => listLeadStaff(tx, actor, req.query.branch_id)) }),
  );

  app.get(
    '/leads/groups',
    {
      config,
      schema: {
        tags,
        description: "The groups a lead can join on trial (POST /group/lead/{id}): the branch's running groups.",
        querystring: leadBranchQuerySchema,
        response: { 200: leadGroupOptionsSchema },
      },
    },
    async (req) => ({ data: await req.tenant((tx, actor) => listLeadGroups(tx, actor, req.query.branch_id)) }),
  );

  app.post(
    '/group/lead/:id',
    {
      config,
      schema: {
        tags,
        description: 'The lead becomes a student (found by phone or made) on trial in the group.',
        params: idParamsSchema,
        body: leadToStudentSchema,
        response: { 200: leadSchema },
      },
    },
    (req) =>
      req.tenant((tx, actor) => convertLead(tx, actor, req.params.id, req.body.group_id, req.body.client_id ?? null)),
  );
}
