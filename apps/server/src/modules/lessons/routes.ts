import {
  attendanceDeleteParamsSchema,
  attendanceGridQuerySchema,
  attendanceGridSchema,
  attendanceMarkResultSchema,
  attendanceMarkSchema,
  attendancePeriodParamsSchema,
  groupIdParamsSchema,
  lessonAttendanceResultSchema,
  lessonAttendanceSchema,
  lessonCancelSchema,
  lessonEntitySchema,
  lessonRefParamsSchema,
  lessonSchema,
  lessonTransferSchema,
  teacherChangeSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotentRequest } from '../../platform/idempotency.js';
import { attendanceMarked } from '../telegram-bot/notice-events.js';
import { attendanceGrid, markAttendance, markLesson, unmarkAttendance } from './attendance-service.js';
import { cancelLesson, restoreLesson, setLessonTheme, transferLesson } from './lesson-changes.js';
import { changeTeacher } from './teacher-change.js';

const tags = ['lessons'];
/**
 * Spec §6: the group-list area (teachers and the admin set). Within it the services
 * keep a teacher to the lessons he gives and lesson changes (cancel, move, replace
 * the teacher) to staff.
 */
const access = 'groupList' as const;

/** Spec §7 "Groups and attendance": the attendance grid, marks and lesson changes. */
export default async function lessonsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/group/:group_id/attendance/:from/:till',
    {
      config: { access },
      schema: {
        tags,
        params: attendancePeriodParamsSchema,
        querystring: attendanceGridQuerySchema,
        response: { 200: attendanceGridSchema },
      },
    },
    (req) =>
      req.tenant((tx, actor) =>
        attendanceGrid(tx, actor, req.server.clock(), req.params, req.query.withAttendance !== '0'),
      ),
  );

  app.post(
    '/attendance',
    { config: { access }, schema: { tags, body: attendanceMarkSchema, response: { 200: attendanceMarkResultSchema } } },
    // Issue 24: the teacher's app queues marks made offline and resends them, each with its Idempotency-Key:
    // a mark sent twice is stored and recorded in the history once.
    async (req) => {
      const result = await req.tenant((tx, actor) =>
        idempotentRequest(req, tx, actor.companyId, () => markAttendance(tx, actor, req.server.clock(), req.body)),
      );
      await attendanceMarked(req, req.body);
      return result;
    },
  );

  app.post(
    '/attendance/lesson',
    {
      config: { access },
      schema: { tags, body: lessonAttendanceSchema, response: { 200: lessonAttendanceResultSchema } },
    },
    async (req) => {
      const result = await req.tenant((tx, actor) => markLesson(tx, actor, req.server.clock(), req.body));
      await attendanceMarked(req, req.body);
      return result;
    },
  );

  app.delete(
    '/attendance/:student_id/:group_id/:attend_date/delete',
    {
      config: { access },
      schema: {
        tags,
        params: attendanceDeleteParamsSchema,
        response: { 200: z.object({ student_id: z.number(), group_id: z.number(), date: z.string() }) },
      },
    },
    (req) => req.tenant((tx, actor) => unmarkAttendance(tx, actor, req.server.clock(), req.params)),
  );

  app.post(
    '/canceled-lesson',
    { config: { access }, schema: { tags, body: lessonCancelSchema, response: { 200: lessonSchema } } },
    (req) => req.tenant((tx, actor) => cancelLesson(tx, actor, req.body)),
  );

  app.delete(
    '/canceled-lesson/:group_id/:date',
    { config: { access }, schema: { tags, params: lessonRefParamsSchema, response: { 200: lessonSchema } } },
    (req) => req.tenant((tx, actor) => restoreLesson(tx, actor, req.params)),
  );

  app.post(
    '/lesson/transfer',
    { config: { access }, schema: { tags, body: lessonTransferSchema, response: { 200: lessonSchema } } },
    (req) => req.tenant((tx, actor) => transferLesson(tx, actor, req.body)),
  );

  app.post(
    '/lesson-entity',
    { config: { access }, schema: { tags, body: lessonEntitySchema, response: { 200: lessonSchema } } },
    (req) => req.tenant((tx, actor) => setLessonTheme(tx, actor, req.body)),
  );

  app.put(
    '/group/:group_id/teacher/change',
    {
      config: { access },
      schema: {
        tags,
        params: groupIdParamsSchema,
        body: teacherChangeSchema,
        response: {
          200: z.object({
            group_id: z.number(),
            teacher_id: z.number(),
            scope: teacherChangeSchema.shape.scope,
            date: z.string(),
          }),
        },
      },
    },
    (req) => req.tenant((tx, actor) => changeTeacher(tx, actor, req.params.group_id, req.body)),
  );
}
