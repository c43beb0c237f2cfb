import { BLOG_AUDIENCES, type BlogAudience, canAccess, Role, type RoleId, STAFF_ROLES } from '@crm/contracts';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { blogPosts } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';

/**
 * Who reads which post (issue 20). A student reads what is written for everybody or for the students, a
 * teacher what is for everybody or the teachers, the staff what is for everybody or the staff; the blog's
 * editors (blogEdit) read every audience, since they keep the blog. Several roles add up. A post of one
 * branch reaches only that branch's people (owner and CEO work in every branch). An author always reads
 * his own posts, whatever their audience says.
 */
export function audiencesOf(roles: readonly RoleId[]): BlogAudience[] {
  if (canAccess('blogEdit', roles)) return [...BLOG_AUDIENCES];
  const audiences: BlogAudience[] = ['all'];
  if (roles.some((role) => STAFF_ROLES.includes(role))) audiences.push('staff');
  if (roles.includes(Role.teacher)) audiences.push('teachers');
  if (roles.includes(Role.student)) audiences.push('students');
  if (roles.includes(Role.parent)) audiences.push('parents');
  return audiences;
}

/** The posts of the caller's company he may read, as a condition on blog_posts. */
export function readablePosts(actor: Actor): SQL {
  const forHim = inArray(blogPosts.audience, audiencesOf(actor.roles));
  const inHisBranches = actor.allBranches
    ? undefined
    : actor.branchIds.length
      ? or(isNull(blogPosts.branchId), inArray(blogPosts.branchId, actor.branchIds))
      : isNull(blogPosts.branchId);
  return and(
    eq(blogPosts.companyId, actor.companyId),
    or(eq(blogPosts.authorId, actor.id), and(forHim, inHisBranches)),
  ) as SQL;
}

/** Only its author changes or deletes a post, and only while he may write posts at all. */
export const mayChange = (actor: Actor, authorId: number): boolean =>
  actor.id === authorId && canAccess('blogEdit', actor.roles);

/** The count of reads is for the author and the blog's editors. */
export const seesViews = (actor: Actor, authorId: number): boolean =>
  actor.id === authorId || canAccess('blogEdit', actor.roles);
