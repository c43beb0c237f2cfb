import { bigint, foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './companies.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * A news post of the company's blog (spec §2 blog/news; issue 20). `audience` is contracts BLOG_AUDIENCES;
 * `branch_id` narrows it to one branch. The body is sanitised HTML. Written only by modules/blog.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    /** The cover picture's served address, or none. */
    cover: text('cover'),
    bodyHtml: text('body_html').notNull().default(''),
    audience: text('audience').notNull().default('all'),
    branchId: bigint('branch_id', { mode: 'number' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.authorId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    index().on(t.companyId, t.publishedAt),
    tenantIsolation(t),
  ],
);

/** Who opened a post, first time (spec §4: a blog item becomes viewed when opened). */
export const blogViews = pgTable(
  'blog_views',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    postId: bigint('post_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.postId, t.userId] }),
    foreignKey({ columns: [t.companyId, t.postId], foreignColumns: [blogPosts.companyId, blogPosts.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);
