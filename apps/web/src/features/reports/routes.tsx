import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const AttendanceReportPage = lazyPage(() => import('./attendance-report-page'), 'AttendanceReportPage');
const SkipClassesPage = lazyPage(() => import('./skip-classes-page'), 'SkipClassesPage');

export const featureRoutes: FeatureRoute[] = [
  { path: '/reports/attendance', area: 'reports', element: <AttendanceReportPage /> },
  { path: '/reports/skip-classes', area: 'reports', element: <SkipClassesPage /> },
];
