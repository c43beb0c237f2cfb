import { defineRoute } from './api-routes.js';
import { okSchema } from './auth.js';
import { blogCoverSchema, blogListQuerySchema, blogListSchema, blogPostInputSchema, blogPostSchema } from './blog.js';
import { idParamsSchema } from './common.js';

export * from './blog.js';

const tags = ['blog'];

/**
 * Spec §7's blog calls (issue 20), with their trailing slashes as the spec writes them. Reading is the
 * groupPage area (teachers, students and the admin set), writing is blogEdit; a post is changed and deleted
 * by its author only. The cover picture is a multipart upload beside these, and is served at the address
 * the upload answers (GET /blog/cover/{company_id}/{key}, public like the company's pictures: an <img>
 * sends no token, and the key cannot be guessed).
 */
export const blogRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/blog/',
    operationId: 'listBlogPosts',
    summary: 'The news the caller may read, newest first, each marked read or not.',
    tags,
    access: { anyOf: ['groupPage', 'parent'] },
    query: blogListQuerySchema,
    body: undefined,
    response: blogListSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/blog/',
    operationId: 'createBlogPost',
    summary: 'Publishes a news post (its HTML sanitised) for an audience and optionally one branch.',
    tags,
    access: 'blogEdit',
    query: undefined,
    body: blogPostInputSchema,
    response: blogPostSchema,
  }),
  post: defineRoute({
    method: 'GET',
    path: '/blog/:id',
    operationId: 'getBlogPost',
    summary: 'One news post; opening it marks it read by the caller (spec §4).',
    tags,
    access: { anyOf: ['groupPage', 'parent'] },
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: blogPostSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/blog/:id',
    operationId: 'updateBlogPost',
    summary: 'Changes a news post (its author only).',
    tags,
    access: 'blogEdit',
    params: idParamsSchema,
    query: undefined,
    body: blogPostInputSchema,
    response: blogPostSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/blog/:id',
    operationId: 'deleteBlogPost',
    summary: 'Deletes a news post with its reads (its author only).',
    tags,
    access: 'blogEdit',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: okSchema,
  }),
  uploadCover: defineRoute({
    method: 'POST',
    path: '/blog/cover',
    operationId: 'uploadBlogCover',
    summary: 'Stores a cover picture (multipart, field `file`: PNG, JPEG or WebP up to 5 MB; resized to 1600 px).',
    tags,
    access: 'blogEdit',
    query: undefined,
    body: undefined,
    response: blogCoverSchema,
  }),
};
