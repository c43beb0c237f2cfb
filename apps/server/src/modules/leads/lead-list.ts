import { type LeadList, type LeadListQuery, type LeadSearch, onlyDigits, paginate } from '@crm/contracts';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { companyTime } from '../lessons/company-time.js';
import { invalidField } from '../users/service.js';
import { onBoard } from './board.js';
import { loadLeads } from './lead-view.js';

const PHONE_LIKE = /^[\d\s+()-]+$/;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Spec §9 lead search as conditions on `leads` (the company is added by the query): the branch
 * (one of the caller's), a date range on created_at in the company's days, text in the name or the
 * phone, the responsible admin, course, tag and source. Every condition starts from the branch, so
 * the (company, branch, created_at) index bounds the rows read.
 */
export async function leadSearchConditions(tx: Tx, actor: Actor, search: LeadSearch): Promise<SQL[]> {
  assertBranch(actor, search.branch_id);
  if (search.from && search.to && search.to < search.from) {
    throw invalidField('to', 'end_before_start', 'to is before from');
  }
  const where: SQL[] = [eq(leads.branchId, search.branch_id)];
  if (search.from || search.to) {
    // The company's days: a search "from 1 March" means its 1 March, not the server's.
    const zone = (await companyTime(tx, actor.companyId, new Date())).timeZone;
    if (search.from) where.push(sql`${leads.createdAt} >= (${search.from}::date)::timestamp at time zone ${zone}`);
    if (search.to) where.push(sql`${leads.createdAt} < (${search.to}::date + 1)::timestamp at time zone ${zone}`);
  }
  const text = search.search?.trim();
  if (text) {
    const byName = sql`${leads.name} ilike ${`%${escapeLike(text)}%`}`;
    // Text typed like a phone ("90 123-45") is also looked for among the phones' digits.
    const digits = PHONE_LIKE.test(text) ? onlyDigits(text) : '';
    where.push(digits.length >= 2 ? sql`(${byName} or ${leads.phone} like ${`%${digits}%`})` : byName);
  }
  if (search.admin_id) where.push(eq(leads.adminId, search.admin_id));
  if (search.course_id) where.push(eq(leads.courseId, search.course_id));
  if (search.source_id) where.push(eq(leads.sourceId, search.source_id));
  if (search.tag_id) {
    where.push(
      sql`exists (select 1 from lead_tags lt where lt.company_id = ${leads.companyId}
        and lt.lead_id = ${leads.id} and lt.tag_id = ${search.tag_id})`,
    );
  }
  return where;
}

/**
 * GET /leadData (the list or table view) and GET /leads/archive: a page of a branch's leads —
 * those on the board newest first, or with `archived=1` the archived ones, the latest archived first.
 */
export async function listLeads(tx: Tx, actor: Actor, query: LeadListQuery): Promise<LeadList> {
  const archived = query.archived === '1';
  const where = await leadSearchConditions(tx, actor, query);
  where.push(...(archived ? [isNotNull(leads.archivedAt), isNull(leads.studentId)] : onBoard));
  if (query.column) where.push(eq(leads.column, query.column));
  const [total] = await tx
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.companyId, actor.companyId), ...where));
  const orderBy = archived ? [desc(leads.archivedAt), desc(leads.id)] : [desc(leads.createdAt), desc(leads.id)];
  // The page's ids first, from `leads` alone along its index; the names are joined to those rows only.
  const page = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.companyId, actor.companyId), ...where))
    .orderBy(...orderBy)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const ids = page.map((p) => p.id);
  const data = ids.length ? await loadLeads(tx, actor.companyId, [inArray(leads.id, ids)], { orderBy }) : [];
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}
