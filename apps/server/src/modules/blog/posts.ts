import {
  type BlogAudience,
  type BlogList,
  type BlogPost,
  type BlogPostSummary,
  canAccess,
  paginate,
} from '@crm/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { blogPosts, blogViews, branches, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { mayChange, readablePosts, seesViews } from './audience.js';
import { EXCERPT_SOURCE_CHARS, excerptOf } from './excerpt.js';

/** Reading the blog: the list of news a caller may read, and one post, which opening marks read (spec §4). */

/** A post's columns with its author, branch, reads and whether the caller has read it. */
function postColumns(actor: Actor) {
  const ofThisPost = sql`${blogViews.companyId} = ${blogPosts.companyId} and ${blogViews.postId} = ${blogPosts.id}`;
  return {
    id: blogPosts.id,
    title: blogPosts.title,
    cover: blogPosts.cover,
    audience: blogPosts.audience,
    branchId: blogPosts.branchId,
    branchName: branches.name,
    authorId: blogPosts.authorId,
    authorName: users.name,
    publishedAt: blogPosts.publishedAt,
    updatedAt: blogPosts.updatedAt,
    views: sql<number>`(select count(*) from ${blogViews} where ${ofThisPost})`.mapWith(Number),
    viewed: sql<boolean>`exists (select 1 from ${blogViews} where ${ofThisPost} and ${blogViews.userId} = ${actor.id})`,
  };
}

type PostRow = Omit<Awaited<ReturnType<typeof selectPosts>>[number], 'body'>;

/** The posts matching `where` with `body` (the whole body, or only its start for an excerpt). */
function selectPosts(tx: Tx, actor: Actor, body: SQL<string>, where: SQL) {
  return tx
    .select({ ...postColumns(actor), body })
    .from(blogPosts)
    .innerJoin(users, and(eq(users.companyId, blogPosts.companyId), eq(users.id, blogPosts.authorId)))
    .leftJoin(branches, and(eq(branches.companyId, blogPosts.companyId), eq(branches.id, blogPosts.branchId)))
    .where(where);
}

function summaryOf(actor: Actor, row: PostRow, excerpt: string): BlogPostSummary {
  const own = row.authorId === actor.id;
  const change = mayChange(actor, row.authorId);
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    excerpt,
    audience: row.audience as BlogAudience,
    branch: row.branchId === null ? null : { id: row.branchId, name: row.branchName ?? '' },
    author: { id: row.authorId, name: row.authorName },
    published_at: row.publishedAt.toISOString(),
    is_viewed: own || row.viewed === true,
    views: seesViews(actor, row.authorId) ? row.views : null,
    policies: { edit: change, delete: change },
  };
}

/** GET /blog/: a page of the news the caller may read, newest first. */
export async function listPosts(tx: Tx, actor: Actor, query: { page: number; per_page: number }): Promise<BlogList> {
  const where = readablePosts(actor);
  const [counted] = await tx.select({ total: count() }).from(blogPosts).where(where);
  const total = counted?.total ?? 0;
  const start = sql<string>`left(${blogPosts.bodyHtml}, ${EXCERPT_SOURCE_CHARS})`;
  const rows = await selectPosts(tx, actor, start, where)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data = rows.map((row) => summaryOf(actor, row, excerptOf(row.body)));
  return {
    data,
    pagination: paginate(total, query.page, query.per_page, data.length),
    policies: { create: canAccess('blogEdit', actor.roles) },
  };
}

/** One post the caller may read, as it is now; 404 for any other (another company's, another audience's). */
export async function readPost(tx: Tx, actor: Actor, id: number): Promise<BlogPost> {
  const whole = sql<string>`${blogPosts.bodyHtml}`;
  const [row] = await selectPosts(tx, actor, whole, and(readablePosts(actor), eq(blogPosts.id, id)) as SQL);
  if (!row) throw notFound();
  return {
    ...summaryOf(actor, row, excerptOf(row.body.slice(0, EXCERPT_SOURCE_CHARS))),
    body_html: row.body,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * GET /blog/{id}: the post, recorded as read by the caller the first time he opens it (spec §4). An author's
 * own reading is not counted: the count says how many of his readers have opened it.
 */
export async function openPost(tx: Tx, actor: Actor, id: number): Promise<BlogPost> {
  const post = await readPost(tx, actor, id);
  if (post.is_viewed) return post;
  const recorded = await tx
    .insert(blogViews)
    .values({ companyId: actor.companyId, postId: id, userId: actor.id })
    .onConflictDoNothing()
    .returning({ postId: blogViews.postId });
  // Two tabs opening it at once: the other one's read counts, this one adds nothing.
  const added = recorded.length;
  return { ...post, is_viewed: true, views: post.views === null ? null : post.views + added };
}
