/** The addresses of the news blog's pages (spec §2 blog/news), written in one place. */

export const NEWS_LIST_PATH = '/blog/news';
export const NEWS_ADD_PATH = '/blog/news/add';
export const newsPostPath = (id: number) => `/blog/news/${id}`;
export const newsEditPath = (id: number) => `/blog/news/edit/${id}`;
