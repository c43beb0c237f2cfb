import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const SalariesPage = lazyPage(() => import('./salaries-page'), 'SalariesPage');
const NewSalariesPage = lazyPage(() => import('./new-salaries-page'), 'NewSalariesPage');

/** Spec §2 finance salaries and new-salaries, both in the finance area of spec §6. */
export const featureRoutes: FeatureRoute[] = [
  { path: '/finance/salaries', area: 'finance', element: <SalariesPage /> },
  { path: '/finance/new-salaries', area: 'finance', element: <NewSalariesPage /> },
];
