import {
  type AnyOfAreas,
  historyItemSchema,
  idParamsSchema,
  LANGUAGES,
  listOf,
  okSchema,
  pageQuerySchema,
  phoneSearchItemSchema,
  phoneSearchQuerySchema,
  userCommentCreateSchema,
  userCommentSchema,
  userCommentsQuerySchema,
  userCreatedSchema,
  userCreateSchema,
  userDeletedManySchema,
  userDeleteManySchema,
  userDeleteQuerySchema,
  userExportQuerySchema,
  userListItemSchema,
  userListQuerySchema,
  userProfileSchema,
  userUpdateSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptSpreadsheetUploads, sendXlsx } from '../../platform/spreadsheet-http.js';
import { findCompanyPublic } from '../company/service.js';
import { postImportJob } from '../jobs/import-job.js';
import { parentPhoneOf, syncParentOfStudent } from '../parents/parent-links.js';
import { addComment, listComments } from './comments.js';
import { buildExport, buildSample } from './excel.js';
import { studentsImport } from './import.js';
import { archiveUsers, deleteUsers, restoreUsers } from './lifecycle.js';
import { getProfile, listAllUsers, listUserHistory, listUsers, searchByPhone } from './queries.js';
import { companyCountry, createUser, hashIfGiven, updateUser } from './service.js';

/** One path serves three areas; the service narrows by the kind of person asked for (assertArea). */
const people: AnyOfAreas = { anyOf: ['students', 'teachers', 'staff'] };
/** Reading one profile: also one's own (spec §6 area "user"). */
const profileReaders: AnyOfAreas = { anyOf: ['students', 'teachers', 'staff', 'user'] };
const tags = ['users'];

export const EXPORT_CAP = 50_000;

const langQuery = z.object({ lang: z.enum(LANGUAGES).optional() });
const idsBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(500) });

/** Spec §7 "Users": GET/POST /user, GET/PUT/DELETE /user/{id}, archive, history, notes, import. */
export default async function usersModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptSpreadsheetUploads(fastify);

  app.get(
    '/user',
    {
      config: { access: people },
      schema: { tags, querystring: userListQuerySchema, response: { 200: listOf(userListItemSchema) } },
    },
    (req) => req.tenant((tx, actor) => listUsers(tx, actor, req.query)),
  );

  app.get(
    '/user/archived_users',
    {
      config: { access: people },
      schema: { tags, querystring: userListQuerySchema, response: { 200: listOf(userListItemSchema) } },
    },
    (req) => req.tenant((tx, actor) => listUsers(tx, actor, req.query, true)),
  );

  app.get(
    '/user/export',
    {
      config: { access: people, work: 'export' },
      schema: {
        tags,
        description: 'The filtered list (same filters as GET /user; `archived=1` for the archive) as xlsx.',
        querystring: userExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { lang, archived, ...query } = req.query;
      const { people: rows, company } = await req.tenant(async (tx, actor) => ({
        people: await listAllUsers(tx, actor, query, archived === '1', EXPORT_CAP),
        company: await findCompanyPublic(tx, actor.companyId),
      }));
      // Headers in the asked language, else the company's.
      return sendXlsx(
        reply,
        await buildExport(rows, lang ?? company.locale, company.country),
        `${query.user_type}s.xlsx`,
      );
    },
  );

  app.get(
    '/user/import/sample',
    { config: { access: 'students' }, schema: { tags, querystring: langQuery } },
    async (req, reply) => {
      const company = await req.tenant((tx, actor) => findCompanyPublic(tx, actor.companyId));
      return sendXlsx(
        reply,
        await buildSample(req.query.lang ?? company.locale, company.country),
        'students-sample.xlsx',
      );
    },
  );

  postImportJob(fastify, '/user/import', studentsImport);

  app.post(
    '/user',
    { config: { access: people }, schema: { tags, body: userCreateSchema, response: { 200: userCreatedSchema } } },
    async (req) => {
      const passwordHash = await hashIfGiven(req.body.password, req.body.phone);
      return req.tenant(async (tx, actor) => {
        const created = await createUser(tx, actor, req.body, passwordHash);
        // Issue 24: the parent phone on a student's record names his parent's account.
        await syncParentOfStudent(tx, actor, created.id, null);
        return created;
      });
    },
  );

  app.post(
    '/user/delete/multiple',
    {
      config: { access: people },
      schema: {
        tags,
        description: 'Archives every id, or with `permanent` deletes archived users for good: all or nothing.',
        body: userDeleteManySchema,
        response: { 200: userDeletedManySchema },
      },
    },
    (req) =>
      req.tenant(async (tx, actor) => {
        const count = req.body.permanent
          ? await deleteUsers(tx, actor, req.body.ids)
          : await archiveUsers(tx, actor, req.body.ids);
        return { ok: true as const, count };
      }),
  );

  app.post(
    '/user/restore/multiple',
    { config: { access: people }, schema: { tags, body: idsBody, response: { 200: userDeletedManySchema } } },
    (req) =>
      req.tenant(async (tx, actor) => ({ ok: true as const, count: await restoreUsers(tx, actor, req.body.ids) })),
  );

  app.get(
    '/user/:id',
    {
      config: { access: profileReaders },
      schema: { tags, params: idParamsSchema, response: { 200: userProfileSchema } },
    },
    (req) => req.tenant((tx, actor) => getProfile(tx, actor, req.params.id)),
  );

  app.put(
    '/user/:id',
    {
      config: { access: people },
      schema: { tags, params: idParamsSchema, body: userUpdateSchema, response: { 200: userProfileSchema } },
    },
    async (req) => {
      const passwordHash = await hashIfGiven(req.body.password, req.body.phone);
      return req.tenant(async (tx, actor) => {
        const parentPhoneBefore = await parentPhoneOf(tx, actor.companyId, req.params.id);
        const profile = await updateUser(tx, actor, req.params.id, req.body, passwordHash);
        await syncParentOfStudent(tx, actor, req.params.id, parentPhoneBefore);
        return profile;
      });
    },
  );

  app.delete(
    '/user/:id',
    {
      config: { access: people },
      schema: {
        tags,
        description: 'Archives the user (spec §4); `?permanent=true` deletes an archived user for good.',
        params: idParamsSchema,
        querystring: userDeleteQuerySchema,
        response: { 200: okSchema },
      },
    },
    (req) =>
      req.tenant(async (tx, actor) => {
        if (req.query.permanent) await deleteUsers(tx, actor, [req.params.id]);
        else await archiveUsers(tx, actor, [req.params.id]);
        return { ok: true as const };
      }),
  );

  app.post(
    '/user/:id/restore',
    { config: { access: people }, schema: { tags, params: idParamsSchema, response: { 200: okSchema } } },
    (req) => req.tenant((tx, actor) => restoreUsers(tx, actor, [req.params.id]).then(() => ({ ok: true as const }))),
  );

  app.get(
    '/user/:id/history',
    {
      config: { access: people },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: listOf(historyItemSchema) },
      },
    },
    (req) => req.tenant((tx, actor) => listUserHistory(tx, actor, req.params.id, req.query.page, req.query.per_page)),
  );

  app.get(
    '/phone_search',
    {
      config: { access: { anyOf: ['students', 'teachers', 'staff', 'call'] } },
      schema: {
        tags,
        querystring: phoneSearchQuerySchema,
        response: { 200: z.object({ data: z.array(phoneSearchItemSchema) }) },
      },
    },
    (req) =>
      req.tenant(async (tx, actor) =>
        searchByPhone(tx, actor, req.query.phone, await companyCountry(tx, actor.companyId), req.query.branch_id),
      ),
  );

  app.get(
    '/userComments',
    {
      config: { access: people },
      schema: {
        tags,
        querystring: userCommentsQuerySchema,
        response: { 200: z.object({ data: z.array(userCommentSchema) }) },
      },
    },
    (req) => req.tenant((tx, actor) => listComments(tx, actor, req.query.user_id)),
  );

  app.post(
    '/userComments',
    {
      config: { access: people },
      schema: { tags, body: userCommentCreateSchema, response: { 200: userCommentSchema } },
    },
    (req) => req.tenant((tx, actor) => addComment(tx, actor, req.body)),
  );
}
