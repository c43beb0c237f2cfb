import {
  debtorsExportQuerySchema,
  debtorsListSchema,
  debtorsParamsSchema,
  debtorsQuerySchema,
  idParamsSchema,
  ledgerEntrySchema,
  monthlyBalanceQuerySchema,
  monthlyBalanceSchema,
  paymentCreateSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentUpdateSchema,
  refundCreateSchema,
  reversalQuerySchema,
  studentBalanceSchema,
  studentLedgerQuerySchema,
  studentLedgerSchema,
  writeOffCreateSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentTaken } from '../sms/events.js';
import { monthlyBalance, studentBalance, studentLedger } from './balances.js';
import { listDebtors } from './debtors.js';
import { branchIdParams, refuseUnknownList, sendDebtorsExport } from './debtors-routes.js';
import { moneyWrite } from './money-write.js';
import {
  cancelPayment,
  cancelWriteOff,
  createPayment,
  createRefund,
  createWriteOff,
  listPayments,
  paymentView,
  updatePayment,
} from './payments.js';

const tags = ['finance'];
/**
 * Spec §6: money is taken by cashiers (finance) and, from the student profile, by the
 * students area (admins, branch director, cashier); owner and CEO always pass.
 */
const access = { anyOf: ['finance', 'students'] } as const;
const userIdParams = z.object({ user_id: z.coerce.number().int().positive() });

/** Spec §7 "Finance": payments, refunds, write-offs and a student's balance. */
export default async function financeModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/payment',
    { config: { access }, schema: { tags, body: paymentCreateSchema, response: { 200: ledgerEntrySchema } } },
    async (req) => {
      const entry = await moneyWrite(req, (tx, actor) => createPayment(tx, actor, req.body));
      await paymentTaken(req, entry);
      return entry;
    },
  );

  app.get(
    '/payment',
    { config: { access }, schema: { tags, querystring: paymentListQuerySchema, response: { 200: paymentListSchema } } },
    (req) => req.tenant((tx, actor) => listPayments(tx, actor, req.query)),
  );

  app.get(
    '/payment/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: ledgerEntrySchema } } },
    (req) => req.tenant((tx, actor) => paymentView(tx, actor, req.params.id)),
  );

  app.put(
    '/payment/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, body: paymentUpdateSchema, response: { 200: ledgerEntrySchema } },
    },
    (req) => moneyWrite(req, (tx, actor, today) => updatePayment(tx, actor, req.params.id, req.body, today)),
  );

  app.delete(
    '/payment/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, querystring: reversalQuerySchema, response: { 200: ledgerEntrySchema } },
    },
    (req) => moneyWrite(req, (tx, actor, today) => cancelPayment(tx, actor, req.params.id, req.query.reason, today)),
  );

  app.post(
    '/refund',
    { config: { access }, schema: { tags, body: refundCreateSchema, response: { 200: ledgerEntrySchema } } },
    (req) => moneyWrite(req, (tx, actor) => createRefund(tx, actor, req.body)),
  );

  app.post(
    '/write-off/custom/:user_id',
    {
      config: { access },
      schema: { tags, params: userIdParams, body: writeOffCreateSchema, response: { 200: ledgerEntrySchema } },
    },
    (req) => moneyWrite(req, (tx, actor) => createWriteOff(tx, actor, req.params.user_id, req.body)),
  );

  app.delete(
    '/write-off/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, querystring: reversalQuerySchema, response: { 200: ledgerEntrySchema } },
    },
    (req) => moneyWrite(req, (tx, actor, today) => cancelWriteOff(tx, actor, req.params.id, req.query.reason, today)),
  );

  app.post(
    '/user/debtors/:list/:branch_id',
    {
      config: { access },
      // An unknown {list} names no list: 404, not a validation error (debtors-routes.ts).
      attachValidation: true,
      schema: { tags, params: debtorsParamsSchema, body: debtorsQuerySchema, response: { 200: debtorsListSchema } },
    },
    (req) => {
      refuseUnknownList(req);
      const { list, branch_id } = req.params;
      return req.tenant((tx, actor) => listDebtors(tx, actor, req.server.clock(), list, branch_id, req.body));
    },
  );

  app.get(
    '/user/debtors-export/:branch_id',
    {
      config: { access, work: 'export' },
      schema: { tags, params: branchIdParams, querystring: debtorsExportQuerySchema },
    },
    (req, reply) => sendDebtorsExport(req, reply, req.params.branch_id, req.query),
  );

  app.get(
    '/user/:id/balance',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: studentBalanceSchema } } },
    (req) => req.tenant((tx, actor) => studentBalance(tx, actor, req.params.id)),
  );

  app.get(
    '/user/:id/monthly_balance',
    {
      config: { access },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: monthlyBalanceQuerySchema,
        response: { 200: monthlyBalanceSchema },
      },
    },
    (req) => req.tenant((tx, actor) => monthlyBalance(tx, actor, req.params.id, req.query)),
  );

  app.get(
    '/user/:id/ledger',
    {
      config: { access },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: studentLedgerQuerySchema,
        response: { 200: studentLedgerSchema },
      },
    },
    (req) => req.tenant((tx, actor) => studentLedger(tx, actor, req.params.id, req.query)),
  );
}
