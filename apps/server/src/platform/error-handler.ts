import type { Socket } from 'node:net';
import {
  ERROR_MESSAGES,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
  type FieldRule,
  fieldMessage,
  type Language,
  languageFromHeader,
} from '@crm/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldProblem, FieldRefusal } from './errors.js';
import { findTextProblem } from './request-text.js';

/**
 * One error shape for every failure the server or Fastify can produce:
 * `{ error: { code, message, details?, request_id } }`. No library text, constraint or driver name reaches
 * the client; field problems are worded in the caller's language (Accept-Language, uz by default).
 */
export function registerErrorHandling(app: FastifyInstance) {
  // NUL and lone surrogates, refused for every route before its own validation (request-text.ts).
  app.addHook('preValidation', async (req) => {
    const parts = [req.params, req.query, req.body];
    for (const part of parts) {
      const problem = findTextProblem(part);
      if (problem) throw invalidInput(req, [problem]);
    }
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return send(reply, req, err.statusCode, err.code, err.message, err.details);
    }
    if (err instanceof FieldRefusal) {
      const refusal = invalidInput(req, err.problems);
      return send(reply, req, 400, refusal.code, refusal.message, refusal.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const input = inputOf(req, err.validationContext);
      const problems = err.validation.map((v) => toFieldProblem(v.instancePath, v.keyword, v.params, input));
      const refusal = invalidInput(req, problems);
      return send(reply, req, 400, refusal.code, refusal.message, refusal.details);
    }
    if (databaseCode(err) === '57014') {
      // statement_timeout (or a query cancelled because its client left): the request asked too much.
      req.log.warn({ err }, 'statement cancelled');
      return send(reply, req, 503, 'query_timeout', ERROR_MESSAGES.query_timeout);
    }
    if (isDatabaseUnreachable(err)) {
      // The connection broke (a restart, a network cut): the transaction did not commit, unless the break came
      // as the commit was answered, which is why money requests carry idempotency keys. Worth a retry.
      req.log.error({ err }, 'database unreachable');
      reply.header('retry-after', '2');
      return send(reply, req, 503, 'database_unavailable', ERROR_MESSAGES.database_unavailable);
    }
    if (isConstraintViolation(err)) {
      // A service should have refused this itself; the database is the last line, not a 500. The
      // constraint's name stays in the log: it says nothing to a client and something to an attacker.
      req.log.warn({ err }, 'constraint violation reached the error handler');
      return send(reply, req, 409, 'conflict', ERROR_MESSAGES.conflict);
    }
    const status = err.statusCode ?? 500;
    if (status >= 500 || status < 400) {
      req.log.error({ err }, 'request failed');
      return send(reply, req, 500, 'internal', ERROR_MESSAGES.internal);
    }
    // Framework refusals (malformed JSON, wrong content type, body too large…): the status's own code.
    const code = codeForStatus(status);
    return send(reply, req, status, code, ERROR_MESSAGES[code]);
  });
}

/** Fastify's `frameworkErrors`: a malformed URL (`/user/%zz`) is refused before any route or hook runs. */
export function sendFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const code = codeForStatus(status);
  return send(reply, req, status, code, ERROR_MESSAGES[code]);
}

/**
 * Node's own refusals happen before Fastify has a request (a header block or URL over Node's limit, a
 * request that never finishes arriving): answer them in our shape too, then close the connection.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const status =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : err.code === 'HPE_URI_TOO_LONG'
          ? 414
          : 400;
  const code = codeForStatus(status);
  const body = JSON.stringify({ error: { code, message: ERROR_MESSAGES[code] } } satisfies ErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${code}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function sendRouteNotFound(req: FastifyRequest, reply: FastifyReply) {
  // The path as asked, cut short: an address of 60 KB is not worth sending back.
  const path = (req.url.split('?')[0] ?? '').slice(0, 200);
  return send(reply, req, 404, 'route_not_found', `${ERROR_MESSAGES.route_not_found} ${req.method} ${path}`);
}

/** A 400 validation_failed naming each field, worded in the caller's language. */
export function invalidInput(req: FastifyRequest, problems: FieldProblem[]): AppError {
  const language = languageOf(req);
  const details: FieldError[] = problems.map(({ sentence, ...p }) => ({
    ...p,
    message: fieldMessage(language, sentence ?? sentenceFor(p.rule), p.field, p.limit),
  }));
  return new AppError(400, 'validation_failed', details, details.map((d) => d.message).join(' '));
}

const languageOf = (req: FastifyRequest): Language => languageFromHeader(req.headers['accept-language']);

function send(
  reply: FastifyReply,
  req: FastifyRequest,
  status: number,
  code: ErrorCode,
  message: string,
  details?: unknown,
) {
  const body: ErrorBody = { error: { code, message, request_id: req.id } };
  if (details !== undefined) body.error.details = details;
  if (code === 'too_many_attempts' && isRetry(details))
    reply.header('retry-after', String(details.retry_after_seconds));
  return reply.status(status).type('application/json').send(body);
}

const isRetry = (d: unknown): d is { retry_after_seconds: number } =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as { retry_after_seconds?: unknown }).retry_after_seconds === 'number';

/** The SQLSTATE of a driver error, wherever a driver or Drizzle wrapped it. */
export function databaseCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Socket-level failures of node-postgres, and the driver's own words for a connection that broke. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
const CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * The database could not be reached or the connection broke mid-request: SQLSTATE class 08 (connection exception),
 * 57P01–57P03 (the server shutting down or starting), a socket error, or node-postgres's message for a lost link.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code) || CONNECTION_ERRNOS.has(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Unique (23505), foreign-key (23503) or check (23514) violations. */
const isConstraintViolation = (err: unknown) => ['23505', '23503', '23514'].includes(databaseCode(err) ?? '');

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
};
const codeForStatus = (status: number): ErrorCode => STATUS_CODES[status] ?? 'bad_request';

/** The request part a validation error speaks of, to tell a missing value from a malformed one. */
function inputOf(req: FastifyRequest, context: string | undefined): unknown {
  if (context === 'querystring') return req.query;
  if (context === 'params') return req.params;
  if (context === 'headers') return req.headers;
  return req.body;
}

function valueAt(input: unknown, path: string[]): unknown {
  let node = input;
  for (const key of path)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

interface IssueParams {
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  keys?: unknown;
}

/**
 * Names the field and the rule, so the client can place and translate it. A missing number reaches zod as
 * NaN (query values are coerced): the value the client sent tells "required" from "not a number".
 */
function toFieldProblem(instancePath: string, keyword: string, rawParams: unknown, input: unknown) {
  const params = (rawParams ?? {}) as IssueParams;
  const path = instancePath.split('/').filter(Boolean);
  const unknownKey = keyword === 'unrecognized_keys' && Array.isArray(params.keys) ? String(params.keys[0]) : undefined;
  const field = [...path, ...(unknownKey ? [unknownKey] : [])].join('.') || '(body)';
  const sent = valueAt(input, path);
  const absent = sent === undefined || sent === null || sent === '';
  const limit =
    typeof params.minimum === 'number'
      ? params.minimum
      : typeof params.maximum === 'number'
        ? params.maximum
        : undefined;
  const text = params.origin === 'string';
  if ((keyword === 'invalid_type' && absent) || (keyword === 'too_small' && text && limit === 1)) {
    return { field, rule: 'required' };
  }
  if (keyword === 'invalid_type') {
    const numeric =
      typeof sent === 'number' || (typeof sent === 'string' && sent.trim() !== '' && Number.isFinite(Number(sent)));
    const sentence: FieldRule =
      params.expected === 'int' && numeric
        ? 'not_a_whole_number'
        : params.expected === 'number' || params.expected === 'int'
          ? 'not_a_number'
          : 'invalid_type';
    return { field, rule: 'invalid_type', sentence };
  }
  if (keyword === 'too_small' || keyword === 'too_big') {
    const sentence: FieldRule = text ? (keyword === 'too_small' ? 'too_short' : 'too_long') : keyword;
    return limit === undefined ? { field, rule: keyword, sentence } : { field, rule: keyword, limit, sentence };
  }
  return { field, rule: keyword };
}

/**
 * A zod refusal of a value a service checks itself (a free-form part of a body), as field problems the
 * error handler words in the caller's language; `prefix` names where the value sat (`data`; '' for the body).
 */
export function refusalOfZod(issues: readonly ZodIssueLike[], input: unknown, prefix: string): FieldRefusal {
  return new FieldRefusal(
    issues.map((issue) => {
      const problem = toFieldProblem(`/${issue.path.map(String).join('/')}`, issue.code, issue, input);
      const field = !prefix ? problem.field : problem.field === '(body)' ? prefix : `${prefix}.${problem.field}`;
      return { ...problem, field };
    }),
  );
}

interface ZodIssueLike {
  code: string;
  path: readonly PropertyKey[];
}

const SENTENCES: Record<string, FieldRule> = {
  required: 'required',
  invalid_characters: 'invalid_characters',
  too_deep: 'too_deep',
  invalid_format: 'invalid_format',
  invalid_value: 'invalid_value',
  unrecognized_keys: 'unknown_field',
  not_multiple_of: 'invalid_value',
  too_small: 'too_small',
  too_big: 'too_big',
};
const sentenceFor = (rule: string): FieldRule => SENTENCES[rule] ?? 'invalid_value';
