import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const TeacherPerformancePage = lazyPage(() => import('./performance-pages'), 'TeacherPerformancePage');
const CoursePerformancePage = lazyPage(() => import('./performance-pages'), 'CoursePerformancePage');
const ReportsPerformancePage = lazyPage(() => import('./performance-pages'), 'ReportsPerformancePage');

/**
 * Spec §2 performance_teachers/list and performance_courses/list (area performance, the menu's paths)
 * and reports/performance (area reports; not in the menu yet).
 */
export const featureRoutes: FeatureRoute[] = [
  { path: '/performance_teachers/list', area: 'performance', element: <TeacherPerformancePage /> },
  { path: '/performance_courses/list', area: 'performance', element: <CoursePerformancePage /> },
  { path: '/reports/performance', area: 'reports', element: <ReportsPerformancePage /> },
];
