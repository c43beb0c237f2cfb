import {
  type Checkout,
  type FeeCheckoutInput,
  type OnlineProvider,
  onlinePaymentRoutes,
  type RouteBody,
} from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { openAddress } from '../auth/browser-address';

export type PaymentLinkInput = RouteBody<typeof onlinePaymentRoutes.sendPaymentLink>;

const providersKey = ['online-payments', 'providers'] as const;
const checkoutsKey = (studentId: number) => ['online-payments', 'checkouts', studentId] as const;

/** The centre's merchant accounts at the providers (settings): secrets only as "set". */
export const useProviderAccounts = () =>
  useQuery({ queryKey: providersKey, queryFn: () => api(onlinePaymentRoutes.listProviderAccounts) });

export function useSaveProviderAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, enabled, credentials }: SaveProviderRequest) =>
      api(onlinePaymentRoutes.saveProviderAccount, { params: { provider }, body: { enabled, credentials } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey }),
  });
}
export interface SaveProviderRequest {
  provider: OnlineProvider;
  enabled: boolean;
  /** Every field of the provider; a secret left '' keeps the stored one. */
  credentials: Record<string, string>;
}

/** A student's online payments, the centre's providers and what the caller may do (pay, send a link). */
export const useStudentCheckouts = (studentId: number | undefined) =>
  useQuery({
    queryKey: checkoutsKey(studentId ?? 0),
    queryFn: () => api(onlinePaymentRoutes.listStudentCheckouts, { query: { student_id: studentId as number } }),
    enabled: studentId !== undefined,
  });

export const useOpenFeeCheckout = () =>
  useMutation({ mutationFn: (body: FeeCheckoutInput) => api(onlinePaymentRoutes.openFeeCheckout, { body }) });

export function useSendPaymentLink(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentLinkInput) => api(onlinePaymentRoutes.sendPaymentLink, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkoutsKey(studentId) }),
  });
}

/** From a payment link (no log-in): the provider's page of the still-open checkout. */
export const followPaymentLink = (subdomain: string, token: string) =>
  api(onlinePaymentRoutes.followPaymentLink, { params: { subdomain, token }, handleErrors: false });

// The provider sends the payer back to /entry/pay/{token} with nothing that tells a return from a first visit;
// the tab remembers that it left for the provider, so the page waits for the confirmation instead of offering
// to pay again.
const SENT_KEY = 'online-payment-sent:';
/** A return later than this is a new visit: the payer may have given up at the provider. */
const RETURN_WINDOW_MS = 60 * 60_000;

/** Leaves for the provider's page of an open checkout. */
export function goToProvider(checkout: Pick<Checkout, 'token' | 'redirect_url'>): void {
  if (!checkout.redirect_url) return;
  try {
    sessionStorage.setItem(SENT_KEY + checkout.token, String(Date.now()));
  } catch {
    // Storage may be off (private mode): the page then offers to pay again, which is safe.
  }
  openAddress(checkout.redirect_url);
}

/** Whether this tab left for the provider with this checkout lately (so it is coming back from paying). */
export function returnedFromProvider(token: string): boolean {
  try {
    const at = Number(sessionStorage.getItem(SENT_KEY + token));
    return at > 0 && Date.now() - at < RETURN_WINDOW_MS;
  } catch {
    return false;
  }
}
