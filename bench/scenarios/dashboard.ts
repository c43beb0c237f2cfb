import { Role } from '@crm/contracts';
import type { Dataset } from '../dataset/index.js';
import { companySettings } from './shared-sql.js';
import { type LoadScenario, nth, q } from './types.js';

const THIS_MONTH = { from: '2026-11-01', till: '2026-11-30' } as const;
/** This month and the eleven before it (the twelve-month line). */
const YEAR_FROM = '2025-12-01';
// The month's instants in Tashkent (UTC+5), as the leads' created_at is compared.
const MONTH_START = '2026-10-31T19:00:00Z';
const MONTH_END = '2026-11-30T19:00:00Z';

/**
 * Issue 14 GET /dashboard: every card of the home page of a branch in one request, as the CEO opens it (money and
 * logs included). The statements of dashboard-service.ts written out: the company row, the card-filter choices,
 * the counters, the debtors, the leads and their funnel by source, the ledger's twelve months and the latest events.
 */
export const dashboard = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'dashboard',
  what: "GET /dashboard?branch_id: a branch's counters, funnel, sources, money, twelve months and latest history",
  actor: 'ceo',
  concurrency: 10,
  requests: 300,
  request: (i) => ({ method: 'GET', path: `/api/v1/dashboard?branch_id=${nth(d.branchIds, i, 1)}` }),
  sql: (i) => {
    const b = nth(d.branchIds, i, 1);
    const c = d.company.id;
    const { from, till } = THIS_MONTH;
    const leadsOf = `l.company_id = ${c} and l.branch_id = ${b}`;
    return [
      companySettings(c),
      q`select (select max(id) from history_events where company_id = ${c}),
        (select max(id) from ledger_entries where company_id = ${c})`,
      q`select g.course_id, g.teacher_id, g.day_type from groups g
        where g.company_id = ${c} and g.branch_id = ${b} and g.status in (1, 2)`,
      q`with scoped as (select g.id, g.status from groups g where g.company_id = ${c} and g.branch_id = ${b}),
        places as (select gs.student_id, gs.status from group_students gs
          join scoped on scoped.id = gs.group_id and scoped.status in (1, 2)
          join users u on u.company_id = gs.company_id and u.id = gs.student_id and u.archived_at is null
          where gs.company_id = ${c} and gs.status <> 6)
        select (select count(*) from scoped where status = 2) as active_groups,
          (select count(*) from user_branches ub join users u on u.company_id = ub.company_id and u.id = ub.user_id
            where ub.company_id = ${c} and ub.branch_id = ${b} and u.archived_at is null
              and ${Role.student} = any(u.roles)) as all_students,
          (select count(distinct student_id) from places where status = 5) as active,
          (select count(distinct gs.student_id) from group_students gs join scoped on scoped.id = gs.group_id
            where gs.company_id = ${c} and gs.left_date between ${from}::date and ${till}::date) as left_month,
          (select count(*) from attendances a join scoped on scoped.id = a.group_id
            where a.company_id = ${c} and a.attend_date between ${from}::date and ${till}::date) as marks`,
      q`select count(*), sum(b.balance) from user_branches ub
        join users u on u.company_id = ub.company_id and u.id = ub.user_id
        join student_balances b on b.company_id = u.company_id and b.student_id = u.id
        where ub.company_id = ${c} and ub.branch_id = ${b} and b.balance < 0 and u.archived_at is null
          and ${Role.student} = any(u.roles)`,
      q`select (select count(*) from leads l where l.company_id = ${c} and l.branch_id = ${b}
          and l.created_at >= ${MONTH_START}::timestamptz and l.created_at < ${MONTH_END}::timestamptz) as new_leads,
        (select count(*) from leads l where l.company_id = ${c} and l.branch_id = ${b}
          and l.archived_at is null and l.student_id is null) as in_work`,
      {
        text: `select coalesce(s.name, '') as source, count(*) as leads,
            count(*) filter (where l.student_id is not null and exists (select 1 from ledger_entries p
              where p.company_id = l.company_id and p.student_id = l.student_id and p.kind = 'payment'
              and p.amount > 0 and p.reverses_id is null)) as paid
          from leads l left join lead_sources s on s.company_id = l.company_id and s.id = l.source_id
          where ${leadsOf} and l.created_at >= $1::timestamptz and l.created_at < $2::timestamptz
          group by grouping sets ((s.name), ())`,
        values: [MONTH_START, MONTH_END],
      },
      q`select to_char(e.entry_date, 'YYYY-MM') as month, e.kind, sum(e.amount),
          count(distinct e.student_id) filter (where e.kind = 'charge')
        from ledger_entries e
        where e.company_id = ${c} and e.branch_id = ${b}
          and e.kind in ('charge', 'payment', 'refund', 'expense', 'salary')
          and e.entry_date >= ${YEAR_FROM}::date and e.entry_date <= ${d.today}::date and e.reverses_id is null
          and not exists (select 1 from ledger_entries r where r.company_id = e.company_id and r.reverses_id = e.id)
        group by 1, 2`,
      q`select h.*, u.name from history_events h
        left join users u on u.company_id = h.company_id and u.id = h.actor_id
        where h.company_id = ${c} and (h.branch_id = ${b} or h.branch_id is null)
        order by h.created_at desc, h.id desc limit 8`,
    ];
  },
  // No API/SQL target: the baseline is the cold computation, which kept answers (dashboard-cache.ts) skip.
  targets: { p95Ms: 150 },
});
