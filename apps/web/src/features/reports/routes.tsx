import { type FeatureRoute, lazyPage } from '../../app/feature-routes';
import { PageRedirect } from './page-redirect';

const AttendanceReportPage = lazyPage(() => import('./attendance-report-page'), 'AttendanceReportPage');
const SkipClassesPage = lazyPage(() => import('./skip-classes-page'), 'SkipClassesPage');
const ReachabilityPage = lazyPage(() => import('./reachability-page'), 'ReachabilityPage');
const ActiveStudentsPage = lazyPage(() => import('./active-students-page'), 'ActiveStudentsPage');
const ClientsPage = lazyPage(() => import('./clients-page'), 'ClientsPage');
const DiscountsPage = lazyPage(() => import('./discounts-page'), 'DiscountsPage');

export const featureRoutes: FeatureRoute[] = [
  { path: '/reports/attendance', area: 'reports', element: <AttendanceReportPage /> },
  { path: '/reports/skip-classes', area: 'reports', element: <SkipClassesPage /> },
  // Spec §2 spells it "reachbility"; the correct spelling opens the same page.
  { path: '/reports/reachbility', area: 'reports', element: <ReachabilityPage /> },
  { path: '/reports/reachability', area: 'reports', element: <PageRedirect to="/reports/reachbility" /> },
  { path: '/reports/active-students', area: 'reports', element: <ActiveStudentsPage /> },
  { path: '/reports/list-clients', area: 'reports', element: <ClientsPage /> },
  { path: '/reports/discounts', area: 'reports', element: <DiscountsPage /> },
  // The menu's left-students-report opens the built /left-students page (with its statistics), not a second one.
  { path: '/reports/left-students', area: 'reports', element: <PageRedirect to="/left-students" /> },
];
