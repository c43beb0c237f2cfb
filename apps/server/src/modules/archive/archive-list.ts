import {
  type ArchiveItem,
  type ArchiveKind,
  type ArchiveList,
  type ArchiveListQuery,
  addDays,
  GroupStatus,
  HistoryEvent,
  onlyDigits,
  paginate,
  Role,
  StudentStatus,
} from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { assertReportScope } from '../finance-reports/report-scope.js';
import { companyTime } from '../lessons/company-time.js';
import { escapeLike } from '../users/list-filters.js';
import { invalidField } from '../users/service.js';
import { policiesOf } from './archive-policies.js';

interface ItemRow {
  kind: ArchiveKind;
  id: number;
  name: string;
  phone: string | null;
  course: string | null;
  archived_at: Date | string;
  roles: number[] | null;
  actor_id: number | null;
  actor_name: string | null;
  reason: string | null;
}

/**
 * Everything archived in the branch as one list (alias `i`): people by their first kind (a student who
 * also teaches is listed once, as a student), groups with status 3 (archived when their groupArchived event
 * says, else at their last change), leads archived and not converted.
 */
function archivedItems(companyId: number, branchId: number): SQL {
  return sql`select case when ${Role.student} = any(u.roles) then 'student'
          when ${Role.teacher} = any(u.roles) then 'teacher' else 'staff' end as kind,
        u.id::int as id, u.name, u.phone, null::text as code, null::text as course, u.archived_at,
        u.roles::int[] as roles, null::bigint as reason_id
      from users u
      where u.company_id = ${companyId} and u.archived_at is not null
        and exists (select 1 from user_branches ub where ub.company_id = ${companyId} and ub.user_id = u.id
          and ub.branch_id = ${branchId})
    union all
    select 'group', g.id::int, coalesce(nullif(trim(g.name), ''), g.code), null, g.code, c.name,
        coalesce(archived.created_at, g.updated_at), null, null
      from groups g
      join courses c on c.company_id = g.company_id and c.id = g.course_id
      left join lateral (select h.created_at from history_events h
        where h.company_id = ${companyId} and h.entity = 'group' and h.entity_id = g.id
          and h.type = ${HistoryEvent.groupArchived}
        order by h.created_at desc, h.id desc limit 1) archived on true
      where g.company_id = ${companyId} and g.branch_id = ${branchId} and g.status = ${GroupStatus.archive}
    union all
    select 'lead', l.id::int, l.name, l.phone, null, null, l.archived_at, null, l.archive_reason_id
      from leads l
      where l.company_id = ${companyId} and l.branch_id = ${branchId} and l.archived_at is not null
        and l.student_id is null`;
}

/** The search and period, on the list's columns (the period's days in the company's time zone). */
async function listFilters(tx: Tx, actor: Actor, query: ArchiveListQuery): Promise<SQL[]> {
  const where: SQL[] = [];
  const text = query.search?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    const digits = onlyDigits(text);
    where.push(
      sql`(i.name ilike ${pattern} or i.code ilike ${pattern}${digits.length >= 2 ? sql` or i.phone like ${`%${digits}%`}` : sql``})`,
    );
  }
  if (query.from || query.till) {
    const { timeZone } = await companyTime(tx, actor.companyId, new Date());
    if (query.from) where.push(sql`i.archived_at >= (${query.from}::date::timestamp at time zone ${timeZone})`);
    if (query.till)
      where.push(sql`i.archived_at < (${addDays(query.till, 1)}::date::timestamp at time zone ${timeZone})`);
  }
  return where;
}

/** The event that archives each kind: its author is who archived it. */
const archivingEvent = sql`case i.kind when 'group' then ${HistoryEvent.groupArchived}::int
  when 'lead' then ${HistoryEvent.leadArchived}::int else ${HistoryEvent.userArchived}::int end`;

/**
 * One page of the list, newest first, with who archived each row (the latest archiving event's author) and
 * why (a lead's deletion reason; a student's reason or comment from his latest removal from a group). The
 * per-row lookups run on the page's rows only, each on an index.
 */
function pageRows(companyId: number, items: SQL, where: SQL, page: { per_page: number; page: number }) {
  return sql`with i as (${items}),
    page as (select i.* from i where ${where} order by i.archived_at desc, i.kind, i.id desc
      limit ${page.per_page} offset ${(page.page - 1) * page.per_page})
    select i.kind, i.id, i.name, i.phone, i.course, i.archived_at, i.roles,
      who.actor_id::int as actor_id, a.name as actor_name,
      case i.kind when 'lead' then lr.title when 'student' then left_group.reason end as reason
    from page i
    left join lateral (select h.actor_id from history_events h
      where h.company_id = ${companyId} and h.entity = case when i.kind in ('group', 'lead') then i.kind else 'user' end
        and h.entity_id = i.id and h.type = ${archivingEvent}
      order by h.created_at desc, h.id desc limit 1) who on true
    left join users a on a.company_id = ${companyId} and a.id = who.actor_id
    left join lead_reasons lr on lr.company_id = ${companyId} and lr.id = i.reason_id
    left join lateral (select coalesce(ar.name, nullif(trim(gs.archive_comment), '')) as reason
      from group_students gs
      left join archive_reasons ar on ar.company_id = gs.company_id and ar.id = gs.archive_reason_id
      where i.kind = 'student' and gs.company_id = ${companyId} and gs.student_id = i.id
        and gs.status = ${StudentStatus.archived}
      order by gs.left_date desc nulls last, gs.updated_at desc limit 1) left_group on true
    order by i.archived_at desc, i.kind, i.id desc`;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * GET /archive (spec §2 archive list/all): the branch's archived students, teachers, staff, groups and leads
 * matching the search and period, a page of one kind (or all) and how many of each kind there are, with
 * what the caller may do with each row. Two statements over the same list: the counts and the page.
 */
export async function listArchive(tx: Tx, actor: Actor, query: ArchiveListQuery): Promise<ArchiveList> {
  await assertReportScope(tx, actor, { branch_id: query.branch_id });
  if (query.from && query.till && query.till < query.from)
    throw invalidField('till', 'end_before_start', 'till is before from');
  const items = archivedItems(actor.companyId, query.branch_id);
  const filters = await listFilters(tx, actor, query);
  const where = sql.join([sql`true`, ...filters], sql` and `);
  const byKind = await selectRows<{ kind: ArchiveKind; n: number }>(
    tx,
    sql`with i as (${items}) select i.kind, count(*)::int as n from i where ${where} group by i.kind`,
  );
  const counts = { all: 0, student: 0, teacher: 0, staff: 0, group: 0, lead: 0 };
  for (const { kind, n } of byKind) {
    counts[kind] = n;
    counts.all += n;
  }
  const ofKind = query.kind === 'all' ? where : sql`${where} and i.kind = ${query.kind}`;
  const rows = await selectRows<ItemRow>(tx, pageRows(actor.companyId, items, ofKind, query));
  const data = rows.map(
    (row): ArchiveItem => ({
      kind: row.kind,
      id: Number(row.id),
      name: row.name,
      phone: row.phone,
      course: row.course,
      archived_at: iso(row.archived_at),
      archived_by: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
      reason: row.reason,
      policies: policiesOf(actor, row),
    }),
  );
  return { data, pagination: paginate(counts[query.kind], query.page, query.per_page, data.length), counts };
}
