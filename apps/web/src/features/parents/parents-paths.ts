import type { NewsPaths } from '../blog/blog-paths';

/** The addresses of a parent's pages (issue 24), written in one place. */

export const PARENT_HOME_PATH = '/parent';

/** A parent reads the news under his own pages: the blog's own addresses are for staff, teachers and students. */
export const PARENT_NEWS_PATHS: NewsPaths = { list: '/parent/news', post: (id) => `/parent/news/${id}` };
