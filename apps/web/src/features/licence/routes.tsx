import { type FeatureRoute, lazyPage } from '../../app/feature-routes';
import { BILLING_ORDER_PATH, BILLING_PATH } from './licence-paths';

const BillingPage = lazyPage(() => import('./billing-page'), 'BillingPage');
const BillingOrderPage = lazyPage(() => import('./billing-order-page'), 'BillingOrderPage');

/**
 * Spec §2 billing and billing/order (owner and CEO, spec §6). Both ask only the licence's own routes, so they
 * work inside the shell after the licence has ended, when every other call is refused.
 */
export const featureRoutes: FeatureRoute[] = [
  { path: BILLING_PATH, area: 'billing', element: <BillingPage /> },
  { path: BILLING_ORDER_PATH, area: 'billing', element: <BillingOrderPage /> },
];
