import { addDays, daysBetween, type LeadConversion } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { companyTime } from '../lessons/company-time.js';
import { invalidField } from '../users/service.js';

/** One row a day: a year and a bit is plenty for a chart and keeps the answer small. */
export const LEAD_REPORT_MAX_DAYS = 370;

export interface LeadReportQuery {
  branch_id: number;
  from: string;
  to: string;
}

/**
 * The period's instants in the company's time zone: from the start of `from` to the start of the
 * day after `to` (a lead at 23:30 in Tashkent belongs to that Tashkent day, not to UTC's next one).
 */
export const periodBounds = (from: string, to: string, timeZone: string) => ({
  start: sql`(${from}::date::timestamp at time zone ${timeZone})`,
  end: sql`(${addDays(to, 1)}::date::timestamp at time zone ${timeZone})`,
});

/**
 * Spec §4 funnel stages of the leads `l` counted (archived ones too): all of them; those that reached waiting
 * or set (left "incoming", reached "set" once, or became students); trial students of a group; and those
 * whose student paid (a payment in the ledger that was not cancelled). The dashboard counts the same.
 */
export const FUNNEL_COUNTS = sql`count(*)::int as leads,
  count(*) filter (where l."column" <> 'incoming' or l.set_at is not null or l.student_id is not null)::int
    as waiting_or_set,
  count(*) filter (where l.student_id is not null)::int as trial,
  count(*) filter (where l.student_id is not null and exists (
    select 1 from ledger_entries p
    where p.company_id = l.company_id and p.student_id = l.student_id and p.kind = 'payment'
      and p.amount > 0 and p.reverses_id is null
      and not exists (select 1 from ledger_entries r where r.company_id = p.company_id and r.reverses_id = p.id)
  ))::int as paid`;

/**
 * GET /leadReport/?branch_id&from&to (spec §3 lead statistics, §4 funnel), for the branch's leads:
 * - lead_conversion: every day of the period with how many leads first reached "set" that day;
 * - lead_conversion_for_source: the leads created in the period per source ('' for none), most first;
 * - funnel: of the leads created in the period (archived ones too), how many reached waiting or set
 *   (left "incoming", reached "set" once, or became students), became trial students of a group,
 *   and paid (their student has a payment in the ledger that was not cancelled).
 */
export async function leadReport(tx: Tx, actor: Actor, query: LeadReportQuery): Promise<LeadConversion> {
  assertBranch(actor, query.branch_id);
  const days = daysBetween(query.from, query.to);
  if (days < 0) throw invalidField('to', 'end_before_start', 'to is before from');
  if (days >= LEAD_REPORT_MAX_DAYS) {
    throw invalidField('to', 'too_big', `to: at most ${LEAD_REPORT_MAX_DAYS} days`, LEAD_REPORT_MAX_DAYS);
  }
  const { timeZone } = await companyTime(tx, actor.companyId, new Date());
  const { start, end } = periodBounds(query.from, query.to, timeZone);
  const ofBranch = sql`l.company_id = ${actor.companyId} and l.branch_id = ${query.branch_id}`;

  const setDays = await selectRows<{ day: string; n: number }>(
    tx,
    sql`select to_char(l.set_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*)::int as n
        from leads l where ${ofBranch} and l.set_at >= ${start} and l.set_at < ${end}
        group by 1`,
  );
  const setOn = new Map(setDays.map((row) => [row.day, row.n]));
  const lead_conversion = Array.from({ length: days + 1 }, (_, i) => {
    const day = addDays(query.from, i);
    return { conversion_date: day, lead_count: setOn.get(day) ?? 0 };
  });

  const created = sql`${ofBranch} and l.created_at >= ${start} and l.created_at < ${end}`;
  const lead_conversion_for_source = await selectRows<{ source: string; leads_count: number }>(
    tx,
    sql`select coalesce(s.name, '') as source, count(*)::int as leads_count
        from leads l left join lead_sources s on s.company_id = l.company_id and s.id = l.source_id
        where ${created}
        group by 1 order by 2 desc, 1`,
  );

  const [funnel] = await selectRows<LeadConversion['funnel']>(
    tx,
    sql`select ${FUNNEL_COUNTS}
        from leads l where ${created}`,
  );
  return {
    lead_conversion,
    lead_conversion_for_source,
    funnel: funnel ?? { leads: 0, waiting_or_set: 0, trial: 0, paid: 0 },
  };
}
