import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReachable } from '../../db/client.js';

const STATUS = ['ok', 'degraded', 'ready', 'not_ready'] as const;
type Status = (typeof STATUS)[number];
const probeSchema = z.object({ status: z.enum(STATUS), database: z.enum(['up', 'down']) });

/**
 * GET /api/health (liveness: the process answers; 503 while the database cannot be reached) and GET /api/ready
 * (readiness: send it requests — migrated, since the app only listens once they ran, and its database reachable).
 * While the server starts, src/startup-gate.ts answers both.
 */
export default async function healthModule(app: FastifyInstance) {
  const probe = (url: string, [upStatus, downStatus]: readonly [Status, Status]) =>
    app.withTypeProvider<ZodTypeProvider>().get(
      url,
      {
        config: { access: 'public' },
        schema: { tags: ['platform'], response: { 200: probeSchema, 503: probeSchema } },
      },
      async (_req, reply) => {
        const up = await isReachable(app.database.db);
        return reply.status(up ? 200 : 503).send({ status: up ? upStatus : downStatus, database: up ? 'up' : 'down' });
      },
    );
  probe('/health', ['ok', 'degraded']);
  probe('/ready', ['ready', 'not_ready']);
}
