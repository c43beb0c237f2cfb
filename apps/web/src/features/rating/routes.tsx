import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const RatingPage = lazyPage(() => import('./rating-page'), 'RatingPage');

/** Spec §2 /rating (issue 19): the admin set, branch director and cashier, owner and CEO; the menu shows it with the scoring module on. */
export const featureRoutes: FeatureRoute[] = [{ path: '/rating', area: 'rating', element: <RatingPage /> }];
