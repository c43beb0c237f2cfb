import {
  idParamsSchema,
  okSchema,
  salaryCalculatedSchema,
  salaryCalculateSchema,
  salaryDetailSchema,
  salaryListQuerySchema,
  salaryListSchema,
  salaryPublishSchema,
  salarySettingInputSchema,
  salarySettingListSchema,
  salarySettingParamsSchema,
  salarySettingSchema,
  salaryUnpublishSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moneyWrite } from '../finance/money-write.js';
import { calculateSalaries } from './calculate.js';
import { publishSalary, unpublishSalary } from './publish.js';
import { SALARY_MANAGE_ACCESS, SALARY_READ_ACCESS } from './salary-access.js';
import { listSalaries, salaryDetail } from './salary-queries.js';
import { createSalarySetting, deleteSalarySetting, listSalarySettings, updateSalarySetting } from './settings.js';

const tags = ['salaries'];
const manage = { access: SALARY_MANAGE_ACCESS } as const;
const read = { access: SALARY_READ_ACCESS } as const;

/**
 * Spec §2 finance salaries and new-salaries, §7 /company/{id}/teacher_salary_settings:
 * the rules of pay, the month's calculation, its review and its publication to the ledger.
 */
export default async function salariesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/company/:id/teacher_salary_settings',
    { config: manage, schema: { tags, params: idParamsSchema, response: { 200: salarySettingListSchema } } },
    (req) => req.tenant((tx, actor) => listSalarySettings(tx, actor, req.params.id)),
  );

  app.post(
    '/company/:id/teacher_salary_settings',
    {
      config: manage,
      schema: { tags, params: idParamsSchema, body: salarySettingInputSchema, response: { 200: salarySettingSchema } },
    },
    (req) => req.tenant((tx, actor) => createSalarySetting(tx, actor, req.params.id, req.body)),
  );

  app.put(
    '/company/:id/teacher_salary_settings/:setting_id',
    {
      config: manage,
      schema: {
        tags,
        params: salarySettingParamsSchema,
        body: salarySettingInputSchema,
        response: { 200: salarySettingSchema },
      },
    },
    (req) => req.tenant((tx, actor) => updateSalarySetting(tx, actor, req.params.id, req.params.setting_id, req.body)),
  );

  app.delete(
    '/company/:id/teacher_salary_settings/:setting_id',
    { config: manage, schema: { tags, params: salarySettingParamsSchema, response: { 200: okSchema } } },
    (req) => req.tenant((tx, actor) => deleteSalarySetting(tx, actor, req.params.id, req.params.setting_id)),
  );

  app.post(
    '/salaries/calculate',
    { config: manage, schema: { tags, body: salaryCalculateSchema, response: { 200: salaryCalculatedSchema } } },
    (req) => req.tenant((tx, actor) => calculateSalaries(tx, actor, req.body, req.server.clock())),
  );

  app.get(
    '/salaries',
    { config: read, schema: { tags, querystring: salaryListQuerySchema, response: { 200: salaryListSchema } } },
    (req) => req.tenant((tx, actor) => listSalaries(tx, actor, req.query)),
  );

  app.get(
    '/salaries/:id',
    { config: read, schema: { tags, params: idParamsSchema, response: { 200: salaryDetailSchema } } },
    (req) => req.tenant((tx, actor) => salaryDetail(tx, actor, req.params.id)),
  );

  // Money leaves the branch: behind the Idempotency-Key, like every money-moving write.
  app.post(
    '/salaries/:id/publish',
    {
      config: manage,
      schema: { tags, params: idParamsSchema, body: salaryPublishSchema, response: { 200: salaryDetailSchema } },
    },
    (req) =>
      moneyWrite(req, (tx, actor, today) =>
        publishSalary(tx, actor, req.params.id, req.body, today, req.server.clock()),
      ),
  );

  app.post(
    '/salaries/:id/unpublish',
    {
      config: manage,
      schema: { tags, params: idParamsSchema, body: salaryUnpublishSchema, response: { 200: salaryDetailSchema } },
    },
    (req) => moneyWrite(req, (tx, actor, today) => unpublishSalary(tx, actor, req.params.id, req.body.reason, today)),
  );
}
