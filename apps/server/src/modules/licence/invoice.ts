import { companyDatasSchema, companyDay, idParamsSchema, type PlatformRequisites } from '@crm/contracts';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import { branches, companies } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { readLicenceSettings } from '../console/licence-settings.js';
import { asPlatform } from '../console/platform-db.js';
import { type InvoiceContent, renderInvoicePdf } from './invoice-pdf.js';
import { findLicenceOrder, orderNumberOf } from './orders.js';
import { billingHiddenOn } from './service.js';

/**
 * The invoice for a bank transfer (issue 17, /billing/order): a centre that does not pay online downloads it,
 * pays by transfer with the invoice's number in the purpose, and the platform marks the order paid.
 */

/** The buyer's address: the company has none of its own, so its first working branch's. */
async function buyerAddress(tx: Tx, companyId: number): Promise<string | null> {
  const [row] = await tx
    .select({ address: branches.address })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), isNull(branches.archivedAt), isNotNull(branches.address)))
    .orderBy(asc(branches.id))
    .limit(1);
  return row?.address?.trim() || null;
}

/** Everything the invoice prints, read in the company's own transaction: another company's order is a 404. */
export async function invoiceContentOf(
  tx: Tx,
  companyId: number,
  orderId: number,
  seller: PlatformRequisites | null,
): Promise<InvoiceContent> {
  const order = await findLicenceOrder(tx, companyId, orderId);
  const [company] = await tx
    .select({ name: companies.name, subdomain: companies.subdomain, phone: companies.phone, datas: companies.datas })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const datas = companyDatasSchema.parse(company.datas ?? {});
  return {
    number: orderNumberOf(order),
    // The day as the centre lives it: an order placed at 00:30 in Tashkent is dated that day, not the UTC one.
    day: companyDay(datas, order.createdAt),
    language: datas.locale,
    seller,
    buyer: {
      name: company.name,
      subdomain: company.subdomain,
      phone: company.phone,
      address: await buyerAddress(tx, companyId),
    },
    maxStudents: order.maxStudents,
    periodMonths: order.periodMonths,
    amount: order.amount,
    currency: order.currency,
    status: order.status as InvoiceContent['status'],
    paidDay: order.paidAt ? companyDay(datas, order.paidAt) : null,
  };
}

/**
 * GET /licence/orders/{id}/invoice: the PDF, for the owner and the CEO (spec §6 billing), also after the
 * licence has ended (that is when it is needed). A file, not JSON, so a plain route rather than the route
 * table; the module (routes.ts) calls this under its /api/v1 prefix.
 */
export function registerInvoiceRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/licence/orders/:id/invoice',
    {
      config: { access: 'billing', licence: 'always' },
      schema: {
        tags: ['licence'],
        summary: 'The order’s invoice for a bank transfer (PDF).',
        params: idParamsSchema,
      },
    },
    async (req, reply) => {
      // The platform's settings are on the owner connection: read them before the company's transaction.
      const settings = await asPlatform(app.database.db, readLicenceSettings);
      // Billing is hidden on a white-label partner's host: nothing of it is served there (as in routes.ts).
      if (billingHiddenOn(req.headers.host, settings)) throw notFound();
      const content = await req.tenant((tx, actor) =>
        invoiceContentOf(tx, actor.companyId, req.params.id, settings.requisites),
      );
      const pdf = await renderInvoicePdf(content);
      return reply
        .header('content-disposition', `attachment; filename="invoice-${content.number}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
}
