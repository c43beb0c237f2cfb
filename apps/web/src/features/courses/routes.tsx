import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const CoursesPage = lazyPage(() => import('./courses-page'), 'CoursesPage');
const CoursePage = lazyPage(() => import('./course-page'), 'CoursePage');

export const featureRoutes: FeatureRoute[] = [
  { path: '/courses/list', area: 'courses', element: <CoursesPage /> },
  { path: '/courses/:courseId', area: 'courses', element: <CoursePage /> },
];
