import {
  type AdvancedSearchQuery,
  canAccess,
  isRoleId,
  RUNNING_GROUP_STATUSES,
  StudentStatus,
  USER_BULK_MAX,
  USER_TYPE_AREA,
  USER_TYPES,
  type UserDeleteAll,
  type UserSearchItem,
  type UserSearchQuery,
  type UserSelection,
  type UserSelectionQuery,
  userTypesOf,
} from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { type Actor, assertArea } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { companyTime } from '../lessons/company-time.js';
import { archiveUsers, deleteUsers } from './lifecycle.js';
import { escapeLike, listFilters, nameOrPhoneFilter, scopeFilter, sqlList, typeFilter } from './list-filters.js';
import { listUsers } from './queries.js';
import { invalidField } from './service.js';

/**
 * Spec §7 "Users": POST /user/all and POST /user/delete_all (every user a filter finds, for the list's
 * bulk actions beyond one page), GET /user_search and GET /advanched_search.
 */

/**
 * POST /user/all, the "select all" of the people lists: the users the filters of GET /user find, for a bulk
 * action beyond one page — never the caller himself (nobody archives or deletes himself, lifecycle.ts); at
 * most USER_BULK_MAX ids, newest first as the list shows them, and their total.
 */
export async function selectAllUsers(tx: Tx, actor: Actor, query: UserSelectionQuery): Promise<UserSelection> {
  assertArea(actor, USER_TYPE_AREA[query.user_type]);
  const filters = [...listFilters(actor, query, query.archived === true), sql`u.id <> ${actor.id}`];
  const rows = await selectRows<{ id: number; total: number }>(
    tx,
    sql`select u.id::int as id, count(*) over ()::int as total from users u
      where ${sql.join(filters, sql` and `)} order by u.id desc limit ${USER_BULK_MAX}`,
  );
  const total = rows[0]?.total ?? 0;
  return { ids: rows.map((r) => r.id), total, truncated: total > rows.length };
}

/**
 * POST /user/delete_all: archives every live user the filters find, or with `permanent` deletes every
 * archived one — all or nothing, with the rules and history of POST /user/delete/multiple. The number
 * found must be the number the person confirmed: a list that changed since is refused (409) untouched.
 */
export async function deleteAllUsers(tx: Tx, actor: Actor, body: UserDeleteAll): Promise<number> {
  const { permanent, expected_count: expected, ...filters } = body;
  const found = await selectAllUsers(tx, actor, { ...filters, archived: permanent === true });
  if (found.total !== expected) {
    throw new AppError(409, 'conflict', { reason: 'count_changed', expected, found: found.total });
  }
  return permanent ? deleteUsers(tx, actor, found.ids) : archiveUsers(tx, actor, found.ids);
}

/**
 * GET /user_search: people whose name or phone holds the text, of the kinds the caller may open (a cashier
 * finds students, not staff), in his branches; names starting with the text first.
 */
export async function searchUsers(tx: Tx, actor: Actor, query: UserSearchQuery) {
  const asked = query.user_type ? [query.user_type] : USER_TYPES;
  const types = asked.filter((type) => canAccess(USER_TYPE_AREA[type], actor.roles));
  if (!types.length) throw forbidden();
  const scope = scopeFilter(actor, query.branch_id);
  const filters: SQL[] = [
    sql`u.company_id = ${actor.companyId}`,
    sql`u.archived_at is null`,
    sql`(${sql.join(types.map(typeFilter), sql` or `)})`,
    nameOrPhoneFilter(query.search),
    ...(scope ? [scope] : []),
  ];
  const rows = await selectRows<{
    id: number;
    name: string;
    phone: string;
    roles: number[];
    main_branch: number | null;
  }>(
    tx,
    sql`select u.id::int as id, u.name, u.phone, u.roles::int[] as roles, u.main_branch_id::int as main_branch
      from users u where ${sql.join(filters, sql` and `)}
      order by (u.name ilike ${`${escapeLike(query.search)}%`}) desc, u.name, u.id
      limit ${query.limit}`,
  );
  const data = rows.flatMap((row): UserSearchItem[] => {
    const roles = row.roles.filter(isRoleId);
    const role = roles[0];
    return role === undefined
      ? []
      : [
          {
            id: row.id,
            name: row.name,
            phone: row.phone,
            role,
            types: userTypesOf(roles),
            main_branch: row.main_branch,
          },
        ];
  });
  return { data };
}

function assertRange(field: string, from: string | undefined, to: string | undefined) {
  if (from && to && to < from)
    throw invalidField(`${field}_to`, 'end_before_start', `${field}_to is before ${field}_from`);
}

/**
 * GET /advanched_search: the list of GET /user, narrowed further by gender, birthday and registration
 * dates (the company's calendar days), group, teacher, or having no group at all.
 */
export async function advancedSearch(tx: Tx, actor: Actor, query: AdvancedSearchQuery) {
  assertRange('birthday', query.birthday_from, query.birthday_to);
  assertRange('created', query.created_from, query.created_to);
  const more: SQL[] = [];
  if (query.gender) more.push(sql`u.gender = ${query.gender}`);
  if (query.birthday_from) more.push(sql`u.birthday >= ${query.birthday_from}`);
  if (query.birthday_to) more.push(sql`u.birthday <= ${query.birthday_to}`);
  if (query.created_from || query.created_to) {
    const { timeZone } = await companyTime(tx, actor.companyId, new Date());
    const day = sql`(u.created_at at time zone ${timeZone})::date`;
    if (query.created_from) more.push(sql`${day} >= ${query.created_from}::date`);
    if (query.created_to) more.push(sql`${day} <= ${query.created_to}::date`);
  }
  const placeless = query.without_group ? withoutGroup(actor.companyId, query.user_type) : undefined;
  if (placeless) more.push(placeless);
  return listUsers(tx, actor, query, false, more);
}

/**
 * A student with no place he still holds (archived places do not count); a teacher with no running group.
 * Staff have no groups: the filter says nothing about them.
 */
function withoutGroup(companyId: number, type: AdvancedSearchQuery['user_type']): SQL | undefined {
  if (type === 'staff') return undefined;
  if (type === 'teacher') {
    return sql`not exists (select 1 from groups g where g.company_id = ${companyId} and g.teacher_id = u.id
      and g.status in ${sqlList(RUNNING_GROUP_STATUSES)})`;
  }
  return sql`not exists (select 1 from group_students gs where gs.company_id = ${companyId}
    and gs.student_id = u.id and gs.status <> ${StudentStatus.archived})`;
}
