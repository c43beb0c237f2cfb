import type { RouteDefinition } from '@crm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler of a route-table operation gets: the validated body and query, typed by the definition. */
export interface RouteInput<D extends RouteDefinition> {
  body: Parsed<NonNullable<D['body']>>;
  query: Parsed<NonNullable<D['query']>>;
  params: Parsed<NonNullable<D['params']>>;
}

/**
 * Registers one operation of the contracts' route table (STYLE.md 13): its path, method, access, schemas,
 * operationId and summary come from the definition the web calls too, so neither side restates them.
 */
export function registerRoute<D extends RouteDefinition>(
  app: FastifyInstance,
  definition: D,
  handler: (req: FastifyRequest, input: RouteInput<D>, reply: FastifyReply) => Promise<z.input<D['response']>>,
): void {
  app.route({
    method: definition.method,
    url: definition.path,
    config: {
      access: definition.access,
      ...(definition.work ? { work: definition.work } : {}),
      ...(definition.licence ? { licence: definition.licence } : {}),
    },
    schema: {
      operationId: definition.operationId,
      summary: definition.summary,
      tags: [...definition.tags],
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      response: { 200: definition.response },
    },
    handler: (req, reply) =>
      handler(req, { body: req.body, query: req.query, params: req.params } as RouteInput<D>, reply),
  });
}
