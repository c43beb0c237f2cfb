import type { z } from 'zod';
import type { Access } from './access.js';
import { okSchema } from './auth.js';
import { passwordChangeSchema } from './users.js';

/**
 * The route table (STYLE.md 13): one definition per operation — method, path, access, schemas,
 * operationId and summary — that the server registers (`registerRoute`) and the web calls (`api`), so a
 * request or answer type is written once and the OpenAPI document is exactly what runs. New operations
 * are declared here; older modules move to it as they are touched.
 */
export interface RouteDefinition<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /api/v1, in Fastify's form (`/user/:id`). */
  path: string;
  operationId: string;
  summary: string;
  tags: readonly string[];
  access: Access;
  body?: Body;
  query?: Query;
  response: Response;
}

const defineRoute = <B extends z.ZodType | undefined, Q extends z.ZodType | undefined, R extends z.ZodType>(
  definition: RouteDefinition<B, Q, R>,
) => definition;

/** What a route takes and answers, as the web sends and reads it. */
export type RouteBody<D> =
  D extends RouteDefinition<infer B, z.ZodType | undefined, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type RouteQuery<D> =
  D extends RouteDefinition<z.ZodType | undefined, infer Q, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type RouteResponse<D> =
  D extends RouteDefinition<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;

export const authRoutes = {
  changeOwnPassword: defineRoute({
    method: 'PUT',
    path: '/auth/password',
    operationId: 'changeOwnPassword',
    summary: 'Changes the caller’s own password (the current one required); his other sessions end.',
    tags: ['auth'],
    access: 'signedIn',
    body: passwordChangeSchema,
    query: undefined,
    response: okSchema,
  }),
};
