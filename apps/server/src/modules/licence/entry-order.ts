import { randomUUID } from 'node:crypto';
import {
  type CheckoutOutcome,
  companyDatasSchema,
  countryRules,
  type EntryOrderInfo,
  licenceRoutes,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { spendOrRefuse } from '../../platform/request-rate.js';
import { registerRoute } from '../../platform/route-table.js';
import { inCompany } from '../../platform/tenancy.js';
import { asPlatform } from '../console/platform-db.js';
import { tariffPrice } from '../console/tariffs.js';
import { originOf } from '../online-payments/checkout-redirect.js';
import { checkoutByToken, checkoutView } from '../online-payments/checkouts.js';
import { assertLicenceProvider, licenceCheckoutAnswer, openLicenceCheckout } from './licence-checkout.js';
import { createLicenceOrder, findLicenceOrder, licenceOrderView } from './orders.js';
import { tariffListOf } from './service.js';

/*
 * /entry/order (spec §2): a visitor pays for a centre by its subdomain — the link sales staff send — without
 * logging in, and the success page shows how it ended. Public: a per-address limit and a honeypot; the only
 * thing a visitor learns of a centre is its name, logo, licence end and prices.
 */

/** Orders a visitor may place from one address in a minute: a person pays once or twice. */
const ENTRY_ORDERS_PER_MINUTE = 5;

async function publicCompany(app: FastifyInstance, subdomain: string) {
  const [company] = await app.database.db
    .select({
      id: companies.id,
      name: companies.name,
      subdomain: companies.subdomain,
      logo: companies.logo,
      datas: companies.datas,
      licenceEndsOn: companies.licenceEndsOn,
      disabled: companies.disabled,
    })
    .from(companies)
    .where(eq(companies.subdomain, subdomain.toLowerCase()));
  if (!company || company.disabled) throw new AppError(404, 'company_not_found');
  return { ...company, datas: companyDatasSchema.parse(company.datas ?? {}) };
}

export async function entryOrderInfo(app: FastifyInstance, subdomain: string): Promise<EntryOrderInfo> {
  const company = await publicCompany(app, subdomain);
  const { country } = company.datas;
  return {
    company: { name: company.name, subdomain: company.subdomain, logo: company.logo },
    licence: { ends_on: company.licenceEndsOn, max_students: company.datas.tariff_student_limit },
    prices: await asPlatform(app.database.db, (q) => tariffListOf(q, country, countryRules(country).currency)),
  };
}

export function registerEntryOrder(app: FastifyInstance) {
  const orders = app.requestRate('licence-entry-order', ENTRY_ORDERS_PER_MINUTE);
  registerRoute(app, licenceRoutes.createEntryOrder, async (req, { params, body }) => {
    await spendOrRefuse(orders, req.ip);
    const company = await publicCompany(app, params.subdomain);
    // A filled honeypot is a robot: it gets an answer like a person's and nothing is made.
    if (body.website) {
      return {
        token: randomUUID(),
        purpose: 'licence' as const,
        provider: body.provider,
        amount: 0,
        currency: countryRules(company.datas.country).currency,
        status: 'open' as const,
        redirect_url: null,
        paid_at: null,
        created_at: app.clock().toISOString(),
      };
    }
    await assertLicenceProvider(app, company.datas.country, body.provider);
    const tariff = await asPlatform(app.database.db, (q) =>
      tariffPrice(q, company.datas.country, body.max_students, body.period_months),
    );
    const checkout = await inCompany(app.database.db, company.id, async (tx) => {
      const order = await createLicenceOrder(tx, company.id, null, body, tariff);
      return openLicenceCheckout(tx, order, { provider: body.provider, createdBy: null, source: 'entry' });
    });
    return licenceCheckoutAnswer(app, checkout, {
      origin: originOf(req),
      subdomain: company.subdomain,
      login: body.login ?? '',
      ...(body.page === 'order' ? {} : { regional: `offer-${body.page}` }),
    });
  });
}

/** GET /checkouts/{subdomain}/{token}: how a payment ended; the token is the only key to it. */
export async function checkoutOutcome(
  app: FastifyInstance,
  subdomain: string,
  token: string,
): Promise<CheckoutOutcome> {
  const company = await publicCompany(app, subdomain);
  return inCompany(app.database.db, company.id, async (tx) => {
    const checkout = await checkoutByToken(tx, company.id, token);
    if (!checkout) throw new AppError(404, 'not_found');
    const order = checkout.licenceOrderId ? await findLicenceOrder(tx, company.id, checkout.licenceOrderId) : null;
    let studentFirstName: string | null = null;
    if (checkout.studentId) {
      const [student] = await tx
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.companyId, company.id), eq(users.id, checkout.studentId)));
      studentFirstName = student?.name.split(/\s+/)[0] ?? null;
    }
    return {
      ...checkoutView(checkout, null),
      company: { name: company.name, subdomain: company.subdomain },
      order: order ? licenceOrderView(order) : null,
      student_first_name: studentFirstName,
    };
  });
}
