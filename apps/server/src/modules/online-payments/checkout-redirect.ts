import type { OnlineProvider, ProviderCredentials } from '@crm/contracts';
import {
  type CheckoutLinkRequest,
  clickCheckoutLink,
  type PaymentsConfig,
  paymeCheckoutLink,
} from '../../adapters/payments/checkout-links.js';
import { createSnapTransaction } from '../../adapters/payments/midtrans-snap.js';
import { AppError } from '../../platform/errors.js';
import { type CheckoutRow, checkoutNumberOf } from './checkouts.js';

/**
 * The provider's page a checkout's payer is sent to. Payme and Click take it all in the link; Midtrans makes a
 * Snap transaction first, so its failure is the provider's being unavailable, not the payer's mistake.
 */
export async function providerRedirectUrl(
  config: PaymentsConfig,
  checkout: CheckoutRow,
  credentials: ProviderCredentials<OnlineProvider>,
  page: { returnUrl: string; description: string; customer?: CheckoutLinkRequest['customer'] },
): Promise<string> {
  const request: CheckoutLinkRequest = {
    number: checkoutNumberOf(checkout),
    amount: checkout.amount,
    currency: checkout.currency,
    ...page,
  };
  const provider = checkout.provider as OnlineProvider;
  if (provider === 'payme') {
    return paymeCheckoutLink(config.paymeCheckoutUrl, credentials as ProviderCredentials<'payme'>, request);
  }
  if (provider === 'click') {
    return clickCheckoutLink(config.clickCheckoutUrl, credentials as ProviderCredentials<'click'>, request);
  }
  try {
    const snap = await createSnapTransaction(
      config.midtransSnapUrl,
      credentials as ProviderCredentials<'midtrans'>,
      request,
    );
    return snap.redirect_url;
  } catch {
    throw new AppError(502, 'payment_provider_unavailable', { provider });
  }
}

/** The address the provider sends the payer back to: this host's success page for the checkout. */
export const originOf = (req: { protocol: string; headers: { host?: string } }): string =>
  `${req.protocol}://${req.headers.host ?? 'localhost'}`;
