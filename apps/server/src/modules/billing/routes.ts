import { reWithdrawBodySchema, reWithdrawQuerySchema, reWithdrawResultSchema } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotentRequest } from '../../platform/idempotency.js';
import { reWithdraw } from './re-withdraw.js';
import { registerBillingJobs } from './scheduler.js';

const groupParams = z.object({ group_id: z.coerce.number().int().positive() });

/** Spec §7 Finance: POST /group/{group_id}/re_withdraw — the billing engine's one route. */
export default async function billingModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerBillingJobs(fastify);

  app.post(
    '/group/:group_id/re_withdraw',
    {
      // Group staff (spec §6 groupList); the service keeps teachers out, as for other group changes.
      config: { access: 'groupList' },
      schema: {
        tags: ['finance'],
        params: groupParams,
        querystring: reWithdrawQuerySchema,
        body: reWithdrawBodySchema,
        response: { 200: reWithdrawResultSchema },
      },
    },
    (req) =>
      req.tenant((tx, actor) =>
        // The whole URL counts: the period is in the query, so a key reused for another period is refused.
        idempotentRequest(req, tx, actor.companyId, () =>
          reWithdraw(tx, actor, req.params.group_id, req.query, req.body, req.server.clock()),
        ),
      ),
  );
}
