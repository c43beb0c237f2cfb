import {
  type AnyOfAreas,
  advancedSearchQuerySchema,
  listOf,
  userDeleteAllSchema,
  userDeletedManySchema,
  userListItemSchema,
  userSearchItemSchema,
  userSearchQuerySchema,
  userSelectionQuerySchema,
  userSelectionSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { advancedSearch, deleteAllUsers, searchUsers, selectAllUsers } from './search.js';

/** As GET /user: one path serves three areas; the service narrows by the kind of person asked for. */
const people: AnyOfAreas = { anyOf: ['students', 'teachers', 'staff'] };
const tags = ['users'];

/**
 * Spec §7 "Users": finding people (GET /user_search, GET /advanched_search) and acting on all that a
 * filter finds (POST /user/all, POST /user/delete_all) — the people list's bulk actions beyond one page.
 */
export default async function userSearchModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/user_search',
    {
      config: { access: people },
      schema: {
        tags,
        description: 'People whose name or phone holds `search`, of the kinds the caller may open.',
        querystring: userSearchQuerySchema,
        response: { 200: z.object({ data: z.array(userSearchItemSchema) }) },
      },
    },
    (req) => req.tenant((tx, actor) => searchUsers(tx, actor, req.query)),
  );

  app.get(
    '/advanched_search',
    {
      config: { access: people },
      schema: {
        tags,
        description: 'GET /user with more filters (spec §7 spells the path so).',
        querystring: advancedSearchQuerySchema,
        response: { 200: listOf(userListItemSchema) },
      },
    },
    (req) => req.tenant((tx, actor) => advancedSearch(tx, actor, req.query)),
  );

  app.post(
    '/user/all',
    {
      config: { access: people },
      schema: {
        tags,
        description: 'Every user the filters of GET /user find (the caller excepted), for a bulk action.',
        body: userSelectionQuerySchema,
        response: { 200: userSelectionSchema },
      },
    },
    (req) => req.tenant((tx, actor) => selectAllUsers(tx, actor, req.body)),
  );

  app.post(
    '/user/delete_all',
    {
      config: { access: people },
      schema: {
        tags,
        description:
          'Archives every user the filters find, or with `permanent` deletes every archived one; refused (409) ' +
          'when they no longer number `expected_count`. All or nothing.',
        body: userDeleteAllSchema,
        response: { 200: userDeletedManySchema },
      },
    },
    (req) => req.tenant(async (tx, actor) => ({ ok: true as const, count: await deleteAllUsers(tx, actor, req.body) })),
  );
}
