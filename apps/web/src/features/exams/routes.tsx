import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const ExamPage = lazyPage(() => import('./exam-page'), 'ExamPage');
const RoadmapPage = lazyPage(() => import('./roadmap-page'), 'RoadmapPage');

/**
 * Issue 19's exams (spec §2): an exam's page is read by the group's teacher, its staff and its students (each
 * narrowed by the server); the roadmap of a branch's exams is the admin set's.
 */
export const featureRoutes: FeatureRoute[] = [
  { path: '/groups/:id/exam/:examId', area: 'groupPage', element: <ExamPage /> },
  { path: '/roadmap', area: 'roadmap', element: <RoadmapPage /> },
];
