import {
  type Country,
  type LicenceOrder,
  type LicenceOrderInput,
  licenceRoutes,
  type OnlineProvider,
} from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { LICENCE_KEY } from './licence-block';

// The lists under the licence's key: a 402 or a payment refreshes them with it.
export const ORDERS_KEY = [...LICENCE_KEY, 'orders'] as const;
const PAYMENTS_KEY = [...LICENCE_KEY, 'payments'] as const;

/** GET /licence: every licence screen and the shell's notice share this one answer (and its policies). */
export const useLicence = (enabled = true) =>
  useQuery({
    queryKey: LICENCE_KEY,
    queryFn: () => api(licenceRoutes.getLicence),
    staleTime: 5 * 60_000,
    enabled,
  });

/** The centre's price list; asked only where billing shows (elsewhere the server answers 404). */
export const useTariffs = (enabled: boolean) =>
  useQuery({
    queryKey: [...LICENCE_KEY, 'tariffs'],
    queryFn: () => api(licenceRoutes.listTariffs),
    staleTime: 5 * 60_000,
    enabled,
  });

export const useLicenceOrders = (enabled: boolean) =>
  useQuery({
    queryKey: ORDERS_KEY,
    queryFn: () => api(licenceRoutes.listLicenceOrders).then((answer) => answer.data),
    enabled,
  });

export const useLicencePayments = (companyId: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...PAYMENTS_KEY, companyId],
    queryFn: () =>
      api(licenceRoutes.listCompanyPayments, { params: { id: companyId as number } }).then((answer) => answer.data),
    enabled: enabled && companyId !== undefined,
  });

/** Opens the online payment of an order; the caller sends the browser to the provider's page. */
export const payOrder = (order: Pick<LicenceOrder, 'id'>, provider: OnlineProvider) =>
  api(licenceRoutes.payLicenceOrder, { params: { id: order.id }, body: { provider } });

// ------------------------------------------------------------------ the visitor's pages (no log-in)

// A refusal is shown by the page; a visitor has no session for the app-wide 401/403 handling to end.
const visitor = { handleErrors: false } as const;

export const useEntryOrder = (subdomain: string | null) =>
  useQuery({
    queryKey: ['entry-order', subdomain],
    queryFn: () => api(licenceRoutes.getEntryOrder, { params: { subdomain: subdomain ?? '' }, ...visitor }),
    enabled: !!subdomain,
    retry: false,
    staleTime: 60_000,
  });

export const useEntryTariffs = (country: Country) =>
  useQuery({
    queryKey: ['entry-tariffs', country],
    queryFn: () => api(licenceRoutes.getEntryTariffs, { params: { country }, ...visitor }),
    retry: false,
    staleTime: 5 * 60_000,
  });

export interface EntryOrderRequest extends LicenceOrderInput {
  subdomain: string;
  provider: OnlineProvider;
  login?: string;
  page: 'order' | OfferPage;
  website?: string;
}
type OfferPage = 'uz' | 'kz' | 'id';

export const createEntryOrder = ({ subdomain, ...body }: EntryOrderRequest) =>
  api(licenceRoutes.createEntryOrder, { params: { subdomain }, body, ...visitor });

/** The success page asks every POLL_MS while the payment is open, for at most POLL_LIMIT_MS (then it says so). */
export const POLL_MS = 2_000;
export const POLL_LIMIT_MS = 120_000;

export const useCheckoutOutcome = (subdomain: string, token: string, polling: boolean) =>
  useQuery({
    queryKey: ['checkout-outcome', subdomain, token],
    queryFn: () => api(licenceRoutes.getCheckoutOutcome, { params: { subdomain, token }, ...visitor }),
    retry: false,
    refetchInterval: (query) => (polling && query.state.data?.status === 'open' ? POLL_MS : false),
  });
