import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReachable } from '../../db/client.js';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** GET /api/health: for load balancers and operators; 503 while the database cannot be reached. */
export default async function healthModule(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_req, reply) => {
      const up = await isReachable(app.database.db);
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
}
