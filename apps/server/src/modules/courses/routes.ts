import {
  courseDetailSchema,
  courseFileSchema,
  courseInputSchema,
  courseListItemSchema,
  courseListQuerySchema,
  courseSchema,
  FILE_MAX_BYTES,
  fileUploadQuerySchema,
  folderCreateSchema,
  folderListSchema,
  folderQuerySchema,
  folderRenameSchema,
  folderSchema,
  genericUploadQuerySchema,
  idParamsSchema,
  listOf,
  okSchema,
  uploadedFileSchema,
} from '@crm/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { firstUploadedFile } from '../../platform/files.js';
import {
  contentDisposition,
  createFolder,
  deleteFile,
  deleteFolder,
  findFile,
  getFolder,
  listFolders,
  recordGenericUpload,
  recordUploadedFile,
  renameFolder,
  type StoredUpload,
  storeUpload,
} from './files-service.js';
import { createCourse, deleteCourse, getCourse, listCourses, updateCourse } from './service.js';

const access = 'courses' as const;
/**
 * The course list is a catalogue other screens choose from (a group's course, the student and lead filters,
 * payments by course), so those areas may read it; writing stays with the courses area.
 */
const listAccess = { anyOf: ['courses', 'groupList', 'students', 'leads', 'finance'] } as const;
const tags = ['courses'];
const ok = { ok: true as const };

/** Spec §7 "Courses, rooms": /course, /folder and /file. */
export default async function coursesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Multipart only here: no other route of the API accepts uploads by accident.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  });
  const { files } = fastify;
  /** Runs a deletion in the caller's transaction, then removes the bytes it let go: only once committed. */
  const deleteWithBytes = async (req: FastifyRequest, work: (tx: Tx, actor: Actor) => Promise<string | string[]>) => {
    const keys = await req.tenant(work);
    await files.remove(req.claims!.companyId, [keys].flat());
    return ok;
  };

  app.get(
    '/course',
    {
      config: { access: listAccess },
      schema: { tags, querystring: courseListQuerySchema, response: { 200: listOf(courseListItemSchema) } },
    },
    (req) => req.tenant((tx, actor) => listCourses(tx, actor, req.query)),
  );

  app.post(
    '/course',
    { config: { access }, schema: { tags, body: courseInputSchema, response: { 200: courseSchema } } },
    (req) => req.tenant((tx, actor) => createCourse(tx, actor, req.body)),
  );

  app.get(
    '/course/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: courseDetailSchema } } },
    (req) => req.tenant((tx, actor) => getCourse(tx, actor, req.params.id)),
  );

  app.put(
    '/course/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, body: courseInputSchema, response: { 200: courseSchema } },
    },
    (req) => req.tenant((tx, actor) => updateCourse(tx, actor, req.params.id, req.body)),
  );

  app.delete(
    '/course/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: okSchema } } },
    (req) => deleteWithBytes(req, (tx, actor) => deleteCourse(tx, actor, req.params.id)),
  );

  app.get(
    '/folder',
    { config: { access }, schema: { tags, querystring: folderQuerySchema, response: { 200: folderListSchema } } },
    (req) => req.tenant(async (tx, actor) => ({ data: await listFolders(tx, actor, req.query.course_id) })),
  );

  app.post(
    '/folder',
    { config: { access }, schema: { tags, body: folderCreateSchema, response: { 200: folderSchema } } },
    (req) => req.tenant((tx, actor) => createFolder(tx, actor, req.body)),
  );

  app.get(
    '/folder/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: folderSchema } } },
    (req) => req.tenant((tx, actor) => getFolder(tx, actor, req.params.id)),
  );

  app.put(
    '/folder/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, body: folderRenameSchema, response: { 200: folderSchema } },
    },
    (req) => req.tenant((tx, actor) => renameFolder(tx, actor, req.params.id, req.body)),
  );

  app.delete(
    '/folder/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: okSchema } } },
    (req) => deleteWithBytes(req, (tx, actor) => deleteFolder(tx, actor, req.params.id)),
  );

  /**
   * Stores the request's one file (type and size checked, outside any transaction), then describes it in
   * the caller's transaction; bytes whose row was refused are removed.
   */
  const receiveUpload = async <T>(
    req: FastifyRequest,
    record: (tx: Tx, actor: Actor, upload: StoredUpload) => Promise<T>,
  ) => {
    const companyId = req.claims!.companyId;
    const upload = await storeUpload(files, companyId, await firstUploadedFile(req));
    try {
      return await req.tenant((tx, actor) => record(tx, actor, upload));
    } catch (err) {
      await files.remove(companyId, [upload.key]);
      throw err;
    }
  };

  // Spec §7 writes `POST /file/?folder_id`; the path without the slash works too.
  for (const url of ['/file', '/file/']) {
    app.post(
      url,
      {
        config: { access },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          querystring: fileUploadQuerySchema,
          response: { 200: courseFileSchema },
        },
      },
      (req) => receiveUpload(req, (tx, actor, upload) => recordUploadedFile(tx, actor, req.query.folder_id, upload)),
    );
  }

  // Spec §7 `POST file/upload`: the generic upload — to a course without choosing a folder (its Uploads
  // folder), or to a folder; the limits of every upload (FILE_MAX_BYTES, the type allow-list) hold.
  app.post(
    '/file/upload',
    {
      config: { access },
      schema: {
        tags,
        description: 'One file (multipart) into `folder_id`, or into the Uploads folder of `course_id`.',
        consumes: ['multipart/form-data'],
        querystring: genericUploadQuerySchema,
        response: { 200: uploadedFileSchema },
      },
    },
    async (req) => {
      const file = await receiveUpload(req, (tx, actor, upload) => recordGenericUpload(tx, actor, req.query, upload));
      return { ...file, url: `${fastify.prefix}/file/${file.id}` };
    },
  );

  app.get('/file/:id', { config: { access }, schema: { tags, params: idParamsSchema } }, async (req, reply) => {
    const companyId = req.claims!.companyId;
    const file = await req.tenant((tx, actor) => findFile(tx, actor, req.params.id));
    const bytes = await files.open(companyId, file.key);
    if (!bytes) throw notFound();
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', bytes.size)
      .header('content-disposition', contentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(bytes.stream);
  });

  app.delete(
    '/file/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: okSchema } } },
    (req) => deleteWithBytes(req, (tx, actor) => deleteFile(tx, actor, req.params.id)),
  );
}
