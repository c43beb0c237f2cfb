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
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /api/v1, in Fastify's form (`/user/:id`). */
  path: string;
  operationId: string;
  summary: string;
  tags: readonly string[];
  access: Access;
  /** The `:name` parts of the path; the web fills them in from `params`. */
  params?: Params;
  /** 'export': a file-producing or heavy read that runs on the background pool (decision 0018). */
  work?: 'export';
  /** 'always': reachable when the centre's licence has ended (reading and paying for it; decision 0026). */
  licence?: 'always';
  body?: Body;
  query?: Query;
  response: Response;
}

export const defineRoute = <
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  R extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(
  definition: RouteDefinition<B, Q, R, P>,
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
export type RouteParams<D> =
  D extends RouteDefinition<z.ZodType | undefined, z.ZodType | undefined, z.ZodType, infer P>
    ? P extends z.ZodType
      ? z.input<P>
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
