import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const NewsListPage = lazyPage(() => import('./news-list-page'), 'NewsListPage');
const NewsPostPage = lazyPage(() => import('./news-post-page'), 'NewsPostPage');
const AddNewsPage = lazyPage(() => import('./news-editor-pages'), 'AddNewsPage');
const EditNewsPage = lazyPage(() => import('./news-editor-pages'), 'EditNewsPage');

/**
 * Issue 20's news blog (spec §2 blog/news): read by teachers, students and the admin set (groupPage), written by
 * the blog's editors (blogEdit). The server narrows what each reader sees and who may change a post.
 */
export const featureRoutes: FeatureRoute[] = [
  { path: '/blog/news', area: 'groupPage', element: <NewsListPage /> },
  { path: '/blog/news/add', area: 'blogEdit', element: <AddNewsPage /> },
  { path: '/blog/news/edit/:id', area: 'blogEdit', element: <EditNewsPage /> },
  { path: '/blog/news/:id', area: 'groupPage', element: <NewsPostPage /> },
];
