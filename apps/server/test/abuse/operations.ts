import { type Access, PUBLIC, passesAccess, ROLE_IDS, type RoleId } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The operations of the API as the OpenAPI document describes them (`app.swagger()`), joined with
 * each route's declared access, so the abuse suites walk exactly what a client of /api/docs sees.
 */

/** The subset of JSON Schema that @fastify/swagger writes for our zod contracts. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Operation {
  method: Method;
  /** OpenAPI form, `/api/v1/user/{id}`. */
  path: string;
  /** Fastify form, `/api/v1/user/:id`: the key of the foreign-rows fixtures. */
  route: string;
  label: string;
  description: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema; absent when the route takes none (or a multipart upload). */
  body?: JsonSchema;
  access: Access;
  /** Roles that may call it; every role for public and signed-in routes. */
  roles: RoleId[];
  isPublic: boolean;
}

interface OpenApiOperation {
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export function listOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const access = new Map(app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/') && path !== '/api/health') continue;
    // `{*}` is a wildcard route's rest of the path (GET /media/*).
    const route = path.replace(/\{(\w+)\}/g, ':$1').replace('{*}', '*');
    for (const [lower, op] of Object.entries(methods)) {
      const method = lower.toUpperCase() as Method;
      const declared = access.get(`${method} ${route}`);
      if (!declared) throw new Error(`${method} ${path} is in the OpenAPI document but declares no access`);
      const params = (where: string): Parameter[] =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
      operations.push({
        method,
        path,
        route,
        label: `${method} ${path}`,
        description: op.description ?? '',
        pathParams: params('path'),
        query: params('query'),
        body: op.requestBody?.content['application/json']?.schema,
        access: declared,
        roles: ROLE_IDS.filter((role) => passesAccess(declared, [role])),
        isPublic: declared === PUBLIC,
      });
    }
  }
  return operations;
}
