import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const DebtorsPage = lazyPage(() => import('./debtors-page'), 'DebtorsPage');

/**
 * Spec §2 students/debtors (the menu puts it under finance): guarded by 'students', the area of spec §6 that
 * admins, the branch director and the cashier share (owner and CEO always pass), like the server's list.
 */
export const featureRoutes: FeatureRoute[] = [
  { path: '/students/debtors', area: 'students', element: <DebtorsPage /> },
];
