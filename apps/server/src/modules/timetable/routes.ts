import { scheduleQuerySchema, scheduleSchema } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getSchedule } from './service.js';

/**
 * Spec §7 GET /schedule?branch_id: the timetable panel's data; `date` adds that day's lessons.
 * Staff and teachers (the group list area).
 */
export default async function timetableModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/schedule',
    {
      config: { access: 'groupList' },
      schema: { tags: ['timetable'], querystring: scheduleQuerySchema, response: { 200: scheduleSchema } },
    },
    (req) => req.tenant((tx, actor) => getSchedule(tx, actor, req.query, req.server.clock())),
  );
}
