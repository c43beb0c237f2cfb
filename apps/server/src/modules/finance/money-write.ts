import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { idempotentRequest } from '../../platform/idempotency.js';
import { companyTime } from '../lessons/company-time.js';

/**
 * A money-moving write: in the tenant transaction, behind the Idempotency-Key, with
 * the company's today for the date of any correction.
 */
export function moneyWrite<T>(req: FastifyRequest, work: (tx: Tx, actor: Actor, today: string) => Promise<T>) {
  return req.tenant(async (tx, actor) =>
    // The whole URL counts: a cancellation's reason travels in the query, and another reason is another request.
    idempotentRequest(req, tx, actor.companyId, async () =>
      work(tx, actor, (await companyTime(tx, actor.companyId, req.server.clock())).today),
    ),
  );
}
