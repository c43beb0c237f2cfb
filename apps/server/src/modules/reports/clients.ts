import {
  type ClientList,
  type ClientListQuery,
  type ClientRow,
  type ClientStatus,
  groupTitle,
  paginate,
  StudentStatus,
} from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { nameOrPhoneFilter, scopeFilter, studentBalance, typeFilter } from '../users/list-filters.js';

export type ClientFilters = Omit<ClientListQuery, 'page' | 'per_page'>;

/** One Excel file holds at most this many clients (a large branch has a few thousand). */
export const CLIENT_EXPORT_CAP = 20_000;

/**
 * The client's status from his places (contracts CLIENT_STATUSES): the best of them wins — paying in one
 * group makes him active even if frozen in another; only archived places make him one who left.
 */
const statusOf = (companyId: number) => sql`case when u.archived_at is not null then 'archived'
  else (select case max(case gs.status when ${StudentStatus.active} then 4 when ${StudentStatus.frozen} then 3
      when ${StudentStatus.archived} then 1 else 2 end)
    when 4 then 'active' when 3 then 'frozen' when 2 then 'trial' when 1 then 'left' else 'no_group' end
  from group_students gs where gs.company_id = ${companyId} and gs.student_id = u.id) end`;

/** He is in the group (or a group of the course or of one of its levels) now, not one he left. */
function placeFilter(companyId: number, filters: ClientFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.group_id !== undefined) conditions.push(sql` and gs.group_id = ${filters.group_id}`);
  if (filters.course_id !== undefined) {
    conditions.push(sql` and g.course_id in (select c.id from courses c where c.company_id = ${companyId}
      and (c.id = ${filters.course_id} or c.parent_id = ${filters.course_id}))`);
  }
  if (!conditions.length) return undefined;
  return sql`exists (select 1 from group_students gs
    join groups g on g.company_id = gs.company_id and g.id = gs.group_id
    where gs.company_id = ${companyId} and gs.student_id = u.id and gs.status <> ${StudentStatus.archived}${sql.join(conditions)})`;
}

/**
 * The clients of the filter as a table `client(id, name, phone, created_at, balance, status)`: the students
 * in the caller's branches (or the asked one), by name or phone, group or course, status and debt. The
 * balance is the kept one (decision 0017), never a sum of the ledger per row. Archived students show only
 * when asked for (status archived).
 */
function clientsOf(actor: Actor, filters: ClientFilters): SQL {
  const companyId = actor.companyId;
  const where: SQL[] = [sql`u.company_id = ${companyId}`, typeFilter('student')];
  const scope = scopeFilter(actor, filters.branch_id);
  if (scope) where.push(scope);
  const text = filters.search?.trim();
  if (text) where.push(nameOrPhoneFilter(text));
  const place = placeFilter(companyId, filters);
  if (place) where.push(place);
  if (filters.status !== 'archived') where.push(sql`u.archived_at is null`);
  const chosen: SQL[] = [sql`true`];
  if (filters.status) chosen.push(sql`client.status = ${filters.status}`);
  if (filters.debt) chosen.push(sql`client.balance < 0`);
  return sql`(select * from (
      select u.id, u.name, u.phone, u.created_at, ${studentBalance(companyId)}::bigint as balance,
        ${statusOf(companyId)} as status
      from users u where ${sql.join(where, sql` and `)}
    ) client where ${sql.join(chosen, sql` and `)}) client`;
}

interface Row {
  id: number;
  name: string;
  phone: string;
  registered: string;
  balance: number | string;
  status: ClientStatus;
  groups: { id: number; name: string | null; code: string; status: number }[];
  source: { id: number; name: string } | null;
  last_payment: { date: string; amount: number } | null;
}

/**
 * The clients of the filter by name with what each row shows; `page` limits them (the export takes all).
 * - groups: the places he holds now;
 * - source: the lead he came from — the lead converted into him, else a lead with his phone that became no
 *   other student (the leads' (company, phone) index finds both);
 * - last payment: his latest payment that was not cancelled (the ledger's (company, student, date) index).
 */
export async function clientRows(
  tx: Tx,
  actor: Actor,
  filters: ClientFilters,
  page: { limit: number; offset: number },
): Promise<ClientRow[]> {
  const companyId = actor.companyId;
  const rows = await selectRows<Row>(
    tx,
    sql`select client.id::int, client.name, client.phone, client.balance, client.status,
        to_char(client.created_at, 'YYYY-MM-DD') as registered,
        (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'code', g.code, 'status', gs.status)
            order by gs.created_date desc, g.id), '[]'::json)
          from group_students gs join groups g on g.company_id = gs.company_id and g.id = gs.group_id
          where gs.company_id = ${companyId} and gs.student_id = client.id
            and gs.status <> ${StudentStatus.archived}) as groups,
        (select json_build_object('id', s.id, 'name', s.name)
          from leads l join lead_sources s on s.company_id = l.company_id and s.id = l.source_id
          where l.company_id = ${companyId} and l.phone = client.phone
            and (l.student_id = client.id or l.student_id is null)
          order by l.student_id is null, l.created_at desc limit 1) as source,
        (select json_build_object('date', e.entry_date::text, 'amount', e.amount)
          from ledger_entries e
          where e.company_id = ${companyId} and e.student_id = client.id and e.kind = 'payment'
            and e.reverses_id is null
            and not exists (select 1 from ledger_entries r where r.company_id = e.company_id and r.reverses_id = e.id)
          order by e.entry_date desc, e.id desc limit 1) as last_payment
      from ${clientsOf(actor, filters)}
      order by client.name, client.id
      limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((row) => ({
    student: { id: row.id, name: row.name, phone: row.phone },
    balance: Number(row.balance),
    status: row.status,
    groups: row.groups.map((g) => ({ id: g.id, title: groupTitle(g), status: g.status })),
    source: row.source,
    last_payment: row.last_payment,
    registered: row.registered,
  }));
}

/** GET /reports/clients (spec §2 reports/list-clients): a page of clients and the totals of the whole filter. */
export async function listClients(tx: Tx, actor: Actor, query: ClientListQuery): Promise<ClientList> {
  const { page, per_page, ...filters } = query;
  const [totals] = await selectRows<{ clients: number; debtors: number; debt: number | string }>(
    tx,
    sql`select count(*)::int as clients, count(*) filter (where client.balance < 0)::int as debtors,
        coalesce(sum(least(client.balance, 0)), 0)::bigint as debt
      from ${clientsOf(actor, filters)}`,
  );
  const data = await clientRows(tx, actor, filters, { limit: per_page, offset: (page - 1) * per_page });
  const clients = totals?.clients ?? 0;
  return {
    data,
    pagination: paginate(clients, page, per_page, data.length),
    totals: { clients, debtors: totals?.debtors ?? 0, debt: Number(totals?.debt ?? 0) },
    // Everyone of the reports area may download what he sees.
    policies: { export: true },
  };
}
