import {
  entityHistoryQuerySchema,
  groupCommentCreateSchema,
  groupCommentRoutes,
  groupCommentSchema,
  groupCommentsQuerySchema,
  groupCommentsSchema,
  groupCreateSchema,
  groupDeletedSchema,
  groupExportQuerySchema,
  groupListQuerySchema,
  groupPeriodsSchema,
  groupSchema,
  groupUpdateSchema,
  historyItemSchema,
  idParamsSchema,
  leftStudentSchema,
  leftStudentsQuerySchema,
  listOf,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRoute } from '../../platform/route-table.js';
import { addGroupComment, listGroupComments } from './comments.js';
import { groupsWorkbook } from './export.js';
import { listGroupHistory } from './group-history.js';
import { listLeftStudents } from './left-students.js';
import { createGroup, deleteGroup, getGroup, groupPeriods, listAllGroups, listGroups, updateGroup } from './service.js';
import { listStudentComments } from './student-comments.js';
import { registerStudentRoutes } from './students-routes.js';

const tags = ['groups'];
/** Spec §6: the list (and every change, which the service keeps to staff) is the group list area. */
const groupList = 'groupList' as const;
const groupPage = 'groupPage' as const;
/**
 * Spec §6 names teachers for group comments; staff who run the group read and write
 * them too (owner and CEO pass anyway). Students do not see notes about students.
 */
const comments = { anyOf: ['groupComments', 'groupList'] } as const;
/**
 * The list also fills the group filter of the cashier's finance pages (debtors, withdrawals); the
 * service shows him his branches' groups, as it does staff. Creating and editing stay 'groupList'.
 */
const groupListOrFinance = { anyOf: ['groupList', 'finance'] } as const;

/** Spec §7 "Groups and attendance" (the group calls), comments and the students who left. */
export default async function groupsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/group',
    {
      config: { access: groupListOrFinance },
      schema: { tags, querystring: groupListQuerySchema, response: { 200: listOf(groupSchema) } },
    },
    (req) => req.tenant((tx, actor) => listGroups(tx, actor, req.query)),
  );

  app.get(
    '/group/export',
    { config: { access: groupList, work: 'export' }, schema: { tags, querystring: groupExportQuerySchema } },
    async (req, reply) => {
      const list = await req.tenant((tx, actor) => listAllGroups(tx, actor, req.query));
      const file = await groupsWorkbook(list, req.query.lang);
      return reply
        .header('content-disposition', 'attachment; filename="groups.xlsx"')
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(file);
    },
  );

  app.post(
    '/group',
    { config: { access: groupList }, schema: { tags, body: groupCreateSchema, response: { 200: groupSchema } } },
    (req) => req.tenant((tx, actor) => createGroup(tx, actor, req.body)),
  );

  app.get(
    '/group/:id',
    { config: { access: groupPage }, schema: { tags, params: idParamsSchema, response: { 200: groupSchema } } },
    (req) => req.tenant((tx, actor) => getGroup(tx, actor, req.params.id)),
  );

  app.put(
    '/group/:id',
    {
      config: { access: groupList },
      schema: { tags, params: idParamsSchema, body: groupUpdateSchema, response: { 200: groupSchema } },
    },
    (req) => req.tenant((tx, actor) => updateGroup(tx, actor, req.params.id, req.body)),
  );

  app.delete(
    '/group/:id',
    {
      config: { access: groupList },
      schema: { tags, params: idParamsSchema, response: { 200: groupDeletedSchema } },
    },
    (req) =>
      req.tenant(async (tx, actor) => ({ ok: true as const, result: await deleteGroup(tx, actor, req.params.id) })),
  );

  app.get(
    '/group/:id/history',
    {
      config: { access: groupList },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: entityHistoryQuerySchema,
        response: { 200: listOf(historyItemSchema) },
      },
    },
    (req) => req.tenant((tx, actor) => listGroupHistory(tx, actor, req.params.id, req.query)),
  );

  app.get(
    '/group/:id/periods',
    {
      config: { access: groupPage },
      schema: { tags, params: idParamsSchema, response: { 200: groupPeriodsSchema } },
    },
    (req) => req.tenant((tx, actor) => groupPeriods(tx, actor, req.params.id)),
  );

  app.get(
    '/groupComments',
    {
      config: { access: comments },
      schema: { tags, querystring: groupCommentsQuerySchema, response: { 200: groupCommentsSchema } },
    },
    (req) => req.tenant((tx, actor) => listGroupComments(tx, actor, req.query)),
  );

  app.post(
    '/groupComments',
    {
      config: { access: comments },
      schema: { tags, body: groupCommentCreateSchema, response: { 200: groupCommentSchema } },
    },
    (req) => req.tenant((tx, actor) => addGroupComment(tx, actor, req.body)),
  );

  registerRoute(app, groupCommentRoutes.studentComments, (req, { params }) =>
    req.tenant((tx, actor) => listStudentComments(tx, actor, params.id)),
  );

  app.get(
    '/user/left_group',
    {
      config: { access: 'leftStudents' },
      schema: { tags, querystring: leftStudentsQuerySchema, response: { 200: listOf(leftStudentSchema) } },
    },
    (req) => req.tenant((tx, actor) => listLeftStudents(tx, actor, req.query)),
  );

  registerStudentRoutes(app);
}
