import type { ReactNode } from 'react';
import { NewsPathsContext } from '../blog/blog-paths';
import { NewsListPage } from '../blog/news-list-page';
import { NewsPostPage } from '../blog/news-post-page';
import { PARENT_NEWS_PATHS } from './parents-paths';

/** The blog's reading pages, their links turned to the parent's addresses. */
const ParentNews = ({ children }: { children: ReactNode }) => (
  <NewsPathsContext.Provider value={PARENT_NEWS_PATHS}>{children}</NewsPathsContext.Provider>
);

/** /parent/news: the news the centre writes for everybody and for parents (the server chooses). */
export const ParentNewsListPage = () => (
  <ParentNews>
    <NewsListPage />
  </ParentNews>
);

/** /parent/news/{id}: one post, marked read as he opens it. */
export const ParentNewsPostPage = () => (
  <ParentNews>
    <NewsPostPage />
  </ParentNews>
);
