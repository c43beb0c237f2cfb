import {
  addStudentsBodySchema,
  groupStudentsSchema,
  idParamsSchema,
  leftGroupUserSchema,
  leftGroupUsersQuerySchema,
  listOf,
  refundPreviewQuerySchema,
  refundPreviewSchema,
  studentStatisticsQuerySchema,
  studentStatisticsSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listLeftGroupUsers } from './left-group-users.js';
import { refundPreview } from './refund-preview.js';
import { studentStatistics } from './student-statistics.js';
import { addStudentsToGroup } from './students-in-group.js';

const tags = ['groups'];
/** Spec §6: acting on a student's place in a group is the students area (as the other student-group calls). */
const students = 'students' as const;
/** The dashboard shows the counts (spec §2 /dashboard/default); the students area reads them too. */
const statisticsReaders = { anyOf: ['students', 'dashboard'] } as const;
/** The students who left: the left-students page (spec §6 left-students) and its report (reports area). */
const leftReaders = { anyOf: ['leftStudents', 'reports'] } as const;

/**
 * Spec §7 calls on students' places beyond one student in one group: several students join at once, the
 * money a student would get back on leaving, the counts by status, the students the centre lost.
 */
export default async function studentPlacesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/group/:id/students',
    {
      config: { access: students },
      schema: {
        tags,
        description: 'Several students join the group on trial, all or nothing; answers their places.',
        params: idParamsSchema,
        body: addStudentsBodySchema,
        response: { 200: groupStudentsSchema },
      },
    },
    (req) => req.tenant((tx, actor) => addStudentsToGroup(tx, actor, req.params.id, req.body)),
  );

  app.get(
    '/RefundTheStudentForTheGroupController',
    {
      config: { access: students },
      schema: {
        tags,
        description: 'What leaving the group on `date` with return_the_money would give back; books nothing.',
        querystring: refundPreviewQuerySchema,
        response: { 200: refundPreviewSchema },
      },
    },
    (req) => req.tenant((tx, actor) => refundPreview(tx, actor, req.query)),
  );

  app.get(
    '/students/statistics',
    {
      config: { access: statisticsReaders },
      schema: { tags, querystring: studentStatisticsQuerySchema, response: { 200: studentStatisticsSchema } },
    },
    (req) => req.tenant((tx, actor) => studentStatistics(tx, actor, req.query.branch_id)),
  );

  app.get(
    '/leftGroupUsers',
    {
      config: { access: leftReaders },
      schema: {
        tags,
        description: 'Students who left a group in the period and study in no group now, one row each.',
        querystring: leftGroupUsersQuerySchema,
        response: { 200: listOf(leftGroupUserSchema) },
      },
    },
    (req) => req.tenant((tx, actor) => listLeftGroupUsers(tx, actor, req.query)),
  );
}
