import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const RoomsPage = lazyPage(() => import('./rooms-page'), 'RoomsPage');

export const featureRoutes: FeatureRoute[] = [{ path: '/rooms/list', area: 'rooms', element: <RoomsPage /> }];
