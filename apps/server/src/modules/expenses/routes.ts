import {
  countryRules,
  dataOf,
  expenseChartQuerySchema,
  expenseChartSchema,
  expenseDeleteQuerySchema,
  expenseExportQuerySchema,
  expenseFilterSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseListSchema,
  expensePayeeListSchema,
  expensePayeesQuerySchema,
  expenseSchema,
  expenseTotalsSchema,
  expenseTypeDeletedSchema,
  expenseTypeInputSchema,
  expenseTypeQuerySchema,
  expenseTypeSchema,
  expenseUpdateSchema,
  idParamsSchema,
  okSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findCompanyPublic } from '../company/service.js';
import { moneyWrite } from '../finance/money-write.js';
import { expenseChart } from './expense-chart.js';
import { expenseTotals, listAllExpenses, listExpenses } from './expense-queries.js';
import { listPayees } from './expense-refs.js';
import { createExpenseType, deleteExpenseType, listExpenseTypes, updateExpenseType } from './expense-types.js';
import { createExpense, deleteExpense, updateExpense } from './expenses.js';
import { expensesWorkbook } from './export.js';

const tags = ['expenses'];
/** Spec §2 finance cost and expense-categories, §6 finance: the cashier (owner and CEO always pass). */
const config = { access: 'finance' } as const;
/** One Excel file holds at most this many expenses (a branch books far fewer in any sensible period). */
const EXPORT_CAP = 20_000;

/** Spec §7 "Finance": /expense with totals, chart and export, and /expense_types. */
export default async function expensesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/expense',
    { config, schema: { tags, querystring: expenseListQuerySchema, response: { 200: expenseListSchema } } },
    (req) => req.tenant((tx, actor) => listExpenses(tx, actor, req.query)),
  );

  // Money leaves the branch: behind the Idempotency-Key, like every money-moving write.
  app.post(
    '/expense',
    { config, schema: { tags, body: expenseInputSchema, response: { 200: expenseSchema } } },
    (req) => moneyWrite(req, (tx, actor) => createExpense(tx, actor, req.body)),
  );

  app.put(
    '/expense/:id',
    { config, schema: { tags, params: idParamsSchema, body: expenseUpdateSchema, response: { 200: expenseSchema } } },
    (req) => moneyWrite(req, (tx, actor, today) => updateExpense(tx, actor, req.params.id, req.body, today)),
  );

  app.delete(
    '/expense/:id',
    {
      config,
      schema: { tags, params: idParamsSchema, querystring: expenseDeleteQuerySchema, response: { 200: okSchema } },
    },
    (req) => moneyWrite(req, (tx, actor, today) => deleteExpense(tx, actor, req.params.id, req.query.reason, today)),
  );

  app.get(
    '/expense/totals',
    { config, schema: { tags, querystring: expenseFilterSchema, response: { 200: expenseTotalsSchema } } },
    (req) => req.tenant((tx, actor) => expenseTotals(tx, actor, req.query)),
  );

  app.get(
    '/expense/expense-chart',
    { config, schema: { tags, querystring: expenseChartQuerySchema, response: { 200: expenseChartSchema } } },
    (req) => req.tenant((tx, actor) => expenseChart(tx, actor, req.query)),
  );

  app.get(
    '/expense/export',
    { config: { ...config, work: 'export' }, schema: { tags, querystring: expenseExportQuerySchema } },
    async (req, reply) => {
      const { rows, country } = await req.tenant(async (tx, actor) => ({
        rows: await listAllExpenses(tx, actor, req.query, EXPORT_CAP),
        country: (await findCompanyPublic(tx, actor.companyId)).datas.country,
      }));
      const file = await expensesWorkbook(rows, countryRules(country).currency, req.query.lang);
      const period = [req.query.from_date, req.query.to_date].filter(Boolean).join('_');
      return reply
        .header('content-disposition', `attachment; filename="expenses${period ? `-${period}` : ''}.xlsx"`)
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(file);
    },
  );

  app.get(
    '/expense/payees',
    { config, schema: { tags, querystring: expensePayeesQuerySchema, response: { 200: expensePayeeListSchema } } },
    (req) => req.tenant((tx, actor) => listPayees(tx, actor, req.query.branch_id)),
  );

  app.get(
    '/expense_types',
    { config, schema: { tags, querystring: expenseTypeQuerySchema, response: { 200: dataOf(expenseTypeSchema) } } },
    (req) => req.tenant(async (tx, actor) => ({ data: await listExpenseTypes(tx, actor, req.query.active) })),
  );

  app.post(
    '/expense_types',
    { config, schema: { tags, body: expenseTypeInputSchema, response: { 200: expenseTypeSchema } } },
    (req) => req.tenant((tx, actor) => createExpenseType(tx, actor, req.body)),
  );

  app.put(
    '/expense_types/:id',
    {
      config,
      schema: { tags, params: idParamsSchema, body: expenseTypeInputSchema, response: { 200: expenseTypeSchema } },
    },
    (req) => req.tenant((tx, actor) => updateExpenseType(tx, actor, req.params.id, req.body)),
  );

  app.delete(
    '/expense_types/:id',
    { config, schema: { tags, params: idParamsSchema, response: { 200: expenseTypeDeletedSchema } } },
    (req) => req.tenant((tx, actor) => deleteExpenseType(tx, actor, req.params.id)),
  );
}
