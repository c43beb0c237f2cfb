import { canAccess, type RoleId, TagType } from '@crm/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courses, leadSources, leadTags, tags, users } from '../../db/schema/index.js';
import { invalidField } from '../users/service.js';
import { findLiveSection } from './board-sections.js';

/**
 * What a lead points at — course, source, responsible admin, tags, section — checked to be the
 * company's and usable, so a wrong id is a 400 naming its field rather than a foreign-key 409.
 */

export async function assertCourse(tx: Tx, companyId: number, courseId: number): Promise<void> {
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.id, courseId)));
  if (!course) throw invalidField('course_id', 'not_found', 'course_id: no such course');
}

/**
 * Spec §7 POST /leads/lead `course`: the public form and older clients send the course by id or by
 * its name; a name is matched ignoring case. Undefined when the company has no such course.
 */
export async function findCourseId(tx: Tx, companyId: number, course: string): Promise<number | undefined> {
  const byId = /^\d+$/.test(course);
  const [found] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.companyId, companyId),
        byId ? eq(courses.id, Number(course)) : sql`lower(${courses.name}) = lower(${course})`,
      ),
    )
    .orderBy(courses.id)
    .limit(1);
  return found?.id;
}

/** The course a signed-in user named: an unknown one is his mistake, a 400 naming the field. */
export async function courseIdOf(tx: Tx, companyId: number, course: string): Promise<number> {
  const id = await findCourseId(tx, companyId, course);
  if (id === undefined) throw invalidField('course', 'not_found', 'course: no such course');
  return id;
}

/** A deactivated source stays on the leads that have it but is offered for no new choice. */
export async function assertActiveSource(tx: Tx, companyId: number, sourceId: number): Promise<void> {
  const [source] = await tx
    .select({ id: leadSources.id })
    .from(leadSources)
    .where(and(eq(leadSources.companyId, companyId), eq(leadSources.id, sourceId), eq(leadSources.active, true)));
  if (!source) throw invalidField('source_id', 'not_found', 'source_id: not an active lead source');
}

/** The responsible admin (spec §3 Lead "admin"): a current user who works with leads (spec §6). */
export async function assertLeadAdmin(tx: Tx, companyId: number, userId: number): Promise<void> {
  const [user] = await tx
    .select({ roles: users.roles })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), isNull(users.archivedAt)));
  if (!user || !canAccess('leads', user.roles as RoleId[])) {
    throw invalidField('admin_id', 'not_found', 'admin_id: not a user who works with leads');
  }
}

/** Spec §3 Tag "from 3 lead": only lead tags label a lead. */
export async function assertLeadTags(tx: Tx, companyId: number, tagIds: readonly number[]): Promise<void> {
  if (!tagIds.length) return;
  const found = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.type, TagType.lead), inArray(tags.id, [...tagIds])));
  if (found.length !== tagIds.length) throw invalidField('tag_ids', 'not_found', 'tag_ids: not a lead tag');
}

/** The column of a live section of the branch: a lead put into a section goes to that section's column. */
export async function sectionColumn(tx: Tx, companyId: number, branchId: number, sectionId: number) {
  const section = await findLiveSection(tx, companyId, branchId, sectionId);
  if (!section) throw invalidField('section_id', 'not_found', 'section_id: not a section of this board');
  return section.column;
}

/** Replaces a lead's tags; answers the sorted ids before and after. */
export async function replaceLeadTags(tx: Tx, companyId: number, leadId: number, wanted: readonly number[]) {
  const after = [...new Set(wanted)].sort((a, b) => a - b);
  await assertLeadTags(tx, companyId, after);
  const current = await tx
    .select({ tagId: leadTags.tagId })
    .from(leadTags)
    .where(and(eq(leadTags.companyId, companyId), eq(leadTags.leadId, leadId)));
  const before = current.map((r) => r.tagId).sort((a, b) => a - b);
  if (before.join() === after.join()) return { before, after };
  await tx.delete(leadTags).where(and(eq(leadTags.companyId, companyId), eq(leadTags.leadId, leadId)));
  if (after.length) await tx.insert(leadTags).values(after.map((tagId) => ({ companyId, leadId, tagId })));
  return { before, after };
}
