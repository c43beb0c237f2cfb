import {
  addStudentBodySchema,
  exceptionBodySchema,
  exceptionParamsSchema,
  groupStudentChangedSchema,
  groupStudentParamsSchema,
  groupStudentRemovedSchema,
  groupStudentsSchema,
  idParamsSchema,
  StudentStatus,
  studentGroupsSchema,
  studentStatusParamsSchema,
  studentStatusQuerySchema,
  transferBodySchema,
  transferParamsSchema,
  transferResultSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentActivated } from '../sms/events.js';
import { removeIndividualPrice, setIndividualPrice } from './individual-price.js';
import { listStudentGroups } from './student-groups.js';
import { changeStudentStatus } from './student-status.js';
import { addStudentToGroup, listGroupStudents, removeStudentFromGroup, transferStudent } from './students-in-group.js';

const tags = ['groups'];
/** Spec §6: acting on a student's place in a group is the students area. */
const students = 'students' as const;
/**
 * Reading one student's places: the students area (who acts on them, cashiers included)
 * or the group page (teachers and students, who read groups). The service narrows it:
 * a teacher to his groups, a student to himself.
 */
const studentPlacesReaders = { anyOf: ['students', 'groupPage'] } as const;

/** Spec §7 "Student-group" calls and the group's student list. */
export function registerStudentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/group/:id/students',
    {
      config: { access: 'groupPage' },
      schema: { tags, params: idParamsSchema, response: { 200: groupStudentsSchema } },
    },
    (req) => req.tenant((tx, actor) => listGroupStudents(tx, actor, req.params.id)),
  );

  app.get(
    '/student/:id/groups',
    {
      config: { access: studentPlacesReaders },
      schema: { tags, params: idParamsSchema, response: { 200: studentGroupsSchema } },
    },
    (req) => req.tenant((tx, actor) => listStudentGroups(tx, actor, req.params.id)),
  );

  app.post(
    '/group/:group_id/students/:student_id',
    {
      config: { access: students },
      schema: {
        tags,
        params: groupStudentParamsSchema,
        body: addStudentBodySchema,
        response: { 200: groupStudentChangedSchema },
      },
    },
    (req) =>
      req.tenant((tx, actor) =>
        addStudentToGroup(tx, actor, req.params.group_id, req.params.student_id, req.body.created_date),
      ),
  );

  app.delete(
    '/group/:group/student/:student',
    {
      config: { access: students },
      schema: {
        tags,
        params: studentStatusParamsSchema.omit({ status: true }),
        response: { 200: groupStudentRemovedSchema },
      },
    },
    (req) =>
      req.tenant(async (tx, actor) => ({
        ok: true as const,
        ...(await removeStudentFromGroup(tx, actor, req.params.group, req.params.student)),
      })),
  );

  app.put(
    '/group/:group/student/:student/:status',
    {
      config: { access: students },
      schema: {
        tags,
        params: studentStatusParamsSchema,
        querystring: studentStatusQuerySchema,
        response: { 200: groupStudentChangedSchema },
      },
    },
    async (req) => {
      const changed = await req.tenant((tx, actor) =>
        changeStudentStatus(tx, actor, req.params.group, req.params.student, req.params.status, req.query),
      );
      if (req.params.status === StudentStatus.active) {
        await studentActivated(req, req.params.group, req.params.student, req.server.clock());
      }
      return changed;
    },
  );

  app.post(
    '/student/:student_id/group/:old_group_id/transfer/:group_id',
    {
      config: { access: students },
      schema: { tags, params: transferParamsSchema, body: transferBodySchema, response: { 200: transferResultSchema } },
    },
    (req) => req.tenant((tx, actor) => transferStudent(tx, actor, req.params, req.body)),
  );

  app.put(
    '/group/:group_id/user/:user_id/exception',
    {
      config: { access: students },
      schema: {
        tags,
        params: exceptionParamsSchema,
        body: exceptionBodySchema,
        response: { 200: groupStudentChangedSchema },
      },
    },
    (req) =>
      req.tenant((tx, actor) => setIndividualPrice(tx, actor, req.params.group_id, req.params.user_id, req.body)),
  );

  app.delete(
    '/group/:group_id/user/:user_id/exception',
    {
      config: { access: students },
      schema: { tags, params: exceptionParamsSchema, response: { 200: groupStudentChangedSchema } },
    },
    (req) => req.tenant((tx, actor) => removeIndividualPrice(tx, actor, req.params.group_id, req.params.user_id)),
  );
}
