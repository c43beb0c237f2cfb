import { createContext, useContext } from 'react';

/** The addresses of the news blog's pages (spec §2 blog/news), written in one place. */

export const NEWS_LIST_PATH = '/blog/news';
export const NEWS_ADD_PATH = '/blog/news/add';
export const newsPostPath = (id: number) => `/blog/news/${id}`;
export const newsEditPath = (id: number) => `/blog/news/edit/${id}`;

/** Where a reader's news list and posts are: the blog's own pages, or a parent's under /parent (issue 24). */
export interface NewsPaths {
  list: string;
  post: (id: number) => string;
}

export const NewsPathsContext = createContext<NewsPaths>({ list: NEWS_LIST_PATH, post: newsPostPath });

export const useNewsPaths = (): NewsPaths => useContext(NewsPathsContext);
