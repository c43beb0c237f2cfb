import { companyDay, countryRules, licenceRoutes } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { registerRoute } from '../../platform/route-table.js';
import { asPlatform } from '../console/platform-db.js';
import { tariffPrice } from '../console/tariffs.js';
import { originOf } from '../online-payments/checkout-redirect.js';
import { checkoutOutcome, entryOrderInfo, registerEntryOrder } from './entry-order.js';
import { registerInvoiceRoute } from './invoice.js';
import { assertLicenceProvider, licenceCheckoutAnswer, openLicenceCheckout } from './licence-checkout.js';
import { licenceSettingsOf } from './licence-state.js';
import {
  assertPayable,
  createLicenceOrder,
  findLicenceOrder,
  licenceOrderView,
  listLicenceOrders,
  listLicencePayments,
} from './orders.js';
import { billingHiddenOn, companyLicenceRow, licenceOf, tariffListOf } from './service.js';

/**
 * The centre's licence (issue 17, decision 0026): its standing, the price list, orders and their online payment,
 * the licence payments (spec §7 GET /company/{id}/payments), and the visitor's /entry/order. Every route here
 * is reachable when the licence has ended: that is when it is needed.
 */
export default async function licenceModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  /** Billing is hidden on a partner's host: nothing of it is served there. */
  const assertBillingShown = async (host: string | undefined) => {
    if (billingHiddenOn(host, await licenceSettingsOf(db))) throw notFound();
  };
  registerRoute(app, licenceRoutes.getLicence, async (req) => {
    const settings = await licenceSettingsOf(db);
    const now = app.clock();
    return req.tenant((tx, actor) =>
      licenceOf(tx, actor, { today: (datas) => companyDay(datas, now), settings, host: req.headers.host }),
    );
  });

  registerRoute(app, licenceRoutes.listTariffs, async (req) => {
    await assertBillingShown(req.headers.host);
    const company = await req.tenant((tx, actor) => companyLicenceRow(tx, actor.companyId));
    return asPlatform(db, (q) => tariffListOf(q, company.datas.country, countryRules(company.datas.country).currency));
  });

  registerRoute(app, licenceRoutes.listLicenceOrders, async (req) => {
    await assertBillingShown(req.headers.host);
    return { data: await req.tenant((tx, actor) => listLicenceOrders(tx, actor.companyId)) };
  });

  registerRoute(app, licenceRoutes.createLicenceOrder, async (req, { body }) => {
    await assertBillingShown(req.headers.host);
    const company = await req.tenant((tx, actor) => companyLicenceRow(tx, actor.companyId));
    const tariff = await asPlatform(db, (q) =>
      tariffPrice(q, company.datas.country, body.max_students, body.period_months),
    );
    const order = await req.tenant((tx, actor) => createLicenceOrder(tx, actor.companyId, actor.id, body, tariff));
    return licenceOrderView(order);
  });

  registerRoute(app, licenceRoutes.payLicenceOrder, async (req, { params, body }) => {
    await assertBillingShown(req.headers.host);
    // The order first (another company's is 404 whatever the provider), then the provider on the owner connection.
    const company = await req.tenant(async (tx, actor) => {
      assertPayable(await findLicenceOrder(tx, actor.companyId, params.id));
      return companyLicenceRow(tx, actor.companyId);
    });
    await assertLicenceProvider(app, company.datas.country, body.provider);
    const { checkout, login } = await req.tenant(async (tx, actor) => {
      const order = await findLicenceOrder(tx, actor.companyId, params.id);
      const opened = await openLicenceCheckout(tx, order, {
        provider: body.provider,
        createdBy: actor.id,
        source: 'billing',
      });
      const [me] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, actor.id));
      return { checkout: opened, login: me?.phone ?? '' };
    });
    return licenceCheckoutAnswer(app, checkout, {
      origin: originOf(req),
      subdomain: req.hostSubdomain ?? '',
      login,
    });
  });

  registerRoute(app, licenceRoutes.listCompanyPayments, async (req, { params }) => {
    await assertBillingShown(req.headers.host);
    return {
      data: await req.tenant((tx, actor) => {
        if (params.id !== actor.companyId) throw notFound();
        return listLicencePayments(tx, actor.companyId);
      }),
    };
  });

  registerRoute(app, licenceRoutes.getEntryOrder, (_req, { params }) => entryOrderInfo(app, params.subdomain));
  registerEntryOrder(app);
  registerRoute(app, licenceRoutes.getEntryTariffs, (_req, { params }) =>
    asPlatform(db, (q) => tariffListOf(q, params.country, countryRules(params.country).currency)),
  );
  registerRoute(app, licenceRoutes.getCheckoutOutcome, (_req, { params }) =>
    checkoutOutcome(app, params.subdomain, params.token),
  );
  registerInvoiceRoute(app);
}
