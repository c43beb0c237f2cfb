import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const WithdrawPage = lazyPage(() => import('./withdraw-page'), 'WithdrawPage');
const PaymentsGroupsPage = lazyPage(() => import('./payments-groups-page'), 'PaymentsGroupsPage');
const PaymentsCoursesPage = lazyPage(() => import('./payments-courses-page'), 'PaymentsCoursesPage');

/**
 * Spec §2 finance: withdraw, payments-groups and payments-courses, in the cashier's finance area
 * (spec §6); the paths are the menu's (app/navigation/nav-items.ts FINANCE_PAGES).
 */
export const featureRoutes: FeatureRoute[] = [
  { path: '/finance/withdraw', area: 'finance', element: <WithdrawPage /> },
  { path: '/finance/payments-groups', area: 'finance', element: <PaymentsGroupsPage /> },
  { path: '/finance/payments-courses', area: 'finance', element: <PaymentsCoursesPage /> },
];
