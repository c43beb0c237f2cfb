import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const CostPage = lazyPage(() => import('./cost-page'), 'CostPage');
const ExpenseCategoriesPage = lazyPage(() => import('./expense-categories-page'), 'ExpenseCategoriesPage');

/** Spec §2 finance: cost (expenses) and expense-categories, both in the finance area of spec §6. */
export const featureRoutes: FeatureRoute[] = [
  { path: '/finance/cost', area: 'finance', element: <CostPage /> },
  { path: '/finance/expense-categories', area: 'finance', element: <ExpenseCategoriesPage /> },
];
