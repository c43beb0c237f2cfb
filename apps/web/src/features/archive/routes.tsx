import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const ArchivePage = lazyPage(() => import('./archive-page'), 'ArchivePage');
const ArchivedStudentPage = lazyPage(() => import('./archived-student-page'), 'ArchivedStudentPage');

/** Spec §2 archive (list/all, list/student/{id}); the menu's archive-list opens /archive/list/all. §6 area archive. */
export const featureRoutes: FeatureRoute[] = [
  { path: '/archive', area: 'archive', element: <ArchivePage /> },
  { path: '/archive/list/all', area: 'archive', element: <ArchivePage /> },
  { path: '/archive/list/student/:id', area: 'archive', element: <ArchivedStudentPage /> },
];
