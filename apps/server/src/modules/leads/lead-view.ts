import type { Lead, LeadColumn } from '@crm/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

/**
 * A compact JSON object of named SQL values, keys in the given order. `row_to_json` writes `{"a":1}` where
 * json_build_object writes `{"a" : 1}`: a board's JSON passes from PostgreSQL to the client as written.
 */
export const jsonObject = (fields: Record<string, SQL>): SQL =>
  sql`(select row_to_json(o) from (select ${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  )}) o)`;

/** A JSON array of `item` over `from` (a FROM clause, with its WHERE) in `orderBy`; `[]` when there are none. */
export const jsonArray = (item: SQL, from: SQL, orderBy: SQL): SQL =>
  sql`(select coalesce(array_to_json(array_agg(${item} order by ${orderBy})), '[]'::json) from ${from})`;

/** JSON's and `Date.toISOString`'s form of a timestamp: UTC, milliseconds, `Z` (to_char's MS truncates, as Date does). */
const isoTime = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Joins to the lead rows `alias` (of leads) what their card shows and names `lead_card` the card: select
 * `row_to_json(lead_card)` for the same object as loadLeads makes, key for key and in the schema's order
 * (board-payload.test.ts holds the two equal). Joins, not a subquery per field: a statement's planning
 * grows with its subqueries.
 */
export const withLeadCards = (alias: string): SQL => {
  const l = sql.identifier(alias);
  return sql`left join courses card_course on card_course.company_id = ${l}.company_id and card_course.id = ${l}.course_id
    left join lead_sources card_source on card_source.company_id = ${l}.company_id and card_source.id = ${l}.source_id
    left join users card_admin on card_admin.company_id = ${l}.company_id and card_admin.id = ${l}.admin_id
    left join lead_reasons card_reason on card_reason.company_id = ${l}.company_id
      and card_reason.id = ${l}.archive_reason_id
    cross join lateral (select ${l}.id, ${l}.uuid, ${l}.branch_id, ${l}.name, ${l}.phone, ${l}.comment, ${l}.course_id,
      card_course.name as course, ${l}.source_id, card_source.name as source,
      case when ${l}.admin_id is not null then ${jsonObject({
        id: sql`${l}.admin_id`,
        name: sql`coalesce(card_admin.name, '')`,
      })} end as admin,
      ${l}.column, ${l}.section_id, ${l}.position,
      ${jsonArray(
        sql`row_to_json(t)`,
        sql`(select g.id, g.name, g.color from lead_tags lt join tags g on g.company_id = lt.company_id and g.id = lt.tag_id
          where lt.company_id = ${l}.company_id and lt.lead_id = ${l}.id) t`,
        sql`t.name, t.id`,
      )} as tags,
      ${isoTime(sql`${l}.created_at`)} as created_at, ${isoTime(sql`${l}.archived_at`)} as archived_at,
      case when ${l}.archive_reason_id is not null then ${jsonObject({
        id: sql`${l}.archive_reason_id`,
        title: sql`coalesce(card_reason.title, '')`,
      })} end as archive_reason,
      ${l}.student_id) lead_card`;
};

/** One lead by id, or 404 (another company's lead is absent). */
export async function leadById(tx: Tx, companyId: number, id: number): Promise<Lead> {
  const [lead] = await loadLeads(tx, companyId, [eq(leads.id, id)]);
  if (!lead) throw notFound();
  return lead;
}
