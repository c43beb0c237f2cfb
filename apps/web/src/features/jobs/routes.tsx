import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const BackgroundWorkPage = lazyPage(() => import('./background-work'), 'BackgroundWorkPage');

/**
 * Issue 15: the company's background work (imports, exports, failed jobs). The reports area: the
 * administrators, who see everyone's work there; whoever starts an import or an export follows it in its dialog.
 */
export const featureRoutes: FeatureRoute[] = [{ path: '/jobs', area: 'reports', element: <BackgroundWorkPage /> }];
