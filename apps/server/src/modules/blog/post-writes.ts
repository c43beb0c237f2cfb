import type { BlogPost, BlogPostValues } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { blogPosts } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { FieldRefusal, forbidden, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { cleanLessonHtml } from '../course-lessons/lesson-html.js';
import { mayChange, readablePosts } from './audience.js';
import type { BlogCovers } from './covers.js';
import { readPost } from './posts.js';

/**
 * Writing the blog (the module is the only writer of blog_posts and blog_views). A change answers, beside the
 * post, the cover address it let go, if no post shows it any more: its bytes are removed once the change
 * has committed, never before.
 */

type PostRow = typeof blogPosts.$inferSelect;

/** The row's columns for the input: HTML sanitised (decision 0033's policy of lesson bodies), branch and cover checked. */
async function columnsOf(actor: Actor, covers: BlogCovers, input: BlogPostValues, before?: PostRow) {
  const bodyHtml = cleanLessonHtml(input.body_html);
  if (bodyHtml === '') throw new FieldRefusal([{ field: 'body_html', rule: 'required', sentence: 'required' }]);
  // A post kept in a branch its author has since left may stay there; a new choice must be one of his.
  if (input.branch_id !== null && input.branch_id !== before?.branchId) assertBranch(actor, input.branch_id);
  const cover =
    before && input.cover === before.cover ? before.cover : await covers.checkedCover(actor.companyId, input.cover);
  return { title: input.title, cover, bodyHtml, audience: input.audience, branchId: input.branch_id };
}

/** A post the caller reads (else 404) and wrote (else 403), locked for the change. */
async function findOwnPost(tx: Tx, actor: Actor, id: number): Promise<PostRow> {
  const [row] = await tx
    .select()
    .from(blogPosts)
    .where(and(readablePosts(actor), eq(blogPosts.id, id)))
    .for('update');
  if (!row) throw notFound();
  if (!mayChange(actor, row.authorId)) throw forbidden();
  return row;
}

/** The cover, when no post of the company shows it any more. */
async function unusedCover(tx: Tx, companyId: number, cover: string | null): Promise<string | null> {
  if (cover === null) return null;
  const [used] = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.companyId, companyId), eq(blogPosts.cover, cover)))
    .limit(1);
  return used ? null : cover;
}

const recordChange = (
  tx: Tx,
  actor: Actor,
  event: 'blogPostAdded' | 'blogPostChanged' | 'blogPostDeleted',
  post: Pick<PostRow, 'id' | 'title' | 'branchId'>,
) =>
  recordHistory(tx, actor, {
    event,
    entity: 'blog_post',
    entityId: post.id,
    branchId: post.branchId,
    data: { title: post.title },
  });

/** POST /blog/: published now, by the caller. */
export async function createPost(tx: Tx, actor: Actor, covers: BlogCovers, input: BlogPostValues): Promise<BlogPost> {
  const columns = await columnsOf(actor, covers, input);
  const [row] = await tx
    .insert(blogPosts)
    .values({ companyId: actor.companyId, authorId: actor.id, ...columns })
    .returning({ id: blogPosts.id });
  if (!row) throw new Error('blog post insert returned no row');
  await recordChange(tx, actor, 'blogPostAdded', { id: row.id, ...columns });
  return readPost(tx, actor, row.id);
}

/** PUT /blog/{id}: its author rewrites it; it keeps its published time and its reads. */
export async function updatePost(
  tx: Tx,
  actor: Actor,
  covers: BlogCovers,
  id: number,
  input: BlogPostValues,
): Promise<{ post: BlogPost; released: string | null }> {
  const before = await findOwnPost(tx, actor, id);
  const columns = await columnsOf(actor, covers, input, before);
  await tx
    .update(blogPosts)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(and(eq(blogPosts.companyId, actor.companyId), eq(blogPosts.id, id)));
  await recordChange(tx, actor, 'blogPostChanged', { id, ...columns });
  const released = before.cover !== columns.cover ? await unusedCover(tx, actor.companyId, before.cover) : null;
  return { post: await readPost(tx, actor, id), released };
}

/** DELETE /blog/{id}: its author removes it with its reads. */
export async function deletePost(tx: Tx, actor: Actor, id: number): Promise<{ released: string | null }> {
  const before = await findOwnPost(tx, actor, id);
  await tx.delete(blogPosts).where(and(eq(blogPosts.companyId, actor.companyId), eq(blogPosts.id, id)));
  await recordChange(tx, actor, 'blogPostDeleted', before);
  return { released: await unusedCover(tx, actor.companyId, before.cover) };
}
