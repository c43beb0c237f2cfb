import type { OnlineProvider, ProviderCredentials } from '@crm/contracts';

/**
 * Where a payer goes to pay (issue 17): each provider's checkout page, addressed the way the provider documents
 * it. Payme and Click take everything in the link; Midtrans makes a Snap transaction first (midtrans-snap.ts).
 */
export interface CheckoutLinkRequest {
  /** Our checkout's number, which the provider sends back in its callbacks (checkouts.ts). */
  number: string;
  /** In the company currency's minor units (CURRENCY_MINOR_DIGITS: UZS and IDR have none). */
  amount: number;
  currency: string;
  /** Where the provider sends the payer back. */
  returnUrl: string;
  /** What the payer sees he pays for. */
  description: string;
  customer?: { name: string; phone: string | null };
}

/** The providers' addresses: the real ones by default, a local fake's in tests (config.ts PaymentsConfig). */
export interface PaymentsConfig {
  paymeCheckoutUrl: string;
  clickCheckoutUrl: string;
  midtransSnapUrl: string;
}

export const REAL_PAYMENT_PROVIDERS: PaymentsConfig = {
  paymeCheckoutUrl: 'https://checkout.paycom.uz',
  clickCheckoutUrl: 'https://my.click.uz/services/pay',
  midtransSnapUrl: 'https://app.midtrans.com/snap/v1',
};

/** Payme counts sum in tiyin (1/100). */
export const toTiyin = (amount: number, currency: string): number => {
  if (currency !== 'UZS') throw new Error(`Payme takes UZS, not ${currency}`);
  return amount * 100;
};

/**
 * Payme's checkout by GET: base64 of `m={merchant};ac.order_id={number};a={tiyin};c={return url}` after the
 * checkout's address (Payme Business docs, "Sending a check via GET").
 */
export function paymeCheckoutLink(
  baseUrl: string,
  credentials: ProviderCredentials<'payme'>,
  request: CheckoutLinkRequest,
): string {
  const params = [
    `m=${credentials.merchant_id}`,
    `ac.order_id=${request.number}`,
    `a=${toTiyin(request.amount, request.currency)}`,
    `c=${request.returnUrl}`,
  ].join(';');
  return `${baseUrl.replace(/\/+$/, '')}/${Buffer.from(params, 'utf8').toString('base64')}`;
}

/** Click's payment page: service, merchant, amount in sum, our number as transaction_param, the return URL. */
export function clickCheckoutLink(
  baseUrl: string,
  credentials: ProviderCredentials<'click'>,
  request: CheckoutLinkRequest,
): string {
  if (request.currency !== 'UZS') throw new Error(`Click takes UZS, not ${request.currency}`);
  const query = new URLSearchParams({
    service_id: credentials.service_id,
    merchant_id: credentials.merchant_id,
    amount: String(request.amount),
    transaction_param: request.number,
    return_url: request.returnUrl,
  });
  return `${baseUrl}?${query.toString()}`;
}

export type CheckoutLinkBuilder = (
  config: PaymentsConfig,
  credentials: ProviderCredentials<OnlineProvider>,
  request: CheckoutLinkRequest,
) => Promise<string>;
