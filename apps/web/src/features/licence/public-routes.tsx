import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/feature-routes';
import { RequireSession } from '../../app/guards/route-guards';
import { BILLING_BLOCKED_PATH, ENTRY_ORDER_PATH, OFFER_REGIONS, offerPath, SUCCESS_CHILD } from './licence-paths';

const BillingBlockedPage = lazyPage(() => import('./billing-blocked-page'), 'BillingBlockedPage');
const EntryOrderPage = lazyPage(() => import('./entry-order-page'), 'EntryOrderPage');
const OFFER_PAGES = {
  uz: lazyPage(() => import('./entry-offer-page'), 'OfferUzPage'),
  kz: lazyPage(() => import('./entry-offer-page'), 'OfferKzPage'),
  id: lazyPage(() => import('./entry-offer-page'), 'OfferIdPage'),
} as const;
const EntrySuccessPage = lazyPage(() => import('./entry-success-page'), 'EntrySuccessPage');

const withSuccess = (path: string, page: RouteObject['element']): RouteObject => ({
  path,
  children: [
    { index: true, element: page },
    { path: SUCCESS_CHILD, element: <EntrySuccessPage /> },
  ],
});

/**
 * The licence's pages outside the shell: /auth/billing-page (signed in, but no menu or widgets, which would
 * only meet 402s), and the visitor's /entry/order and regional offers, each with its success child (spec §2).
 */
export const licencePublicRoutes: RouteObject[] = [
  { element: <RequireSession />, children: [{ path: BILLING_BLOCKED_PATH, element: <BillingBlockedPage /> }] },
  withSuccess(ENTRY_ORDER_PATH, <EntryOrderPage />),
  ...OFFER_REGIONS.map((region) => {
    const OfferPage = OFFER_PAGES[region];
    return withSuccess(offerPath(region), <OfferPage />);
  }),
];
