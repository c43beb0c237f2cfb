import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const HistoryPage = lazyPage(() => import('./history-page'), 'HistoryPage');

/** Spec §2 history (logs), §6 area history: owner and CEO. */
export const featureRoutes: FeatureRoute[] = [{ path: '/history', area: 'history', element: <HistoryPage /> }];
