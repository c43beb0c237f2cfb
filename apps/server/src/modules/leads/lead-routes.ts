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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { archiveLead } from './board-moves.js';
import { restoreLead } from './lead-archive.js';
import { convertLead } from './lead-convert.js';
import { listLeads } from './lead-list.js';
import { listLeadGroups, listLeadStaff } from './lead-pickers.js';
import { entryLeadSchema, submitPublicLead } from './lead-public.js';
import { createLead, createLeadFromSpecFields, getLead, specLeadSchema, updateLead } from './lead-write.js';

const tags = ['leads'];
/** Spec §6: leads are the marketer's and the admin set's. */
const config = { access: 'leads' } as const;

/** Spec §7 passes these fields "query or body": the query's fields fill what the body leaves out. */
async function queryIntoBody(req: FastifyRequest) {
  const body = req.body && typeof req.body === 'object' ? req.body : {};
  req.body = { ...(req.query as object), ...body };
}

/** Request headers a signed-in POST /leads/lead passes on to POST /create_lead. */
const FORWARDED_HEADERS = ['authorization', 'host', 'accept-language', 'user-agent'] as const;

/**
 * Spec §7 gives POST /leads/lead to two callers: the /entry form of a visitor (no token) and a signed-in
 * user's quick form, which POST /create_lead serves. A call that carries a token is handed, in process, to
 * that route, so the platform's checks of token, company and role (401, 403 before any validation) and the
 * signed-in behaviour apply to it unchanged rather than being copied here.
 */
async function signedInAsCreateLead(req: FastifyRequest, reply: FastifyReply) {
  if (req.headers.authorization === undefined) return;
  const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
  const headers: Record<string, string> = { 'x-request-id': req.id };
  for (const name of FORWARDED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // The body as parsed (JSON, the API's only type), sent on as JSON.
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await req.server.inject({
    method: 'POST',
    url: `${req.server.prefix}/create_lead${search}`,
    headers,
    remoteAddress: req.ip,
    payload: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
  const type = answer.headers['content-type'];
  if (typeof type === 'string') reply.type(type);
  return reply.code(answer.statusCode).send(answer.rawPayload);
}

/** Spec §7 "Leads": the leads themselves — create, read, edit, archive, the list, the archive, to a group. */
export function registerLeadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/leadData', { config, schema: { tags, body: leadInputSchema, response: { 200: leadSchema } } }, (req) =>
    req.tenant((tx, actor) => createLead(tx, actor, req.body)),
  );

  app.post(
    '/create_lead',
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

  app.post(
    '/leads/lead',
    {
      // Public for the visitor; a call with a token is handed to POST /create_lead and its access (leads).
      config: { access: 'public' },
      preValidation: [signedInAsCreateLead, queryIntoBody],
      schema: {
        tags,
        security: [],
        description:
          'The /entry lead form (spec §7): without a token, public with the defences of POST /public/lead ' +
          '(answers `{ ok: true }`); with a token, POST /create_lead (answers the lead).',
        body: entryLeadSchema,
        response: { 200: z.union([leadSchema, okSchema]) },
      },
    },
    async (req) => {
      await submitPublicLead(req.server.database.db, req.hostSubdomain, req.body, req.ip);
      return { ok: true as const };
    },
  );

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
