import { type FeatureRoute, lazyPage } from '../../app/feature-routes';
import { PARENT_HOME_PATH, PARENT_NEWS_PATHS } from './parents-paths';

const ParentHomePage = lazyPage(() => import('./parent-home-page'), 'ParentHomePage');
const ParentNewsListPage = lazyPage(() => import('./parent-news-pages'), 'ParentNewsListPage');
const ParentNewsPostPage = lazyPage(() => import('./parent-news-pages'), 'ParentNewsPostPage');

/**
 * Issue 24's parent's pages (area `parent`: the parent role; owner and CEO pass every area but have no children,
 * and the menu offers these to parents only).
 */
export const featureRoutes: FeatureRoute[] = [
  { path: PARENT_HOME_PATH, area: 'parent', element: <ParentHomePage /> },
  { path: PARENT_NEWS_PATHS.list, area: 'parent', element: <ParentNewsListPage /> },
  { path: '/parent/news/:id', area: 'parent', element: <ParentNewsPostPage /> },
];
