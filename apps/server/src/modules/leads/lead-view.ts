import type { Lead, LeadColumn } from '@crm/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { courses, leadReasons, leadSources, leads, leadTags, tags, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

const admin = alias(users, 'admin');

/**
 * Leads as the API shows them (spec §3 Lead), with course, source, responsible admin, archive reason
 * and tags: two queries for any number of leads.
 */
export async function loadLeads(
  tx: Tx,
  companyId: number,
  where: SQL[],
  options: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<Lead[]> {
  const query = tx
    .select({
      lead: leads,
      course: courses.name,
      source: leadSources.name,
      adminName: admin.name,
      reasonTitle: leadReasons.title,
    })
    .from(leads)
    .leftJoin(courses, and(eq(courses.companyId, leads.companyId), eq(courses.id, leads.courseId)))
    .leftJoin(leadSources, and(eq(leadSources.companyId, leads.companyId), eq(leadSources.id, leads.sourceId)))
    .leftJoin(admin, and(eq(admin.companyId, leads.companyId), eq(admin.id, leads.adminId)))
    .leftJoin(leadReasons, and(eq(leadReasons.companyId, leads.companyId), eq(leadReasons.id, leads.archiveReasonId)))
    .where(and(eq(leads.companyId, companyId), ...where))
    .orderBy(...(options.orderBy ?? [asc(leads.position), asc(leads.id)]))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset) query.offset(options.offset);
  const rows = await query;
  const tagsOf = await leadTagsOf(
    tx,
    companyId,
    rows.map((r) => r.lead.id),
  );
  return rows.map(({ lead, course, source, adminName, reasonTitle }) => ({
    id: lead.id,
    uuid: lead.uuid,
    branch_id: lead.branchId,
    name: lead.name,
    phone: lead.phone,
    comment: lead.comment,
    course_id: lead.courseId,
    course,
    source_id: lead.sourceId,
    source,
    admin: lead.adminId === null ? null : { id: lead.adminId, name: adminName ?? '' },
    column: lead.column as LeadColumn,
    section_id: lead.sectionId,
    position: lead.position,
    tags: tagsOf.get(lead.id) ?? [],
    created_at: lead.createdAt.toISOString(),
    archived_at: lead.archivedAt?.toISOString() ?? null,
    archive_reason: lead.archiveReasonId === null ? null : { id: lead.archiveReasonId, title: reasonTitle ?? '' },
    student_id: lead.studentId,
  }));
}

async function leadTagsOf(tx: Tx, companyId: number, leadIds: number[]) {
  const byLead = new Map<number, Lead['tags']>();
  if (!leadIds.length) return byLead;
  const rows = await tx
    .select({ leadId: leadTags.leadId, id: tags.id, name: tags.name, color: tags.color })
    .from(leadTags)
    .innerJoin(tags, and(eq(tags.companyId, leadTags.companyId), eq(tags.id, leadTags.tagId)))
    .where(and(eq(leadTags.companyId, companyId), inArray(leadTags.leadId, leadIds)))
    .orderBy(asc(tags.name));
  for (const { leadId, ...tag } of rows) byLead.set(leadId, [...(byLead.get(leadId) ?? []), tag]);
  return byLead;
}

/** One lead by id, or 404 (another company's lead is absent). */
export async function leadById(tx: Tx, companyId: number, id: number): Promise<Lead> {
  const [lead] = await loadLeads(tx, companyId, [eq(leads.id, id)]);
  if (!lead) throw notFound();
  return lead;
}
