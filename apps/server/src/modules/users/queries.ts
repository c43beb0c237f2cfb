import {
  canAccess,
  type Gender,
  isRoleId,
  normalizePhone,
  paginate,
  ROLE_LABEL,
  Role,
  type RoleId,
  topRank,
  USER_TYPE_AREA,
  type UserListItem,
  type UserListQuery,
  type UserProfile,
  type UserType,
  userTypesOf,
} from '@crm/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { historyEvents } from '../../db/schema/index.js';
import { type Actor, assertArea } from '../../platform/actor.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { listHistoryPage } from '../../platform/history.js';
import { offerSignedSql } from '../offer/offer-states.js';
import { listFilters, type PlaceFilter, scopeFilter, sqlList, studentBalance } from './list-filters.js';
import { studentListFilters, studentListPage } from './student-list.js';

type GroupsOf = 'student' | 'studentAll' | 'teacher' | 'all' | 'none';

const studentGroups = (companyId: number, all: boolean) => sql`(select coalesce(json_agg(json_build_object(
    'id', g.id, 'name', coalesce(nullif(g.name, ''), g.code), 'status', g.status, 'student_status', gs.status,
    'course', case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end,
    'teacher', case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end,
    'start_time', to_char(g.start_time, 'HH24:MI'), 'end_time', to_char(g.end_time, 'HH24:MI'),
    'days', g.days, 'joined_at', gs.created_date::text) order by gs.status = 6, gs.created_date desc), '[]'::json)
  from group_students gs
  join groups g on g.company_id = gs.company_id and g.id = gs.group_id
  left join courses c on c.company_id = g.company_id and c.id = g.course_id
  left join users t on t.company_id = g.company_id and t.id = g.teacher_id
  where gs.company_id = ${companyId} and gs.student_id = u.id${all ? sql`` : sql` and gs.status <> 6`})`;

const teacherGroups = (companyId: number) => sql`(select coalesce(json_agg(json_build_object(
    'id', g.id, 'name', coalesce(nullif(g.name, ''), g.code), 'status', g.status, 'student_status', null,
    'course', case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end,
    'teacher', json_build_object('id', u.id, 'name', u.name),
    'start_time', to_char(g.start_time, 'HH24:MI'), 'end_time', to_char(g.end_time, 'HH24:MI'),
    'days', g.days, 'joined_at', null) order by g.status, g.start_time), '[]'::json)
  from groups g
  left join courses c on c.company_id = g.company_id and c.id = g.course_id
  where g.company_id = ${companyId} and g.teacher_id = u.id and g.status in (1, 2))`;

function groupsColumn(companyId: number, of: GroupsOf): SQL {
  if (of === 'student' || of === 'studentAll') return studentGroups(companyId, of === 'studentAll');
  if (of === 'teacher') return teacherGroups(companyId);
  if (of === 'all')
    return sql`(select json_agg(x) from (
      select json_array_elements(${studentGroups(companyId, true)}) as x
      union all select json_array_elements(${teacherGroups(companyId)})) all_groups)`;
  return sql`'[]'::json`;
}

interface UserRow {
  id: number;
  name: string;
  phone: string;
  birthday: string | null;
  gender: string | null;
  comment: string | null;
  parent_name: string | null;
  parent_phone: string | null;
  ext_id: string | null;
  roles: number[];
  main_branch: number | null;
  archived_at: Date | string | null;
  created_at: Date | string;
  branches: { id: number; name: string }[];
  tags: UserListItem['tags'];
  groups: UserListItem['groups'] | null;
  balance?: number | string;
  /** Students' only (issue 17): the offer module's column. */
  offer_signed?: boolean | null;
}

interface ProfileRow extends UserRow {
  extra_phone: string | null;
  email: string | null;
  telegram: string | null;
  address: string | null;
  passport_id: string | null;
  has_password: boolean;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export const rolesOut = (roles: readonly number[]) =>
  roles.filter(isRoleId).map((id) => ({ id, name: ROLE_LABEL[id] }));

function toListItem(row: UserRow): UserListItem {
  return {
    id: Number(row.id),
    name: row.name,
    phone: row.phone,
    birthday: row.birthday,
    gender: row.gender === 'm' || row.gender === 'f' ? (row.gender as Gender) : null,
    comment: row.comment,
    parent_name: row.parent_name,
    parent_phone: row.parent_phone,
    ext_id: row.ext_id,
    roles: rolesOut(row.roles),
    branches: row.branches,
    main_branch: row.main_branch === null ? null : Number(row.main_branch),
    tags: row.tags,
    groups: row.groups ?? [],
    archived_at: iso(row.archived_at),
    created_at: iso(row.created_at) as string,
    ...(row.balance === undefined ? {} : { balance: Number(row.balance) }),
    ...(row.offer_signed === undefined ? {} : { offer_signed: row.offer_signed }),
  };
}

/**
 * One statement for a page of users with their branches, tags and groups: no query per row. The subqueries
 * name the company as a value, not as `u.company_id`: against the outer row the planner can only assume an
 * average company (a few groups), and for a large one it read all of the company's groups for every student
 * on the page (docs/performance.md).
 */
function selectUsers(companyId: number, where: SQL, groups: GroupsOf, profile: boolean): SQL {
  const extra = profile
    ? sql`, u.extra_phone, u.email, u.telegram, u.address, u.passport_id, (u.password_hash is not null) as has_password`
    : sql``;
  return sql`select u.id::int as id, u.name, u.phone, u.birthday::text as birthday, u.gender, u.comment,
      u.parent_name, u.parent_phone, u.ext_id, u.roles::int[] as roles, u.main_branch_id::int as main_branch,
      u.archived_at, u.created_at${extra},
      (select coalesce(json_agg(json_build_object('id', b.id, 'name', b.name) order by b.id), '[]'::json)
        from user_branches ub join branches b on b.company_id = ub.company_id and b.id = ub.branch_id
        where ub.company_id = ${companyId} and ub.user_id = u.id) as branches,
      (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name), '[]'::json)
        from user_tags ut join tags t on t.company_id = ut.company_id and t.id = ut.tag_id
        where ut.company_id = ${companyId} and ut.user_id = u.id) as tags,
      ${groupsColumn(companyId, groups)} as groups${groups === 'student' ? sql`, ${studentBalance(companyId)} as balance` : sql``}${
        groups === 'student' || profile ? sql`, ${offerSignedSql(companyId, sql`u.id`)} as offer_signed` : sql``
      }
    from users u where ${where}`;
}

const groupsFor = (type: UserType): GroupsOf => (type === 'staff' ? 'none' : type);

/**
 * GET /user and GET /user/archived_users: one query for the page and one count. `more` narrows further
 * (GET /advanched_search), on top of the filters of GET /user.
 */
export async function listUsers(
  tx: Tx,
  actor: Actor,
  query: UserListQuery & PlaceFilter,
  archived = false,
  more: readonly SQL[] = [],
) {
  assertArea(actor, USER_TYPE_AREA[query.user_type]);
  const order = query.sort_by_name ? sql`u.name asc, u.id asc` : sql`u.id desc`;
  const groups = groupsFor(query.user_type);
  const listed = studentListFilters(actor, query, archived, more);
  if (listed) {
    const { total, people } = await studentListPage(tx, actor.companyId, listed, query);
    const rows = await selectRows<UserRow>(
      tx,
      sql`${selectUsers(actor.companyId, people, groups, false)} order by ${order}`,
    );
    const data = rows.map(toListItem);
    return { data, pagination: paginate(total, query.page, query.per_page, data.length) };
  }
  const where = sql.join([...listFilters(actor, query, archived), ...more], sql` and `);
  const offset = (query.page - 1) * query.per_page;
  const [total] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from users u where ${where}`);
  const rows = await selectRows<UserRow>(
    tx,
    sql`${selectUsers(actor.companyId, where, groups, false)} order by ${order} limit ${query.per_page} offset ${offset}`,
  );
  const data = rows.map(toListItem);
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}

/** The same filters for the Excel export, without pages (capped so one request cannot run away). */
export async function listAllUsers(tx: Tx, actor: Actor, query: UserListQuery, archived: boolean, cap: number) {
  assertArea(actor, USER_TYPE_AREA[query.user_type]);
  const where = sql.join(listFilters(actor, query, archived), sql` and `);
  const order = query.sort_by_name ? sql`u.name asc, u.id asc` : sql`u.id desc`;
  const rows = await selectRows<UserRow>(
    tx,
    sql`${selectUsers(actor.companyId, where, groupsFor(query.user_type), false)} order by ${order} limit ${cap}`,
  );
  return rows.map(toListItem);
}

/** A user as the rules of this module see him. */
export interface TargetUser {
  id: number;
  name: string;
  phone: string;
  roles: RoleId[];
  types: UserType[];
  branchIds: number[];
  mainBranchId: number | null;
  archived: boolean;
}

interface TargetRow {
  id: number;
  name: string;
  phone: string;
  roles: number[];
  main_branch: number | null;
  archived: boolean;
  branch_ids: number[] | null;
}

/**
 * Loads users the caller may reach (his company, one of his branches), locked
 * for update when he is about to change them. Another company's user and a user
 * of a branch he does not work in look the same: absent.
 */
export async function findTargets(tx: Tx, actor: Actor, ids: readonly number[], lock: boolean): Promise<TargetUser[]> {
  const scope = scopeFilter(actor);
  const rows = await selectRows<TargetRow>(
    tx,
    sql`select u.id::int as id, u.name, u.phone, u.roles::int[] as roles, u.main_branch_id::int as main_branch,
        (u.archived_at is not null) as archived,
        (select array_agg(ub.branch_id::int order by ub.branch_id) from user_branches ub
          where ub.company_id = u.company_id and ub.user_id = u.id) as branch_ids
      from users u
      where u.company_id = ${actor.companyId} and u.id in ${sqlList(ids)}${scope ? sql` and ${scope}` : sql``}
      order by u.id${lock ? sql` for update of u` : sql``}`,
  );
  return rows.map((row) => {
    const roles = row.roles.filter(isRoleId);
    return {
      id: Number(row.id),
      name: row.name,
      phone: row.phone,
      roles,
      types: userTypesOf(roles),
      branchIds: row.branch_ids ?? [],
      mainBranchId: row.main_branch === null ? null : Number(row.main_branch),
      archived: row.archived,
    };
  });
}

export async function findTarget(tx: Tx, actor: Actor, id: number, lock: boolean): Promise<TargetUser> {
  const [target] = await findTargets(tx, actor, [id], lock);
  if (!target) throw notFound();
  return target;
}

/** Reading a person needs the area of one of his kinds (a cashier may open a student, not an admin). */
export function assertMayRead(actor: Actor, target: TargetUser): void {
  if (target.id === actor.id && canAccess('user', actor.roles)) return;
  if (!target.types.some((type) => canAccess(USER_TYPE_AREA[type], actor.roles))) throw forbidden();
}

/**
 * Changing a person needs the area of every kind he is (a branch admin may edit a
 * teacher, not a teacher who is also an administrator) and a rank not below his.
 */
export function assertMayWrite(actor: Actor, target: TargetUser) {
  for (const type of target.types) assertArea(actor, USER_TYPE_AREA[type]);
  if (topRank(target.roles) > topRank(actor.roles)) throw forbidden();
}

/** GET /user/{id}: the profile with groups, branches, tags and contacts. */
export async function getProfile(tx: Tx, actor: Actor, id: number): Promise<UserProfile> {
  assertMayRead(actor, await findTarget(tx, actor, id, false));
  const [row] = await selectRows<ProfileRow>(
    tx,
    selectUsers(actor.companyId, sql`u.company_id = ${actor.companyId} and u.id = ${id}`, 'all', true),
  );
  if (!row) throw notFound();
  const roles = row.roles.filter(isRoleId);
  const { offer_signed, ...item } = toListItem(row);
  return {
    ...item,
    ...(roles.includes(Role.student) ? { offer_signed } : {}),
    extra_phone: row.extra_phone,
    email: row.email,
    telegram: row.telegram,
    address: row.address,
    passport_id: row.passport_id,
    has_password: row.has_password,
    types: userTypesOf(roles),
  };
}

/** GET /user/{id}/history: the history events about this user, newest first. */
export async function listUserHistory(tx: Tx, actor: Actor, id: number, page: number, perPage: number) {
  assertMayRead(actor, await findTarget(tx, actor, id, false));
  const filters = [eq(historyEvents.entity, 'user'), eq(historyEvents.entityId, id)];
  return listHistoryPage(tx, actor.companyId, filters, { page, per_page: perPage });
}

/**
 * GET /phone_search (spec §7, the call widget): who has this phone, by his own
 * number or as a parent. Only kinds of people the caller may open are named.
 */
export async function searchByPhone(tx: Tx, actor: Actor, phone: string, country: string, branchId?: number) {
  const digits = normalizePhone(phone, country);
  const scope = scopeFilter(actor, branchId);
  const rows = await selectRows<{ id: number; name: string; roles: number[] }>(
    tx,
    sql`select u.id::int as id, u.name, u.roles::int[] as roles from users u
      where u.company_id = ${actor.companyId} and u.archived_at is null
        and (u.phone = ${digits} or u.parent_phone = ${digits})
        ${scope ? sql`and ${scope}` : sql``}
      order by u.id limit 20`,
  );
  const data = rows.flatMap((row) => {
    const roles = row.roles.filter(isRoleId);
    const visible = userTypesOf(roles).some((type) => canAccess(USER_TYPE_AREA[type], actor.roles));
    const role = roles[0];
    return visible && role !== undefined ? [{ id: row.id, role, name: row.name }] : [];
  });
  return { data };
}
