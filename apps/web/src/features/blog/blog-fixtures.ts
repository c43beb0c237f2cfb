import type { BlogList, BlogPost } from '@crm/contracts';

/** A post as GET /blog/{id} answers it: for everybody, published by its reader (an editor), read by three. */
export const aNewsPost = (overrides: Partial<BlogPost> = {}): BlogPost => ({
  id: 5,
  title: 'Spring enrolment',
  cover: '/api/v1/blog/cover/1/0123456789abcdef0123456789abcdef',
  excerpt: 'Classes start on 1 March.',
  audience: 'all',
  branch: null,
  author: { id: 7, name: 'Aziza Karimova' },
  published_at: '2025-03-01T09:30:00Z',
  is_viewed: true,
  views: 3,
  policies: { edit: true, delete: true },
  body_html: '<p>Classes start on <strong>1 March</strong>.</p>',
  updated_at: '2025-03-01T09:30:00Z',
  ...overrides,
});

/** A page of GET /blog/ holding `posts`. */
export const aNewsList = (
  posts: BlogPost[],
  { create = true, total = posts.length, page = 1 }: { create?: boolean; total?: number; page?: number } = {},
): BlogList => ({
  data: posts.map(({ body_html: _body, updated_at: _updated, ...summary }) => summary),
  pagination: {
    count: posts.length,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / 12)),
    per_page: 12,
    total,
    total_pages: Math.max(1, Math.ceil(total / 12)),
  },
  policies: { create },
});
