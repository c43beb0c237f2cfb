import {
  type AnyOfAreas,
  historyItemSchema,
  idParamsSchema,
  importQuerySchema,
  importResultSchema,
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
  userListItemSchema,
  userListQuerySchema,
  userProfileSchema,
  userUpdateSchema,
} from '@crm/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { findCompanyPublic } from '../company/service.js';
import { addComment, listComments } from './comments.js';
import { buildExport, buildSample, parseImportFile } from './excel.js';
import { importStudents } from './import.js';
import { archiveUsers, deleteUsers, restoreUsers } from './lifecycle.js';
import { getProfile, listAllUsers, listUserHistory, listUsers, searchByPhone } from './queries.js';
import { companyCountry, createUser, hashIfGiven, updateUser } from './service.js';

/** One path serves three areas; the service narrows by the kind of person asked for (assertArea). */
const people: AnyOfAreas = { anyOf: ['students', 'teachers', 'staff'] };
/** Reading one profile: also one's own (spec §6 area "user"). */
const profileReaders: AnyOfAreas = { anyOf: ['students', 'teachers', 'staff', 'user'] };
const tags = ['users'];

/** Spreadsheets stay under a few MB; 10,000 rows of the sample are ~0.5 MB. */
const UPLOAD_LIMIT = 20 * 1024 * 1024;
const EXPORT_CAP = 50_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const langQuery = z.object({ lang: z.enum(LANGUAGES).optional() });
const idsBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(500) });

const sendXlsx = (reply: FastifyReply, buffer: Buffer, name: string) =>
  reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(buffer);

/** Spec §7 "Users": GET/POST /user, GET/PUT/DELETE /user/{id}, archive, history, notes, import. */
export default async function usersModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Multipart is parsed only by this module's routes (encapsulated), one file per request.
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 5 } });

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
      config: { access: people },
      schema: {
        tags,
        description: 'The filtered list (same filters as GET /user; `archived=1` for the archive) as xlsx.',
        querystring: userListQuerySchema.extend(langQuery.shape).extend({ archived: z.enum(['0', '1']).optional() }),
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

  app.post(
    '/user/import',
    {
      config: { access: 'students' },
      schema: {
        tags,
        description: 'multipart/form-data with one .xls or .xlsx file (field "file").',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: importResultSchema },
      },
    },
    async (req) => {
      const startedAt = performance.now();
      if (!req.isMultipart()) throw new AppError(400, 'import_file_invalid');
      const file = await req.file();
      if (!file) throw new AppError(400, 'import_file_invalid');
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large');
        throw error;
      }
      // Parsing is CPU work: done before the transaction takes the connection.
      const rows = parseImportFile(buffer);
      return req.tenant((tx, actor) => importStudents(tx, actor, req.query.branch_id, rows, startedAt));
    },
  );

  app.post(
    '/user',
    { config: { access: people }, schema: { tags, body: userCreateSchema, response: { 200: userCreatedSchema } } },
    async (req) => {
      const passwordHash = await hashIfGiven(req.body.password);
      return req.tenant((tx, actor) => createUser(tx, actor, req.body, passwordHash));
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
      const passwordHash = await hashIfGiven(req.body.password);
      return req.tenant((tx, actor) => updateUser(tx, actor, req.params.id, req.body, passwordHash));
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
