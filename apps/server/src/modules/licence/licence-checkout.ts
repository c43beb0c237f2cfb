import type { Checkout, Country, OnlinePaymentSource, OnlineProvider } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { platformMerchantOf } from '../console/licence-settings.js';
import { asPlatform } from '../console/platform-db.js';
import { providerRedirectUrl } from '../online-payments/checkout-redirect.js';
import { type CheckoutRow, checkoutView, openCheckout } from '../online-payments/checkouts.js';
import { assertPayable, type LicenceOrderRow, orderNumberOf } from './orders.js';
import { licenceProvidersOf } from './service.js';

/** Refuses a provider the platform does not take licence money through in the centre's country. */
export async function assertLicenceProvider(app: FastifyInstance, country: Country, provider: OnlineProvider) {
  const offered = await asPlatform(app.database.db, (q) => licenceProvidersOf(q, country));
  if (!offered.includes(provider)) throw new AppError(422, 'payment_provider_not_configured', { provider });
}

/** Opens the online payment of a pending order, in the company's transaction (its history says who). */
export async function openLicenceCheckout(
  tx: Tx,
  order: LicenceOrderRow,
  input: { provider: OnlineProvider; createdBy: number | null; source: OnlinePaymentSource },
): Promise<CheckoutRow> {
  assertPayable(order);
  const checkout = await openCheckout(tx, {
    companyId: order.companyId,
    purpose: 'licence',
    provider: input.provider,
    amount: order.amount,
    currency: order.currency,
    source: input.source,
    createdBy: input.createdBy,
    licenceOrderId: order.id,
  });
  await recordHistory(
    tx,
    { id: input.createdBy, companyId: order.companyId },
    {
      event: 'onlineCheckoutOpened',
      entity: 'company',
      entityId: order.companyId,
      data: { amount: order.amount, provider: input.provider, checkout_id: checkout.id, order_id: order.id },
    },
  );
  return checkout;
}

/**
 * After the checkout is committed: the provider's page to send the payer to, and back from it the success page
 * `/entry/order/success/{token}/{subdomain}/{login}` of the host he came from.
 */
export async function licenceCheckoutAnswer(
  app: FastifyInstance,
  checkout: CheckoutRow,
  page: { origin: string; subdomain: string; login: string; regional?: string },
): Promise<Checkout> {
  const provider = checkout.provider as OnlineProvider;
  const credentials = await asPlatform(app.database.db, (q) => platformMerchantOf(q, provider));
  if (!credentials) throw new AppError(422, 'payment_provider_not_configured', { provider });
  const base = page.regional ? `/entry/${page.regional}` : '/entry/order';
  const login = encodeURIComponent(page.login || '-');
  const returnUrl = `${page.origin}${base}/success/${checkout.token}/${page.subdomain}/${login}`;
  const number = checkout.licenceOrderId
    ? orderNumberOf({ companyId: checkout.companyId, id: checkout.licenceOrderId })
    : '';
  const url = await providerRedirectUrl(app.payments, checkout, credentials, {
    returnUrl,
    description: `Licence ${number}`,
  });
  return checkoutView(checkout, url);
}
