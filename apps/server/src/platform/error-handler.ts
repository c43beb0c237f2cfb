import { ERROR_MESSAGES, type ErrorBody, type ErrorCode, type FieldError } from '@crm/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

/** One error shape for every failure: `{ error: { code, message, details?, request_id } }`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return send(reply, req, err.statusCode, err.code, err.message, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => toFieldError(v.instancePath, v.keyword, v.message, v.params));
      return send(reply, req, 400, 'validation_failed', describe(details), details);
    }
    const constraint = constraintViolation(err);
    if (constraint) {
      // A service should have refused this itself; the database is the last line, not a 500.
      req.log.warn({ err }, 'constraint violation reached the error handler');
      return send(reply, req, 409, 'conflict', ERROR_MESSAGES.conflict, { constraint });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return send(reply, req, 500, 'internal', ERROR_MESSAGES.internal);
    }
    // Framework refusals: malformed JSON, wrong content type, body too large…
    return send(reply, req, status, codeForStatus(status), err.message);
  });
}

export function sendRouteNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(reply, req, 404, 'route_not_found', `${ERROR_MESSAGES.route_not_found} ${req.method} ${req.url}`);
}

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

/** Unique (23505), foreign-key (23503) or check (23514) violations, wherever a driver wrapped them. */
function constraintViolation(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505' || e.code === '23503' || e.code === '23514') {
      return typeof e.constraint === 'string' ? e.constraint : String(e.code);
    }
  }
  return undefined;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  return 'validation_failed';
}

/** Names the field and the rule, so the client can place and translate the message. */
function toFieldError(path: string, keyword: string, message: string | undefined, params: unknown): FieldError {
  const p = (params ?? {}) as { minimum?: unknown; maximum?: unknown; origin?: unknown };
  const field = path.replace(/^\//, '').replaceAll('/', '.') || '(body)';
  const missing = keyword === 'invalid_type' && /received undefined/.test(message ?? '');
  const emptyText = keyword === 'too_small' && p.origin === 'string' && p.minimum === 1;
  const rule = missing || emptyText ? 'required' : keyword;
  const limit = typeof p.minimum === 'number' ? p.minimum : typeof p.maximum === 'number' ? p.maximum : undefined;
  const text = rule === 'required' ? `${field} is required` : `${field}: ${message ?? keyword}`;
  return limit === undefined || rule === 'required'
    ? { field, rule, message: text }
    : { field, rule, message: text, limit };
}

const describe = (details: FieldError[]) => details.map((d) => d.message).join('; ');
