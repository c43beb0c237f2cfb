import { STUDENT_STATUS_IDS } from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { nameOrPhoneFilter, type UserFilters } from './list-filters.js';

/**
 * GET /user for the students of one branch, read from their kept list rows `s` (student_list_rows, decision
 * 0030): the count and the page's ids come from the branch's narrow rows through an index, and only the
 * page's fifty people are then read from `users`. The filters mean what listFilters means over `users`; the
 * list's API tests judge both.
 */

/** A place as the list rows keep it: course id × 8 + status (no course: 0). */
const placeCode = (courseId: number, status: number) => courseId * 8 + status;

function placeFilter(query: UserFilters): SQL | undefined {
  const statuses = query.statuses?.length ? query.statuses : undefined;
  if (query.course_id === undefined) {
    return statuses
      ? sql`exists (select 1 from unnest(s.places) p where p % 8 = any(${pgArray(statuses)}::bigint[]))`
      : undefined;
  }
  const courseId = query.course_id;
  const keys = (statuses ?? STUDENT_STATUS_IDS).map((status) => placeCode(courseId, status));
  return sql`s.places && ${pgArray(keys)}::bigint[]`;
}

function financeFilter(finance: NonNullable<UserFilters['finance']>): SQL {
  if (finance === 'debtors') return sql`s.balance < 0`;
  if (finance === 'credit') return sql`s.balance > 0`;
  return sql`s.balance = 0`;
}

/**
 * The filters over the list rows, or undefined when the query asks what they do not keep (another kind of
 * person, several branches, an external id, a group or teacher of the advanced search, or its other filters):
 * those go to `users` as before.
 */
export function studentListFilters(
  actor: Actor,
  query: UserFilters,
  archived: boolean,
  more: readonly SQL[],
): SQL[] | undefined {
  const branchId = query.branch_id;
  if (query.user_type !== 'student' || branchId === undefined || query.ext_id || more.length) return undefined;
  if (query.group_id !== undefined || query.teacher_id !== undefined) return undefined;
  assertBranch(actor, branchId);
  const filters = [
    sql`s.company_id = ${actor.companyId}`,
    sql`s.branch_id = ${branchId}`,
    sql`s.archived = ${archived}`,
  ];
  const text = query.name_or_phone?.trim();
  if (text) filters.push(nameOrPhoneFilter(text, 's'));
  if (query.tag_ids?.length) filters.push(sql`s.tag_ids && ${pgArray(query.tag_ids)}::bigint[]`);
  const place = placeFilter(query);
  if (place) filters.push(place);
  if (query.finance) filters.push(financeFilter(query.finance));
  return filters;
}

/** The count and, as a condition on `users u`, the page's people (the caller orders them the same way). */
export async function studentListPage(
  tx: Tx,
  companyId: number,
  filters: SQL[],
  page: { page: number; per_page: number; sort_by_name?: boolean },
) {
  const where = sql.join(filters, sql` and `);
  const [total] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from student_list_rows s where ${where}`,
  );
  const order = page.sort_by_name ? sql`s.name asc, s.student_id asc` : sql`s.student_id desc`;
  const ids = sql`select s.student_id from student_list_rows s where ${where}
    order by ${order} limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`;
  return { total: total?.n ?? 0, people: sql`u.company_id = ${companyId} and u.id in (${ids})` };
}
