import {
  dataOf,
  holidayInputSchema,
  holidayQuerySchema,
  holidaySchema,
  idParamsSchema,
  okSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHoliday, deleteHoliday, listHolidays, updateHoliday } from './service.js';

const access = 'holiday' as const;
const tags = ['holidays'];

/** Spec §2 holiday: GET/POST /holiday, PUT/DELETE /holiday/{id}. */
export default async function holidaysModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/holiday',
    { config: { access }, schema: { tags, querystring: holidayQuerySchema, response: { 200: dataOf(holidaySchema) } } },
    (req) => req.tenant(async (tx, actor) => ({ data: await listHolidays(tx, actor, req.query) })),
  );

  app.post(
    '/holiday',
    { config: { access }, schema: { tags, body: holidayInputSchema, response: { 200: holidaySchema } } },
    (req) => req.tenant((tx, actor) => createHoliday(tx, actor, req.body)),
  );

  app.put(
    '/holiday/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, body: holidayInputSchema, response: { 200: holidaySchema } },
    },
    (req) => req.tenant((tx, actor) => updateHoliday(tx, actor, req.params.id, req.body)),
  );

  app.delete(
    '/holiday/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: okSchema } } },
    (req) => req.tenant((tx, actor) => deleteHoliday(tx, actor, req.params.id).then(() => ({ ok: true as const }))),
  );
}
