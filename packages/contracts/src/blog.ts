import { z } from 'zod';
import { idSchema, listOf, pageQuerySchema, requiredText } from './common.js';
import { COMPANY_IMAGE } from './company.js';

/**
 * The company's news blog (spec §2 blog/news, §3 "Blog item: id, is_viewed", §4; issue 20): posts with a
 * title, an optional cover picture and a sanitised rich-text body, written for an audience and optionally
 * one branch. Who reads which post is the server's rule; the answers say what the caller may do (policies).
 */

/** Who a post is written for: everybody, the staff (spec §6 staff roles), the teachers or the students. */
export const BLOG_AUDIENCES = ['all', 'staff', 'teachers', 'students', 'parents'] as const;
export type BlogAudience = (typeof BLOG_AUDIENCES)[number];

export const BLOG_TITLE_MAX = 200;
/** The sanitised body; a long article with pictures by address stays well under it. */
export const BLOG_BODY_MAX = 100_000;
/** Cards per page of the news list. */
export const BLOG_PAGE_SIZE = 12;

/** A cover is checked like the company's pictures (kind by its bytes, size) and resized to fit this box. */
export const BLOG_COVER_IMAGE = { types: COMPANY_IMAGE.types, maxBytes: COMPANY_IMAGE.maxBytes, pixels: 1600 } as const;

/**
 * The address an uploaded cover is served at (`…/blog/cover/{company_id}/{key}`): POST /blog/cover answers
 * it, and a post keeps it. Nothing else is accepted as a cover, so a post never shows a picture from elsewhere.
 */
export const BLOG_COVER_ADDRESS = /^\/api\/v1\/blog\/cover\/(\d{1,15})\/([0-9a-f]{32})$/;
export const blogCoverAddress = (companyId: number, key: string) => `/api/v1/blog/cover/${companyId}/${key}`;

/** The company and storage key a cover address names; null for anything else. */
export function blogCoverKeyOf(address: string): { companyId: number; key: string } | null {
  const match = BLOG_COVER_ADDRESS.exec(address);
  return match ? { companyId: Number(match[1]), key: match[2] as string } : null;
}

export const blogPostInputSchema = z.object({
  title: requiredText(BLOG_TITLE_MAX),
  cover: z.string().max(200).regex(BLOG_COVER_ADDRESS).nullable().default(null),
  /** HTML from the editor; the server keeps only the safe part of it, which must not be empty. */
  body_html: z.string().max(BLOG_BODY_MAX),
  audience: z.enum(BLOG_AUDIENCES).default('all'),
  /** Only this branch's people read it (null: every branch). */
  branch_id: idSchema.nullable().default(null),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostValues = z.output<typeof blogPostInputSchema>;

export const blogListQuerySchema = pageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(50).default(BLOG_PAGE_SIZE),
});
export type BlogListQuery = z.input<typeof blogListQuerySchema>;

/** A post as a card of the list shows it. */
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  /** The body's first words as plain text. */
  excerpt: z.string(),
  audience: z.enum(BLOG_AUDIENCES),
  branch: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  published_at: z.string(),
  /** Spec §3: whether the caller has opened it (his own posts count as read). */
  is_viewed: z.boolean(),
  /** How many people have opened it: for its author and the blog's editors only (null for everybody else). */
  views: z.number().int().nullable(),
  /** Only its author changes or deletes a post. */
  policies: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  body_html: z.string(),
  updated_at: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** Newest first; `policies.create`: whether the caller may write posts. */
export const blogListSchema = listOf(blogPostSummarySchema).extend({
  policies: z.object({ create: z.boolean() }),
});
export type BlogList = z.infer<typeof blogListSchema>;

/** POST /blog/cover: the stored picture's address, to put in a post's `cover`. */
export const blogCoverSchema = z.object({ cover: z.string() });
export type BlogCover = z.infer<typeof blogCoverSchema>;

/** GET /blog/cover/{company_id}/{key}. */
export const blogCoverParamsSchema = z.object({ company_id: idSchema, key: z.string().regex(/^[0-9a-f]{32}$/) });
