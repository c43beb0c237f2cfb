import {
  idParamsSchema,
  idSchema,
  listOf,
  okSchema,
  pageQuerySchema,
  roomCreatedSchema,
  roomCreateSchema,
  roomInputSchema,
  roomSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createRoom, deleteRoom, listRooms, updateRoom } from './service.js';

const access = 'rooms' as const;
const tags = ['rooms'];

/** Spec §7 "Courses, rooms": GET/POST /room, PUT/DELETE /room/{id}. */
export default async function roomsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/room',
    {
      config: { access },
      schema: {
        tags,
        querystring: pageQuerySchema.extend({ branch_id: idSchema.optional() }),
        response: { 200: listOf(roomSchema) },
      },
    },
    (req) => req.tenant((tx, actor) => listRooms(tx, actor, req.query)),
  );

  app.post(
    '/room',
    { config: { access }, schema: { tags, body: roomCreateSchema, response: { 200: roomCreatedSchema } } },
    (req) => req.tenant((tx, actor) => createRoom(tx, actor, req.body)),
  );

  app.put(
    '/room/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, body: roomInputSchema, response: { 200: roomSchema } },
    },
    (req) => req.tenant((tx, actor) => updateRoom(tx, actor, req.params.id, req.body)),
  );

  app.delete(
    '/room/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: okSchema } } },
    (req) => req.tenant((tx, actor) => deleteRoom(tx, actor, req.params.id).then(() => ({ ok: true as const }))),
  );
}
