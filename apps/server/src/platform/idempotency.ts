import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from './errors.js';

export interface IdempotentRequest {
  /** The Idempotency-Key header, if the client sent one. */
  key: string | undefined;
  method: string;
  /** The route's URL pattern with its parameters, e.g. `/payment` or `/write-off/custom/7`. */
  url: string;
  body: unknown;
}

/**
 * ARCHITECTURE.md "Money": a money-moving POST with an Idempotency-Key answers a
 * repeat with the first answer and books nothing twice. The key is claimed by a row
 * written in the same transaction as the booking: a concurrent repeat waits on that
 * row and then reads the stored answer; if the first attempt fails, its claim rolls
 * back with it and the key is free again. The same key with another request is refused.
 */
export async function idempotent<T>(tx: Tx, companyId: number, request: IdempotentRequest, work: () => Promise<T>) {
  if (request.key === undefined) return work();
  const key = request.key.trim();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX) {
    throw new AppError(400, 'validation_failed', [
      { field: 'Idempotency-Key', rule: 'invalid_format', message: `1 to ${IDEMPOTENCY_KEY_MAX} characters` },
    ]);
  }
  const fingerprint = `${request.method} ${request.url} ${createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex')}`;
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ companyId, key, request: fingerprint, statusCode: 0, response: sql`'null'::jsonb` })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed.length) {
    const [first] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key)));
    if (!first || first.request !== fingerprint) throw new AppError(422, 'idempotency_key_reused', { key });
    return first.response as T;
  }
  const result = await work();
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: 200, response: sql`${JSON.stringify(result)}::jsonb` })
    .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key)));
  return result;
}

/** The Idempotency-Key header of a request (Fastify lower-cases header names). */
export const idempotencyKeyOf = (headers: Record<string, string | string[] | undefined>): string | undefined => {
  const value = headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * `idempotent` for a route: the request's own key, method, whole URL (a period or a reason may travel in the
 * query, and another one is another request) and body.
 */
export const idempotentRequest = <T>(
  req: Pick<FastifyRequest, 'headers' | 'method' | 'url' | 'body'>,
  tx: Tx,
  companyId: number,
  work: () => Promise<T>,
) =>
  idempotent(
    tx,
    companyId,
    { key: idempotencyKeyOf(req.headers), method: req.method, url: req.url, body: req.body },
    work,
  );
