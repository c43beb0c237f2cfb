import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const DashboardPage = lazyPage(() => import('./dashboard-page'), 'DashboardPage');

export const featureRoutes: FeatureRoute[] = [{ path: '/dashboard', area: 'dashboard', element: <DashboardPage /> }];
