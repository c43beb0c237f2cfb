import type { ActivityFigures, PerformanceQuery, StudentsActivity } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { placeFlags, placeTables } from './performance-places.js';
import { loadPerformanceScope } from './performance-scope.js';

type MonthRow = ActivityFigures & { month: string; from: string; till: string };

/**
 * GET /reports/students/activity: the period cut into calendar months (the first and the last cut to
 * the period), each with the figures the performance tables give for the whole period — paying places
 * at its start and end, new (and of them converted), left and moved away. One statement: the months
 * by generate_series, each joined with the places that were in a group at some day of it.
 */
export async function studentsActivity(tx: Tx, actor: Actor, query: PerformanceQuery): Promise<StudentsActivity> {
  const scope = await loadPerformanceScope(tx, actor, query);
  const { from, till } = query;
  const months = await selectRows<MonthRow>(
    tx,
    sql`with ${placeTables(scope, 'teacher')},
      m as (
        select d::date as month_start, greatest(d::date, ${from}::date) as from_day,
          least((d + interval '1 month' - interval '1 day')::date, ${till}::date) as till_day
        from generate_series(date_trunc('month', ${from}::timestamp), ${till}::timestamp, interval '1 month') d),
      x as (
        select m.month_start, ${placeFlags(scope.timeZone, sql`m.from_day`, sql`m.till_day`)}
        from m join p on p.created_date <= m.till_day and (p.left_date is null or p.left_date >= m.from_day))
      select to_char(m.month_start, 'YYYY-MM') as month, m.from_day::text as from, m.till_day::text as till,
        count(*) filter (where x.active_at_start)::int as active_at_start,
        count(*) filter (where x.joined)::int as new_students,
        count(*) filter (where x.joined and x.paid_ever)::int as converted,
        count(*) filter (where x.gone)::int as left,
        count(*) filter (where x.moved)::int as moved_out,
        count(*) filter (where x.active_at_end)::int as active_at_end
      from m left join x on x.month_start = m.month_start
      group by m.month_start, m.from_day, m.till_day
      order by m.month_start`,
  );
  const sum = (pick: (row: MonthRow) => number) => months.reduce((acc, row) => acc + pick(row), 0);
  return {
    months,
    // Every place joins and leaves in exactly one month: the period's counts are the months' sums.
    total: {
      active_at_start: months[0]?.active_at_start ?? 0,
      new_students: sum((r) => r.new_students),
      converted: sum((r) => r.converted),
      left: sum((r) => r.left),
      moved_out: sum((r) => r.moved_out),
      active_at_end: months.at(-1)?.active_at_end ?? 0,
    },
  };
}
