import {
  onlyDigits,
  Role,
  STAFF_FORM_ROLES,
  type StudentFinanceFilter,
  type UserListQuery,
  type UserType,
} from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';

/** The filters of the people lists (spec §7 GET /user and its searches), as SQL over `users u`. */

/** `(v1, v2, …)` for an `in` of raw SQL; never empty, so a list of nothing matches nothing. */
export const sqlList = (values: readonly (number | string)[]): SQL =>
  values.length
    ? sql`(${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`(null)`;

const roleArray = (roles: readonly number[]) => sql.raw(`array[${roles.map(Number).join(',')}]::smallint[]`);

/** Which users are of a kind (spec §6: staff are users with a staff role). */
export function typeFilter(type: UserType): SQL {
  if (type === 'student') return sql`${Role.student} = any(u.roles)`;
  if (type === 'teacher') return sql`${Role.teacher} = any(u.roles)`;
  return sql`u.roles && ${roleArray(STAFF_FORM_ROLES)}`;
}

/**
 * Branch scope of spec §6: a user is reachable when one of his branches is one of
 * the caller's; owner and CEO reach everyone (also users without a branch).
 */
export function scopeFilter(actor: Actor, branchId?: number): SQL | undefined {
  if (branchId !== undefined) {
    assertBranch(actor, branchId);
    return sql`exists (select 1 from user_branches ub where ub.company_id = ${actor.companyId} and ub.user_id = u.id and ub.branch_id = ${branchId})`;
  }
  const scope = branchFilterOf(actor);
  if (!scope) return undefined;
  return sql`exists (select 1 from user_branches ub where ub.company_id = ${actor.companyId} and ub.user_id = u.id and ub.branch_id in ${sqlList(scope)})`;
}

/** Text for `like`/`ilike` with its wildcards taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Text in a name or a phone, as a substring. Both columns carry trigram indexes (users_name_trgm,
 * users_phone_trgm); the phone is matched by its digits, from two of them on.
 */
export function nameOrPhoneFilter(text: string, table: 'u' | 's' = 'u'): SQL {
  const digits = onlyDigits(text);
  const byName = sql`${sql.raw(table)}.name ilike ${`%${escapeLike(text)}%`}`;
  return digits.length >= 2 ? sql`(${byName} or ${sql.raw(table)}.phone like ${`%${digits}%`})` : byName;
}

/** What a person's place in a group must match; advanced search adds the group and its teacher. */
export interface PlaceFilter {
  course_id?: number;
  statuses?: number[];
  group_id?: number;
  teacher_id?: number;
}

function placeFilter(actor: Actor, type: UserType, place: PlaceFilter): SQL | undefined {
  const statuses = place.statuses ?? [];
  const group = [
    ...(place.course_id === undefined ? [] : [sql` and g.course_id = ${place.course_id}`]),
    ...(place.group_id === undefined ? [] : [sql` and g.id = ${place.group_id}`]),
  ];
  if (type === 'teacher') {
    // A teacher "of a course" (or of a group) teaches it.
    if (!group.length && !statuses.length) return undefined;
    return sql`exists (select 1 from groups g where g.company_id = ${actor.companyId} and g.teacher_id = u.id${sql.join(group)})`;
  }
  if (place.teacher_id !== undefined) group.push(sql` and g.teacher_id = ${place.teacher_id}`);
  if (!group.length && !statuses.length) return undefined;
  // One membership must match all: "active in course X" is one group, not two.
  const status = statuses.length ? sql` and gs.status in ${sqlList(statuses)}` : sql``;
  return sql`exists (select 1 from group_students gs
    join groups g on g.company_id = gs.company_id and g.id = gs.group_id
    where gs.company_id = ${actor.companyId} and gs.student_id = u.id${sql.join(group)}${status})`;
}

/** What GET /user filters by (its paging and order aside). */
export type UserFilters = Omit<UserListQuery, 'page' | 'per_page' | 'sort_by_name'> & PlaceFilter;

/** The filters of spec §7 GET /user, as SQL over `users u`. */
export function listFilters(actor: Actor, query: UserFilters, archived: boolean): SQL[] {
  const filters: SQL[] = [
    sql`u.company_id = ${actor.companyId}`,
    archived ? sql`u.archived_at is not null` : sql`u.archived_at is null`,
    typeFilter(query.user_type),
  ];
  const scope = scopeFilter(actor, query.branch_id);
  if (scope) filters.push(scope);
  const text = query.name_or_phone?.trim();
  if (text) filters.push(nameOrPhoneFilter(text));
  if (query.ext_id) filters.push(sql`u.ext_id = ${query.ext_id}`);
  if (query.tag_ids?.length) {
    filters.push(
      sql`exists (select 1 from user_tags ut where ut.company_id = ${actor.companyId} and ut.user_id = u.id and ut.tag_id in ${sqlList(query.tag_ids)})`,
    );
  }
  const place = placeFilter(actor, query.user_type, query);
  if (place) filters.push(place);
  if (query.finance) filters.push(financeFilter(actor.companyId, query.finance));
  return filters;
}

/** A student without a balance row has never had an entry: his balance is zero. */
export const studentBalance = (companyId: number) =>
  sql`coalesce((select sb.balance from student_balances sb where sb.company_id = ${companyId} and sb.student_id = u.id), 0)`;

function financeFilter(companyId: number, finance: StudentFinanceFilter): SQL {
  const balance = studentBalance(companyId);
  if (finance === 'debtors') return sql`${balance} < 0`;
  if (finance === 'credit') return sql`${balance} > 0`;
  return sql`${balance} = 0`;
}
