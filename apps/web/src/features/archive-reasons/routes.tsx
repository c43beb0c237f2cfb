import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const ArchiveReasonsPage = lazyPage(() => import('./archive-reasons-page'), 'ArchiveReasonsPage');

export const featureRoutes: FeatureRoute[] = [
  { path: '/archive_reasons/list', area: 'archiveReasons', element: <ArchiveReasonsPage /> },
];
