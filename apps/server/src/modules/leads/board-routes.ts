import {
  idParamsSchema,
  type LeadBoard,
  leadBoardQuerySchema,
  leadBoardSchema,
  leadIncrementInputSchema,
  leadIncrementSchema,
  leadListSchema,
  leadPageQuerySchema,
  leadSectionInputSchema,
  leadSectionSchema,
  leadSectionUpdateSchema,
  leadStreamQuerySchema,
  leadUpdatesQuerySchema,
  leadUpdatesSchema,
  okSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertBranch } from '../../platform/actor.js';
import { loadBoard, loadMore } from './board.js';
import { applyBoardChange } from './board-changes.js';
import { boardTime, updatesSince } from './board-clock.js';
import { BoardHub } from './board-hub.js';
import { createSection, deleteSection, listSections, renameSection, sectionById } from './lead-sections.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes board records to the boards open on this process (docs/decisions/0015). */
    leadHub: BoardHub;
  }
}

const tags = ['leads'];
/** Spec §6: leads are the marketer's and the admin set's. */
const config = { access: 'leads' } as const;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** The reconnection delay a stream is told when its server stops (issue 23's graceful stop). */
const RECONNECT_AFTER_SHUTDOWN_MS = 1000;

/** Spec §4 and §7: the live board — its load, its changes, their records, and their push. */
export default async function leadBoardModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = new BoardHub(app.database);
  app.decorate('leadHub', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());

  app.get(
    '/leads/',
    { config, schema: { tags, querystring: leadBoardQuerySchema, response: { 200: leadBoardSchema } } },
    async (req, reply) => {
      const board = await req.tenant((tx, actor) => loadBoard(tx, actor, req.query.branch_id));
      // PostgreSQL wrote the board's JSON (board.ts): Fastify sends a string typed as JSON as it is, past the
      // serializer, so the schema above documents the answer and board.test.ts holds the text to it.
      return reply.type('application/json').send(board as unknown as LeadBoard);
    },
  );

  app.get(
    '/leads/more',
    {
      config,
      schema: { tags, querystring: leadPageQuerySchema, response: { 200: leadListSchema.pick({ data: true }) } },
    },
    async (req) => ({ data: await req.tenant((tx, actor) => loadMore(tx, actor, req.query)) }),
  );

  app.post(
    '/lead-increment/',
    {
      config,
      schema: {
        tags,
        querystring: leadUpdatesQuerySchema.pick({ branch_id: true }),
        // `data` is checked per kind of change, with field names, by applyBoardChange.
        body: leadIncrementInputSchema.extend({ data: z.unknown() }),
        response: { 200: leadIncrementSchema },
      },
    },
    (req) =>
      req.tenant((tx, actor) =>
        applyBoardChange(tx, actor, req.query.branch_id, req.body as Parameters<typeof applyBoardChange>[3]),
      ),
  );

  app.get(
    '/lead-increment/updates',
    { config, schema: { tags, querystring: leadUpdatesQuerySchema, response: { 200: leadUpdatesSchema } } },
    (req) =>
      req.tenant((tx, actor) => {
        assertBranch(actor, req.query.branch_id);
        return updatesSince(tx, actor.companyId, req.query.branch_id, req.query.from);
      }),
  );

  app.get(
    '/lead-increment/stream',
    { config, schema: { tags, querystring: leadStreamQuerySchema } },
    async (req, reply) => {
      const { branch_id: branchId } = req.query;
      const start = await req.tenant(async (tx, actor) => {
        assertBranch(actor, branchId);
        const time = req.query.from ?? (await boardTime(tx, actor.companyId, branchId));
        return { companyId: actor.companyId, sessionId: actor.sessionId, time };
      });
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 3000\nevent: ready\ndata: ${JSON.stringify({ time: start.time })}\n\n`);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const stop = hub.watch({
        companyId: start.companyId,
        branchId,
        time: start.time,
        send: (updates) => res.write(`event: updates\ndata: ${JSON.stringify(updates)}\n\n`),
        // Only when this server stops (its hub ends every stream): the browser comes back soon, to another one.
        end: () => res.end(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`),
      });
      // Log-out, a password or role change or archiving ends the stream too, in any process (issue 13 §5).
      const forget = app.sessionStreams.watch(start.sessionId, () => res.end());
      req.raw.on('close', () => {
        clearInterval(heartbeat);
        stop();
        forget();
      });
    },
  );

  // Spec §7 sections: GET /leadSection, GET /leads/sections?branch_id, POST, GET/PUT/DELETE /leadSection/{id}.
  for (const path of ['/leadSection', '/leads/sections']) {
    app.get(
      path,
      {
        config,
        schema: {
          tags,
          querystring: leadBoardQuerySchema,
          response: { 200: z.object({ data: z.array(leadSectionSchema) }) },
        },
      },
      async (req) => ({ data: await req.tenant((tx, actor) => listSections(tx, actor, req.query.branch_id)) }),
    );
  }
  app.post(
    '/leadSection',
    { config, schema: { tags, body: leadSectionInputSchema, response: { 200: leadSectionSchema } } },
    async (req) => (await req.tenant((tx, actor) => createSection(tx, actor, req.body))).section,
  );
  app.get(
    '/leadSection/:id',
    { config, schema: { tags, params: idParamsSchema, response: { 200: leadSectionSchema } } },
    (req) => req.tenant((tx, actor) => sectionById(tx, actor, req.params.id)),
  );
  app.put(
    '/leadSection/:id',
    {
      config,
      schema: { tags, params: idParamsSchema, body: leadSectionUpdateSchema, response: { 200: leadSectionSchema } },
    },
    async (req) =>
      (await req.tenant((tx, actor) => renameSection(tx, actor, { id: req.params.id }, req.body.title))).section,
  );
  app.delete(
    '/leadSection/:id',
    { config, schema: { tags, params: idParamsSchema, response: { 200: okSchema } } },
    async (req) => {
      await req.tenant((tx, actor) => deleteSection(tx, actor, { id: req.params.id }));
      return { ok: true as const };
    },
  );
}
