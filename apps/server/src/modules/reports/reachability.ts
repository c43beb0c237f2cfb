import { HistoryEvent, REACH_SIGNS, type Reachability, type ReachabilityQuery } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { LEAD_REPORT_MAX_DAYS, periodBounds } from '../leads/lead-report.js';
import { companyTime } from '../lessons/company-time.js';
import { assertDays, percentOf } from './report-scope.js';

interface Row {
  kind: 'source' | 'staff' | 'total';
  source_id: number | null;
  source_name: string | null;
  actor_id: number | null;
  staff_name: string | null;
  leads: number;
  reached: number;
  hours: number | null;
}

/**
 * GET /reports/reachability (spec §2 reports/reachbility): of the branch's leads created in the period
 * (company days; archived and converted ones too), how many were reached.
 *
 * "Reached" means (contracts REACH_SIGNS, and the page says so): an answered call with the lead's number after
 * it was created (the calls kept from OnlinePBX; by the staff member whose extension it was), or what the history
 * shows a staff member did with the lead: moved it out of "incoming" (leadMoved from that column to another),
 * converted it to a student (leadConverted) or edited it (leadEdited). The first such event names
 * who reached it and when. A lead that stands outside "incoming" or became a student without such an event
 * (imported into a column, or moved before the history was kept) is reached too, by nobody on record — the
 * lead statistics' funnel counts the same leads as having left "incoming". SMS are not counted.
 *
 * One statement: the leads, their first reaching event (the history's (company, entity, entity_id) index),
 * and the counts by source, by staff member and in total as grouping sets.
 */
export async function reachabilityReport(tx: Tx, actor: Actor, query: ReachabilityQuery): Promise<Reachability> {
  assertBranch(actor, query.branch_id);
  assertDays(query.from, query.till, LEAD_REPORT_MAX_DAYS);
  const companyId = actor.companyId;
  const { timeZone } = await companyTime(tx, companyId, new Date());
  const { start, end } = periodBounds(query.from, query.till, timeZone);
  const rows = await selectRows<Row>(
    tx,
    sql`with period_leads as (
        select l.id, l.source_id, l.created_at, l."column", l.student_id, l.phone
        from leads l
        where l.company_id = ${companyId} and l.branch_id = ${query.branch_id}
          and l.created_at >= ${start} and l.created_at < ${end}
      ), reaching as (
        select h.entity_id as lead_id, h.actor_id, h.created_at, h.id as tie
        from history_events h join period_leads pl on pl.id = h.entity_id
        where h.company_id = ${companyId} and h.entity = 'lead' and h.actor_id is not null
          and (h.type in (${HistoryEvent.leadConverted}, ${HistoryEvent.leadEdited})
            or (h.type = ${HistoryEvent.leadMoved} and h.data->'from'->>'column' = 'incoming'
              and h.data->'to'->>'column' <> 'incoming'))
        union all
        select pl.id, c.user_id, c.started_at, 0
        from telephony_calls c join period_leads pl on c.number = pl.phone and c.started_at >= pl.created_at
        where c.company_id = ${companyId} and c.talk_seconds > 0
      ), first_reach as (
        select distinct on (r.lead_id) r.lead_id, r.actor_id, r.created_at
        from reaching r
        order by r.lead_id, r.created_at, r.tie
      ), judged as (
        select pl.source_id, fr.actor_id, pl.created_at, fr.created_at as reached_at,
          (fr.lead_id is not null or pl."column" <> 'incoming' or pl.student_id is not null) as reached
        from period_leads pl left join first_reach fr on fr.lead_id = pl.id
      )
      select g.kind, g.source_id::int, s.name as source_name, g.actor_id::int, u.name as staff_name,
        g.leads, g.reached, g.hours
      from (
        select case when grouping(j.source_id) = 0 then 'source' when grouping(j.actor_id) = 0 then 'staff'
            else 'total' end as kind,
          j.source_id, j.actor_id, count(*)::int as leads, count(*) filter (where j.reached)::int as reached,
          round((avg(extract(epoch from j.reached_at - j.created_at)) / 3600)::numeric, 1)::float8 as hours
        from judged j
        group by grouping sets ((j.source_id), (j.actor_id), ())
      ) g
      left join lead_sources s on s.company_id = ${companyId} and s.id = g.source_id
      left join users u on u.company_id = ${companyId} and u.id = g.actor_id`,
  );

  const figures = (row: Pick<Row, 'leads' | 'reached'>) => ({
    leads: row.leads,
    reached: row.reached,
    percent: percentOf(row.reached, row.leads),
  });
  const total = rows.find((row) => row.kind === 'total');
  const by_source = rows
    .filter((row) => row.kind === 'source')
    .map((row) => ({
      source: row.source_id === null ? null : { id: row.source_id, name: row.source_name ?? '' },
      ...figures(row),
    }))
    // The largest sources first; leads without a source last.
    .sort((a, b) => Number(a.source === null) - Number(b.source === null) || b.leads - a.leads);
  const by_staff = rows
    .filter((row) => row.kind === 'staff' && row.reached > 0)
    .map((row) => ({
      staff: row.actor_id === null ? null : { id: row.actor_id, name: row.staff_name ?? '' },
      reached: row.reached,
      average_hours: row.actor_id === null ? null : row.hours,
    }))
    .sort((a, b) => Number(a.staff === null) - Number(b.staff === null) || b.reached - a.reached);
  return {
    totals: figures(total ?? { leads: 0, reached: 0 }),
    by_source,
    by_staff,
    counted: [...REACH_SIGNS],
  };
}
