import type { RoleId } from '@crm/contracts';
import fc from 'fast-check';
import { type Draft, payloadOf, urlOf } from './draft.js';
import { type InputKind, mutate } from './faults.js';
import type { Operation } from './operations.js';
import { asText, type IdPools, validValue } from './values.js';

/** One request, ready to send: by `app.inject`, or over a real socket (`http`) where Node's own parser speaks. */
export interface AbuseRequest {
  label: string;
  /** The fuzzer's input kind, or the sweep's kind of caller. */
  kind: string;
  /** Where the fault is: `body.name`, `query.branch_id`, `path.id`, `header.host`, `content-type …`. */
  where: string;
  /** The role whose token is sent; null for an anonymous caller. */
  role: RoleId | null;
  transport: 'inject' | 'http';
  method: string;
  /** Already percent-encoded (or deliberately not). */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface RequestContext {
  pools: IdPools;
  /** The home company's row for each path parameter of a route (the foreign-rows fixtures, made at home). */
  pathValues: (op: Operation) => Record<string, unknown>;
  host: string;
  token: (role: RoleId) => string;
  /** A small valid spreadsheet, for the routes that take an upload. */
  sampleFile: Buffer;
}

/**
 * Routes that take a multipart upload: the document shows no JSON body for them, and says so in the
 * description (the imports) or serves files (course files).
 */
export const takesUpload = (op: Operation) =>
  op.method === 'POST' && !op.body && (/multipart/i.test(op.description) || /^\/api\/v1\/file\b/.test(op.path));

/** One in ten requests goes over a real socket, where Node's parser and Fastify's client-error path answer. */
const HTTP_SHARE = 10;

function validDraft(op: Operation, anonymous: boolean, ctx: RequestContext) {
  const known = ctx.pathValues(op);
  const path: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.pathParams)
    path[p.name] =
      known[p.name] === undefined
        ? validValue(p.schema, p.name, ctx.pools).map(asText)
        : fc.constant(String(known[p.name]));
  const query = op.query.map((p) => validValue(p.schema, p.name, ctx.pools).map((v) => [p.name, asText(v)] as const));
  const kept = op.query.map((p) => (p.required ? fc.constant(true) : fc.boolean()));
  return fc
    .record({
      path: fc.record(path),
      query: fc.tuple(...query),
      kept: fc.tuple(...kept),
      body: op.body ? validValue(op.body, 'body', ctx.pools) : fc.constant(undefined),
      role: anonymous || !op.roles.length ? fc.constant(null) : fc.constantFrom(...op.roles),
      socket: fc.integer({ min: 1, max: HTTP_SHARE }),
    })
    .map(({ path, query, kept, body, role, socket }) => ({
      role,
      draft: {
        path,
        rawPath: {},
        query: query.filter((_, i) => kept[i]).map(([k, v]): [string, string] => [k, v]),
        body,
        ...(takesUpload(op)
          ? {
              upload: {
                field: 'file',
                filename: 'list.xlsx',
                type: 'application/octet-stream',
                content: ctx.sampleFile,
              },
            }
          : {}),
        headers: { host: ctx.host, ...(role ? { authorization: `Bearer ${ctx.token(role)}` } : {}) },
        suffix: '',
        where: '',
        ...(socket === 1 ? { transport: 'http' as const } : {}),
      } satisfies Draft,
    }));
}

/** A valid request of `op` (home-company ids), then one fault of `kind`, sent anonymously or as an allowed role. */
export function requestArb(
  op: Operation,
  kind: InputKind,
  anonymous: boolean,
  ctx: RequestContext,
): fc.Arbitrary<AbuseRequest> {
  return validDraft(op, anonymous, ctx).chain(({ role, draft }) =>
    mutate(kind, op, draft, ctx.token(8 as RoleId)).map((d): AbuseRequest => {
      const { payload, contentType } = payloadOf(d);
      const headers = { ...d.headers };
      if (payload !== undefined) headers['content-type'] = contentType!;
      return {
        label: op.label,
        kind,
        where: d.where || '-',
        role,
        transport: d.transport ?? 'inject',
        method: d.method ?? op.method,
        url: urlOf(op, d),
        headers,
        ...(payload === undefined ? {} : { payload }),
      };
    }),
  );
}
