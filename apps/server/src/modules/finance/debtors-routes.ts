import { DEBTOR_LISTS, type DebtorsExportQuery, idSchema } from '@crm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/errors.js';
import { debtorsExport } from './debtors-export.js';
import { debtorsWorkbook } from './debtors-workbook.js';

/** The route helpers of the debtors lines in routes.ts, so the module's route list stays one line a route. */

export const branchIdParams = z.object({ branch_id: idSchema });

/**
 * POST /user/debtors/{list}/…: the route validates with attachValidation, so a {list} that
 * names no list answers 404 (there is no such list), while any other bad input keeps its
 * 400 with field errors.
 */
export function refuseUnknownList(req: FastifyRequest): void {
  if (!req.validationError) return;
  const list = (req.params as { list?: unknown }).list;
  if (!(DEBTOR_LISTS as readonly unknown[]).includes(list)) throw notFound();
  throw req.validationError;
}

/** GET /user/debtors-export/{branch_id}: the Excel file, named by the branch's period. */
export async function sendDebtorsExport(
  req: FastifyRequest,
  reply: FastifyReply,
  branchId: number,
  query: DebtorsExportQuery,
) {
  const file = await req.tenant((tx, actor) => debtorsExport(tx, actor, req.server.clock(), branchId, query));
  const body = await debtorsWorkbook(file, query.lang);
  return reply
    .header('content-disposition', `attachment; filename="debtors-${file.period.start}_${file.period.end}.xlsx"`)
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(body);
}
