import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const HolidaysPage = lazyPage(() => import('./holidays-page'), 'HolidaysPage');

export const featureRoutes: FeatureRoute[] = [{ path: '/holiday', area: 'holiday', element: <HolidaysPage /> }];
