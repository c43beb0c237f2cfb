import { isOnlineProvider, type OnlinePaymentSource, onlinePaymentRoutes, Role } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { spendOrRefuse } from '../../platform/request-rate.js';
import { registerRoute } from '../../platform/route-table.js';
import { inCompany } from '../../platform/tenancy.js';
import { originOf } from './checkout-redirect.js';
import { checkoutByToken } from './checkouts.js';
import { feeCheckoutAnswer, openFeeCheckout, studentCheckouts } from './fee-checkouts.js';
import { sendPaymentLink } from './payment-links.js';
import { listProviderAccounts, saveProviderAccount } from './provider-accounts.js';

/** A payer opens a link a few times at most; robots trying tokens meet this limit. */
const LINK_FOLLOWS_PER_MINUTE = 20;

/** Where a payment from the app was started: the student's own screen, his parent's, or the staff's. */
function paymentSource(actor: Actor, studentId: number): OnlinePaymentSource {
  if (actor.id === studentId) return 'student';
  return actor.roles.includes(Role.parent) ? 'parent' : 'staff';
}

/** Fee checkouts (the student's screen, staff, SMS links) and the centre's merchant accounts (settings). */
export function registerCheckoutRoutes(app: FastifyInstance) {
  registerRoute(app, onlinePaymentRoutes.listProviderAccounts, (req) =>
    req.tenant((tx, actor) => listProviderAccounts(tx, actor, originOf(req))),
  );
  registerRoute(app, onlinePaymentRoutes.saveProviderAccount, (req, { params, body }) =>
    req.tenant((tx, actor) => {
      if (!isOnlineProvider(params.provider)) throw notFound();
      return saveProviderAccount(tx, actor, params.provider, body, originOf(req));
    }),
  );
  registerRoute(app, onlinePaymentRoutes.listStudentCheckouts, (req, { query }) =>
    req.tenant((tx, actor) => studentCheckouts(tx, actor, query.student_id, req.server.clock())),
  );
  registerRoute(app, onlinePaymentRoutes.openFeeCheckout, (req, { body }) =>
    req.tenant(async (tx, actor) => {
      const { checkout } = await openFeeCheckout(tx, actor, body, paymentSource(actor, body.student_id));
      return feeCheckoutAnswer(app, tx, checkout, originOf(req));
    }),
  );
  registerRoute(app, onlinePaymentRoutes.sendPaymentLink, async (req, { body }) => {
    const sent = await req.tenant((tx, actor) => sendPaymentLink(app, tx, actor, body, originOf(req)));
    await sent.afterCommit();
    return sent.answer;
  });

  const follows = app.requestRate('checkout-link', LINK_FOLLOWS_PER_MINUTE);
  registerRoute(app, onlinePaymentRoutes.followPaymentLink, async (req, { params }) => {
    await spendOrRefuse(follows, req.ip);
    const [company] = await app.database.db
      .select({ id: companies.id, disabled: companies.disabled })
      .from(companies)
      .where(eq(companies.subdomain, params.subdomain));
    if (!company || company.disabled) throw new AppError(404, 'company_not_found');
    return inCompany(app.database.db, company.id, async (tx) => {
      const checkout = await checkoutByToken(tx, company.id, params.token);
      if (checkout?.purpose !== 'fee') throw new AppError(404, 'not_found');
      return feeCheckoutAnswer(app, tx, checkout, originOf(req));
    });
  });
}
