import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const TagsPage = lazyPage(() => import('./tags-page'), 'TagsPage');

export const featureRoutes: FeatureRoute[] = [{ path: '/tags', area: 'tags', element: <TagsPage /> }];
