import {
  type DiscountList,
  type DiscountListQuery,
  type DiscountMonth,
  type DiscountRow,
  type DiscountState,
  groupTitle,
  HistoryEvent,
  paginate,
} from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { companyTime } from '../lessons/company-time.js';
import { escapeLike } from '../users/list-filters.js';
import { branchCondition, firstDay, monthsOf } from './report-scope.js';

export type DiscountFilters = Omit<DiscountListQuery, 'page' | 'per_page'>;

/** One Excel file holds at most this many prices. */
export const DISCOUNT_EXPORT_CAP = 20_000;

const SET = HistoryEvent.individualPriceSet;
const REMOVED = HistoryEvent.individualPriceRemoved;

/**
 * The individual prices of the filter as a `with` clause ending in the table `price_record`.
 *
 * A price standing now is the place's own columns (group_students.exception_*); one replaced or removed since
 * lives on only in the history (individualPriceSet carries the price, its reason and dates; the next
 * individualPriceSet or individualPriceRemoved of the same student and group closes it). The history also
 * names who set each price and when; a price written without history (an import, the demo) has no author.
 * The groups are the caller's branches' (history's (company, entity, entity_id) index), so another branch's
 * or company's prices never show.
 */
function priceRecords(actor: Actor, filters: DiscountFilters, today: string, timeZone: string): SQL {
  const companyId = actor.companyId;
  const groupWhere: SQL[] = [
    sql`g.company_id = ${companyId}`,
    branchCondition(actor, filters.branch_id, sql`g.branch_id`),
  ];
  if (filters.group_id !== undefined) groupWhere.push(sql`g.id = ${filters.group_id}`);
  if (filters.course_id !== undefined) {
    groupWhere.push(sql`g.course_id in (select c.id from courses c where c.company_id = ${companyId}
      and (c.id = ${filters.course_id} or c.parent_id = ${filters.course_id}))`);
  }
  const chosen: SQL[] = [sql`true`];
  if (filters.state) chosen.push(sql`r.state = ${filters.state}`);
  const text = filters.search?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    chosen.push(sql`(u.name ilike ${pattern} or u.phone like ${pattern})`);
  }
  return sql`with price_group as (
      select g.id, g.name, g.code, g.course_id, c.name as course_name, c.price as regular_price
      from groups g join courses c on c.company_id = g.company_id and c.id = g.course_id
      where ${sql.join(groupWhere, sql` and `)}
    ), price_event as (
      select h.id, h.type, h.entity_id as group_id, (h.data->>'student_id')::bigint as student_id, h.actor_id,
        h.created_at, h.data,
        lead(h.created_at) over place as closed_at, lead(h.type) over place as closed_by
      from history_events h
      where h.company_id = ${companyId} and h.entity = 'group' and h.entity_id in (select id from price_group)
        and h.type in (${SET}, ${REMOVED})
      window place as (partition by h.entity_id, h.data->>'student_id' order by h.created_at, h.id)
    ), raw_record as (
      select e.group_id, e.student_id, (e.data->>'exception_sum')::bigint as price,
        nullif(btrim(e.data->>'exception_sum_reason'), '') as reason,
        (e.data->>'exception_sum_start_date')::date as start_date, (e.data->>'exception_sum_end_date')::date as end_date,
        e.actor_id, e.created_at as set_at,
        case when e.closed_by = ${SET} then 'replaced' else 'removed' end as closed_state,
        (e.closed_at at time zone ${timeZone})::date as closed_on
      from price_event e where e.type = ${SET} and e.closed_at is not null
      union all
      select gs.group_id, gs.student_id, gs.exception_sum, gs.exception_sum_reason, gs.exception_sum_start_date,
        gs.exception_sum_end_date, latest.actor_id, latest.created_at, null, null
      from group_students gs
      left join price_event latest on latest.group_id = gs.group_id and latest.student_id = gs.student_id
        and latest.type = ${SET} and latest.closed_at is null
      where gs.company_id = ${companyId} and gs.group_id in (select id from price_group) and gs.exception_sum is not null
    ), price_record as (
      select r.*, u.name as student_name, u.phone as student_phone
      from (
        select raw.*, pg.name as group_name, pg.code as group_code, pg.course_id, pg.course_name, pg.regular_price,
          gs.created_date as joined, gs.left_date,
          coalesce(raw.closed_state, case when raw.start_date > ${today}::date then 'upcoming'
            when raw.end_date < ${today}::date then 'ended' else 'active' end) as state
        from raw_record raw
        join price_group pg on pg.id = raw.group_id
        join group_students gs on gs.company_id = ${companyId} and gs.group_id = raw.group_id
          and gs.student_id = raw.student_id
      ) r
      join users u on u.company_id = ${companyId} and u.id = r.student_id
      where ${sql.join(chosen, sql` and `)}
    )`;
}

interface Row {
  student_id: number;
  student_name: string;
  student_phone: string;
  group_id: number;
  group_name: string | null;
  group_code: string;
  course_id: number;
  course_name: string;
  regular_price: number;
  price: number;
  reason: string | null;
  start_date: string | null;
  end_date: string | null;
  actor_id: number | null;
  actor_name: string | null;
  set_at: string | null;
  state: DiscountState;
  closed_on: string | null;
}

const toDiscountRow = (row: Row): DiscountRow => ({
  student: { id: row.student_id, name: row.student_name, phone: row.student_phone },
  group: { id: row.group_id, title: groupTitle({ name: row.group_name, code: row.group_code }) },
  course: { id: row.course_id, name: row.course_name },
  regular_price: Number(row.regular_price),
  price: Number(row.price),
  discount: Number(row.regular_price) - Number(row.price),
  reason: row.reason,
  start_date: row.start_date,
  end_date: row.end_date,
  set_by: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
  set_at: row.set_at,
  state: row.state,
  closed_on: row.closed_on,
});

/**
 * The prices of the filter (newest first, `page` of them: the export takes all), how many there are, and the
 * income forgone each month of the span — in ONE statement, so the history is read once.
 *
 * A price counts in a month when it was in force on at least one day of it: within its dates, before the day
 * it was replaced or removed, and while the student was in the group (joined, not yet left). It then forgoes a
 * whole month's difference between the course price and the individual price (prices are monthly); a price
 * above the course's forgoes nothing.
 */
async function loadDiscounts(
  tx: Tx,
  actor: Actor,
  at: Date,
  filters: DiscountFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: DiscountRow[]; months: DiscountMonth[]; records: number }> {
  const months = monthsOf(filters.from, filters.till);
  const { today, timeZone } = await companyTime(tx, actor.companyId, at);
  const [answer] = await selectRows<{
    records: number;
    months: { month: string; forgone: number; students: number }[];
    rows: Row[];
  }>(
    tx,
    sql`${priceRecords(actor, filters, today, timeZone)}, in_force as (
        select r.student_id, greatest(r.regular_price - r.price, 0) as discount,
          greatest(coalesce(r.start_date, r.joined), r.joined) as first_day,
          least(coalesce(r.end_date, 'infinity'::date), coalesce(r.closed_on - 1, 'infinity'::date),
            coalesce(r.left_date - 1, 'infinity'::date)) as last_day
        from price_record r
      ), month_total as (
        select to_char(m, 'YYYY-MM') as month, coalesce(sum(f.discount), 0)::bigint as forgone,
          count(distinct f.student_id)::int as students
        from generate_series(${firstDay(filters.from)}::date, ${firstDay(filters.till)}::date, interval '1 month') m
        left join in_force f on f.first_day <= f.last_day
          and f.first_day <= (m + interval '1 month' - interval '1 day')::date and f.last_day >= m::date
        group by m
      ), page as (
        select row_number() over (
            order by r.set_at desc nulls last, r.start_date desc nulls last, r.student_name, r.group_id) as n,
          r.student_id, r.student_name, r.student_phone, r.group_id, r.group_name, r.group_code,
          r.course_id, r.course_name, r.regular_price, r.price, r.reason, r.start_date::text, r.end_date::text,
          r.actor_id, a.name as actor_name,
          to_char(r.set_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as set_at, r.state, r.closed_on::text
        from price_record r
        left join users a on a.company_id = ${actor.companyId} and a.id = r.actor_id
        order by n limit ${page.limit} offset ${page.offset}
      )
      select (select count(*)::int from price_record) as records,
        (select coalesce(json_agg(month_total), '[]'::json) from month_total) as months,
        (select coalesce(json_agg(page order by page.n), '[]'::json) from page) as rows`,
  );
  const byMonth = new Map((answer?.months ?? []).map((row) => [row.month, row]));
  return {
    records: answer?.records ?? 0,
    rows: (answer?.rows ?? []).map(toDiscountRow),
    months: months.map((month) => ({
      month,
      forgone: Number(byMonth.get(month)?.forgone ?? 0),
      students: byMonth.get(month)?.students ?? 0,
    })),
  };
}

/** GET /reports/discounts (spec §2 "discounts"): a page of individual prices and the income forgone by month. */
export async function listDiscounts(tx: Tx, actor: Actor, at: Date, query: DiscountListQuery): Promise<DiscountList> {
  const { page, per_page, ...filters } = query;
  const { rows, months, records } = await loadDiscounts(tx, actor, at, filters, {
    limit: per_page,
    offset: (page - 1) * per_page,
  });
  return {
    data: rows,
    pagination: paginate(records, page, per_page, rows.length),
    months,
    total_forgone: months.reduce((sum, m) => sum + m.forgone, 0),
    policies: { export: true },
  };
}

/** GET /reports/discounts/export: every price of the filter (up to the cap) and the months. */
export const discountExport = (tx: Tx, actor: Actor, at: Date, filters: DiscountFilters) =>
  loadDiscounts(tx, actor, at, filters, { limit: DISCOUNT_EXPORT_CAP, offset: 0 });
