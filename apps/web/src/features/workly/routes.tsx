import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const WorklyReportPage = lazyPage(() => import('./workly-report-page'), 'WorklyReportPage');

/** Spec §2 reports/workly (menu reports-workly): who is at work and who was late, from Workly. */
export const featureRoutes: FeatureRoute[] = [
  { path: '/reports/workly', area: 'reports', element: <WorklyReportPage /> },
];
