import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { idempotencyKeyOf, idempotent } from '../../platform/idempotency.js';
import { companyTime } from '../lessons/company-time.js';

/**
 * A money-moving write: in the tenant transaction, behind the Idempotency-Key, with
 * the company's today for the date of any correction.
 */
export function moneyWrite<T>(req: FastifyRequest, work: (tx: Tx, actor: Actor, today: string) => Promise<T>) {
  return req.tenant(async (tx, actor) =>
    idempotent(
      tx,
      actor.companyId,
      // The whole URL: a cancellation's reason travels in the query, and another reason is another request.
      { key: idempotencyKeyOf(req.headers), method: req.method, url: req.url, body: req.body },
      async () => work(tx, actor, (await companyTime(tx, actor.companyId, req.server.clock())).today),
    ),
  );
}
