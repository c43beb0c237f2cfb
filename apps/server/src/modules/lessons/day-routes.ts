import { dayLessonsQuerySchema, dayLessonsSchema } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listDayLessons } from './day-lessons.js';

/**
 * GET /lessons/day: a day's lessons (the teacher's home, the timetable on a date).
 * Teachers (their own lessons) and staff (a branch's): the dashboard or group list area.
 */
export default async function dayLessonsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/lessons/day',
    {
      config: { access: { anyOf: ['dashboard', 'groupList'] } },
      schema: { tags: ['lessons'], querystring: dayLessonsQuerySchema, response: { 200: dayLessonsSchema } },
    },
    (req) => req.tenant((tx, actor) => listDayLessons(tx, actor, req.query, req.server.clock())),
  );
}
