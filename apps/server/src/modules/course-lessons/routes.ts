import {
  COURSE_VIDEOS_FOLDER,
  courseFileSchema,
  courseLessonRoutes,
  groupLessonParamsSchema,
  homeworkAnswerSchema,
  idParamsSchema,
  VIDEO_FILE_TYPES,
  VIDEO_MAX_BYTES,
} from '@crm/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { firstUploadedFile } from '../../platform/files.js';
import { registerRoute } from '../../platform/route-table.js';
import {
  COURSE_FILE_LIMITS,
  namedFolder,
  recordUploadedFile,
  storeUpload,
  type UploadLimits,
} from '../courses/files-service.js';
import { readGradeSettings } from '../grades/grade-settings.js';
import { findVisibleGroup } from '../groups/group-scope.js';
import { addGroupLesson, getGroupLessons, myCourseLessons, setLessonOpening } from './group-lessons.js';
import { getGroupLesson, reviewAnswer, saveAnswerFile, saveAnswerText } from './homework.js';
import type { LessonReading } from './lesson-rows.js';
import {
  addCourseLesson,
  deleteLesson,
  findReadableLesson,
  findSyllabusCourse,
  getSyllabus,
  readLesson,
  reorderSyllabus,
  updateLesson,
} from './syllabus.js';

const tags = ['course-lessons'];
const ok = { ok: true as const };

/** A lesson video: a browser-playable type, up to VIDEO_MAX_BYTES. */
const VIDEO_LIMITS: UploadLimits = {
  typeOf: (name: string, declared: string | undefined) => {
    const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
    const types = ext === undefined ? undefined : VIDEO_FILE_TYPES[ext];
    const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
    if (!types) return null;
    return type === '' || type === 'application/octet-stream' || types.includes(type) ? types[0]! : null;
  },
  maxBytes: VIDEO_MAX_BYTES,
  refusal: 'not_a_video_file',
};

/** Issue 19: course lessons (the syllabus), the group's lessons and their homework. */
export default async function courseLessonsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });
  const reading = (req: FastifyRequest): LessonReading => ({
    companyId: req.claims!.companyId,
    media: fastify.mediaLinks,
    now: fastify.clock(),
  });
  /** Runs with the company's grade scale, which scores of answers are read on. */
  const withRules = <T>(
    req: FastifyRequest,
    work: (tx: Tx, actor: Actor, rules: { max_score: number; allow_non_teachers: boolean }) => Promise<T>,
  ) => req.tenant(async (tx, actor) => work(tx, actor, await readGradeSettings(tx, actor.companyId)));

  const r = courseLessonRoutes;
  registerRoute(fastify, r.syllabus, (req, { params }) => req.tenant((tx, actor) => getSyllabus(tx, actor, params.id)));
  registerRoute(fastify, r.addCourseLesson, (req, { params, body }) =>
    req.tenant((tx, actor) => addCourseLesson(tx, actor, reading(req), params.id, body)),
  );
  registerRoute(fastify, r.reorderSyllabus, (req, { params, body }) =>
    req.tenant((tx, actor) => reorderSyllabus(tx, actor, params.id, body)),
  );
  registerRoute(fastify, r.courseLesson, (req, { params }) =>
    req.tenant(async (tx, actor) =>
      readLesson(tx, actor, reading(req), await findReadableLesson(tx, actor, params.id)),
    ),
  );
  registerRoute(fastify, r.updateCourseLesson, (req, { params, body }) =>
    req.tenant((tx, actor) => updateLesson(tx, actor, reading(req), params.id, body)),
  );
  registerRoute(fastify, r.deleteCourseLesson, async (req, { params }) => {
    const keys = await req.tenant((tx, actor) => deleteLesson(tx, actor, params.id));
    await fastify.files.remove(req.claims!.companyId, keys);
    return ok;
  });
  registerRoute(fastify, r.groupLessons, (req, { params }) =>
    withRules(req, (tx, actor, rules) => getGroupLessons(tx, actor, fastify.clock(), params.id, rules.max_score)),
  );
  registerRoute(fastify, r.addGroupLesson, (req, { params, body }) =>
    req.tenant((tx, actor) => addGroupLesson(tx, actor, reading(req), params.id, body)),
  );
  registerRoute(fastify, r.setLessonOpening, (req, { params, body }) =>
    withRules(req, (tx, actor, rules) =>
      setLessonOpening(tx, actor, fastify.clock(), params.id, body, rules.max_score),
    ),
  );
  registerRoute(fastify, r.groupLesson, (req, { params }) =>
    withRules(req, (tx, actor, rules) => getGroupLesson(tx, actor, reading(req), params, rules)),
  );
  registerRoute(fastify, r.saveAnswer, (req, { params, body }) =>
    withRules(req, (tx, actor, rules) => saveAnswerText(tx, actor, reading(req), params, body, rules)),
  );
  registerRoute(fastify, r.reviewAnswer, (req, { params, body }) =>
    withRules(req, (tx, actor, rules) => reviewAnswer(tx, actor, reading(req), params, body, rules)),
  );
  registerRoute(fastify, r.myCourseLessons, (req) =>
    req.tenant((tx, actor) => myCourseLessons(tx, actor, fastify.clock())),
  );

  // A lesson video into the course's Videos folder, where the lesson editor names it from.
  app.post(
    '/course/:id/video',
    {
      config: { access: 'courses' },
      schema: { tags, consumes: ['multipart/form-data'], params: idParamsSchema, response: { 200: courseFileSchema } },
    },
    async (req) => {
      const companyId = req.claims!.companyId;
      // An unknown course is refused before a byte is received.
      await req.tenant((tx, actor) => findSyllabusCourse(tx, actor.companyId, req.params.id));
      const part = await firstUploadedFile(req, VIDEO_LIMITS.maxBytes);
      const upload = await storeUpload(fastify.files, companyId, part, VIDEO_LIMITS);
      try {
        return await req.tenant(async (tx, actor) =>
          recordUploadedFile(tx, actor, await namedFolder(tx, actor, req.params.id, COURSE_VIDEOS_FOLDER), upload),
        );
      } catch (err) {
        await fastify.files.remove(companyId, [upload.key]);
        throw err;
      }
    },
  );

  // The student's homework file: any type a course may hold, at most a course file's size.
  app.post(
    '/group/:id/lesson/:lesson_id/answer/file',
    {
      config: { access: 'groupPage' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: groupLessonParamsSchema,
        response: { 200: homeworkAnswerSchema },
      },
    },
    async (req) => {
      const companyId = req.claims!.companyId;
      // A group the caller cannot see is refused before a byte is received.
      await req.tenant((tx, actor) => findVisibleGroup(tx, actor, req.params.id));
      const part = await firstUploadedFile(req, COURSE_FILE_LIMITS.maxBytes);
      const upload = await storeUpload(fastify.files, companyId, part, COURSE_FILE_LIMITS);
      try {
        const { answer, replacedKey } = await withRules(req, (tx, actor, rules) =>
          saveAnswerFile(tx, actor, reading(req), req.params, upload, rules),
        );
        if (replacedKey) await fastify.files.remove(companyId, [replacedKey]);
        return answer;
      } catch (err) {
        await fastify.files.remove(companyId, [upload.key]);
        throw err;
      }
    },
  );
}
