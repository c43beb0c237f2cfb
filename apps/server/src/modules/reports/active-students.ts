import {
  type ActiveMonth,
  type ActiveStudents,
  type ActiveStudentsQuery,
  addMonths,
  StudentStatus,
} from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { companyTime } from '../lessons/company-time.js';
import { branchCondition, firstDay, lastDay, monthsOf } from './report-scope.js';

interface Row {
  month: string;
  /** null: the month's total over every branch and course. */
  branch_id: number | null;
  branch_name: string | null;
  course_id: number | null;
  course_name: string | null;
  active: number;
}

/**
 * GET /reports/active-students (spec §2 reports/active-students).
 *
 * A student is ACTIVE IN A MONTH when, on at least one day of that month up to today, he held status 5
 * (active, paying) in a group: joined it (created_date) on or before that day, had not left it (left_date is
 * the first day away), and his status that day — read from the status timeline the database keeps
 * (group_student_status_changes, the same timeline billing charges by) — was 5. He counts under the branch
 * and the course of that group, once per branch and course however many of its groups he is in, and once in
 * the month's total however many branches and courses. A place archived with no recorded change (written so by
 * a seed or an import) counts as paying until it left, as the performance report reads it. Days after today
 * count for nobody: the report tells what happened, not what billing expects. `change` is the count less the
 * month before's.
 *
 * One statement: the places of the branches' groups that overlap the months, their status timelines cut into
 * spans, the spans at status 5, and the counts per month as grouping sets (month, branch, course) and (month).
 */
export async function activeStudentsReport(
  tx: Tx,
  actor: Actor,
  at: Date,
  query: ActiveStudentsQuery,
): Promise<ActiveStudents> {
  const months = monthsOf(query.from, query.till);
  const companyId = actor.companyId;
  const before = addMonths(firstDay(query.from), -1).slice(0, 7);
  const start = firstDay(before);
  const { today, timeZone } = await companyTime(tx, companyId, at);
  const end = [lastDay(query.till), today].sort()[0] as string;
  const ofBranches = branchCondition(actor, query.branch_id, sql`g.branch_id`);
  const ofCourse =
    query.course_id === undefined
      ? sql`true`
      : sql`g.course_id in (select c.id from courses c where c.company_id = ${companyId}
          and (c.id = ${query.course_id} or c.parent_id = ${query.course_id}))`;

  const rows = await selectRows<Row>(
    tx,
    sql`with place as (
        select gs.group_id, gs.student_id, gs.created_date, gs.left_date, gs.status, g.branch_id, g.course_id
        from group_students gs join groups g on g.company_id = gs.company_id and g.id = gs.group_id
        where gs.company_id = ${companyId} and ${ofBranches} and ${ofCourse}
          and gs.created_date <= ${end}::date and (gs.left_date is null or gs.left_date > ${start}::date)
      ), change as (
        select c.id, c.group_id, c.student_id, c.from_status, c.to_status,
          coalesce(c.effective_date, (c.changed_at at time zone ${timeZone})::date) as day
        from group_student_status_changes c
        join place p on p.group_id = c.group_id and p.student_id = c.student_id
        where c.company_id = ${companyId}
      ), step as (
        -- Before its first change a place had that change's "from" status, else its current one (billing's statusOn);
        -- an archived place with no change at all was written so (seed, import): it paid until it left.
        select p.group_id, p.student_id, p.created_date as day, 0::bigint as seq,
          coalesce((select ch.from_status from change ch where ch.group_id = p.group_id
            and ch.student_id = p.student_id order by ch.day, ch.id limit 1),
            case when p.status = ${StudentStatus.archived} then ${StudentStatus.active} else p.status end) as status
        from place p
        union all
        select group_id, student_id, day, id, to_status from change
      ), span as (
        select s.group_id, s.student_id, s.status, s.day as first_day,
          lead(s.day) over (partition by s.group_id, s.student_id order by s.day, s.seq) - 1 as last_day
        from step s
      ), active as (
        select p.student_id, p.branch_id, p.course_id,
          greatest(sp.first_day, p.created_date) as first_day,
          least(coalesce(sp.last_day, ${end}::date), coalesce(p.left_date - 1, ${end}::date), ${end}::date) as last_day
        from span sp join place p on p.group_id = sp.group_id and p.student_id = sp.student_id
        where sp.status = ${StudentStatus.active}
      ), month as (
        select m::date as first_day, (m + interval '1 month' - interval '1 day')::date as last_day
        from generate_series(${start}::date, ${firstDay(query.till)}::date, interval '1 month') m
      )
      select to_char(m.first_day, 'YYYY-MM') as month, counted.branch_id::int, b.name as branch_name,
        counted.course_id::int, c.name as course_name, counted.active
      from (
        select m.first_day, a.branch_id, a.course_id, count(distinct a.student_id)::int as active
        from month m join active a on a.first_day <= a.last_day
          and a.first_day <= m.last_day and a.last_day >= m.first_day
        group by grouping sets ((m.first_day, a.branch_id, a.course_id), (m.first_day))
      ) counted
      join month m on m.first_day = counted.first_day
      left join branches b on b.company_id = ${companyId} and b.id = counted.branch_id
      left join courses c on c.company_id = ${companyId} and c.id = counted.course_id`,
  );
  return shape([before, ...months], rows);
}

/** The rows as the page's table: a line per branch and course with every month, and the totals line. */
function shape(withBefore: string[], rows: Row[]): ActiveStudents {
  const [, ...months] = withBefore;
  const seriesOf = (counts: Map<string, number>): ActiveMonth[] =>
    months.map((month, i) => {
      const active = counts.get(month) ?? 0;
      return { month, active, change: active - (counts.get(withBefore[i] as string) ?? 0) };
    });
  const totals = new Map<string, number>();
  const lines = new Map<string, { branch: Row; counts: Map<string, number> }>();
  for (const row of rows) {
    if (row.branch_id === null) {
      totals.set(row.month, row.active);
      continue;
    }
    const key = `${row.branch_id}:${row.course_id}`;
    const line = lines.get(key) ?? { branch: row, counts: new Map<string, number>() };
    line.counts.set(row.month, row.active);
    lines.set(key, line);
  }
  const byText = new Intl.Collator();
  const table = [...lines.values()]
    // A line only of the month before the first shows nothing the table asks about.
    .filter((line) => months.some((month) => line.counts.has(month)))
    .map(({ branch: row, counts }) => ({
      branch: { id: row.branch_id as number, name: row.branch_name ?? '' },
      course: { id: row.course_id as number, name: row.course_name ?? '' },
      months: seriesOf(counts),
    }))
    .sort((a, b) => byText.compare(a.branch.name, b.branch.name) || byText.compare(a.course.name, b.course.name));
  return { months, totals: seriesOf(totals), rows: table };
}
