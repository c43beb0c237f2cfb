import {
  AttendanceMark,
  type ConversionFigures,
  type CourseConversion,
  type CoursePerformance,
  type LeftReason,
  type PerformanceFigures,
  type PerformanceQuery,
  type TeacherConversion,
  type TeacherPerformance,
} from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { type PerformanceKey, percentOf, placeFlags, placeTables } from './performance-places.js';
import { loadPerformanceScope, type PerformanceScope } from './performance-scope.js';

/** The counts of one teacher or course, as the one statement answers them. */
interface KeyRow {
  key: number;
  name: string;
  groups: number;
  active_at_start: number;
  new_students: number;
  left: number;
  left_of_active: number;
  moved_out: number;
  active_at_end: number;
  converted: number;
  in_trial: number;
  lost: number;
  present: number;
  absent: number;
  income: number;
  left_reasons: { id: number | null; name: string | null; count: number }[] | null;
}

/**
 * Marks that count for attendance, as the attendance report counts them (modules/reports/report-basis):
 * on a day of the period while the student was in the group, and on a lesson that was held — not on
 * a lesson cancelled or moved away after it was marked, nor on a holiday. The report itself stops at
 * ATTENDANCE_MAX_DAYS and builds the calendar in code; a year of a branch is counted here in SQL.
 */
const countedMark = (scope: PerformanceScope) => {
  const { companyId, query: q } = scope;
  return sql`a.company_id = ${companyId} and a.group_id in (select id from scope)
    and a.attend_date between ${q.from}::date and ${q.till}::date
    and a.attend_date >= f.created_date and (f.left_date is null or a.attend_date <= f.left_date)
    and not exists (select 1 from lessons l where l.company_id = a.company_id and l.group_id = a.group_id
      and l.scheduled_date = a.attend_date
      and (l.cancelled_at is not null or (l.moved_date is not null and l.moved_date <> l.scheduled_date)))
    and not exists (select 1 from holidays h where h.company_id = a.company_id and h.date = a.attend_date)`;
};

/** The name of a row: the teacher's, or the course's with its parent ("English · B1"). */
const names = (companyId: number) => ({
  teacher: {
    join: sql`join users t on t.company_id = ${companyId} and t.id = k.key`,
    name: sql`t.name`,
  },
  course: {
    join: sql`join courses c on c.company_id = ${companyId} and c.id = k.key
      left join courses parent on parent.company_id = c.company_id and parent.id = c.parent_id`,
    name: sql`case when parent.id is null then c.name else parent.name || ' · ' || c.name end`,
  },
});

/**
 * Every figure of every teacher (or course) of the period in ONE statement, aggregated in SQL: the
 * places with their flags, departures by reason, payments into the groups and counted marks.
 */
function keyRows(tx: Tx, scope: PerformanceScope, key: PerformanceKey) {
  const { companyId, query: q, timeZone } = scope;
  const from = sql`${q.from}::date`;
  const till = sql`${q.till}::date`;
  const named = names(companyId)[key];
  return selectRows<KeyRow>(
    tx,
    sql`with ${placeTables(scope, key)},
      f as (select p.*, ${placeFlags(timeZone, from, till)} from p),
      agg as (
        select key, count(distinct group_id)::int as groups,
          count(*) filter (where active_at_start)::int as active_at_start,
          count(*) filter (where joined)::int as new_students,
          count(*) filter (where gone)::int as left,
          count(*) filter (where gone and active_at_start)::int as left_of_active,
          count(*) filter (where moved)::int as moved_out,
          count(*) filter (where active_at_end)::int as active_at_end,
          count(*) filter (where joined and paid_ever)::int as converted,
          count(*) filter (where joined and in_trial)::int as in_trial,
          count(*) filter (where joined and gone and not paid_ever)::int as lost
        from f group by key),
      reasons as (
        select x.key, json_agg(json_build_object('id', r.id, 'name', r.name, 'count', x.n)
          order by x.n desc, r.name nulls last) as left_reasons
        from (select key, archive_reason_id, count(*)::int as n from f where gone group by key, archive_reason_id) x
        left join archive_reasons r on r.company_id = ${companyId} and r.id = x.archive_reason_id
        group by x.key),
      money as (
        select s.key, sum(le.amount) as income
        from ledger_entries le join scope s on s.id = le.group_id
        where le.company_id = ${companyId} and le.branch_id = ${q.branch_id} and le.kind = 'payment'
          and le.entry_date between ${from} and ${till} and le.reverses_id is null
          and not exists (select 1 from ledger_entries r where r.company_id = le.company_id and r.reverses_id = le.id)
        group by s.key),
      marks as (
        select f.key, count(*) filter (where a.status = ${AttendanceMark.present})::int as present,
          count(*) filter (where a.status = ${AttendanceMark.absent})::int as absent
        from attendances a join f on f.group_id = a.group_id and f.student_id = a.student_id
        where ${countedMark(scope)}
        group by f.key),
      keys as (select key from agg union select key from money)
      select k.key::int as key, ${named.name} as name, coalesce(a.groups, 0) as groups,
        coalesce(a.active_at_start, 0) as active_at_start, coalesce(a.new_students, 0) as new_students,
        coalesce(a.left, 0) as left, coalesce(a.left_of_active, 0) as left_of_active,
        coalesce(a.moved_out, 0) as moved_out, coalesce(a.active_at_end, 0) as active_at_end,
        coalesce(a.converted, 0) as converted, coalesce(a.in_trial, 0) as in_trial, coalesce(a.lost, 0) as lost,
        coalesce(mk.present, 0) as present, coalesce(mk.absent, 0) as absent,
        coalesce(m.income, 0)::float8 as income, rs.left_reasons
      from keys k
      left join agg a on a.key = k.key
      left join money m on m.key = k.key
      left join marks mk on mk.key = k.key
      left join reasons rs on rs.key = k.key
      ${named.join}
      order by name, k.key`,
  );
}

const reasonsOf = (row: KeyRow): LeftReason[] =>
  (row.left_reasons ?? []).map((r) => ({
    reason: r.id === null ? null : { id: Number(r.id), name: r.name ?? '' },
    count: r.count,
  }));

function figuresOf(row: KeyRow, seesMoney: boolean): PerformanceFigures {
  return {
    groups: row.groups,
    active_at_start: row.active_at_start,
    new_students: row.new_students,
    left: row.left,
    left_of_active: row.left_of_active,
    moved_out: row.moved_out,
    active_at_end: row.active_at_end,
    retention: percentOf(row.active_at_start - row.left_of_active, row.active_at_start),
    attendance: {
      present: row.present,
      absent: row.absent,
      percent: percentOf(row.present, row.present + row.absent),
    },
    conversion: {
      trials: row.new_students,
      converted: row.converted,
      percent: percentOf(row.converted, row.new_students),
    },
    income: seesMoney ? row.income : null,
    left_reasons: reasonsOf(row),
  };
}

/** The sum of rows; the reasons merged by reason (most frequent first), the percents of the sums. */
function totalOf(rows: readonly KeyRow[], seesMoney: boolean): PerformanceFigures {
  const sum = (pick: (row: KeyRow) => number) => rows.reduce((acc, row) => acc + pick(row), 0);
  const reasons = new Map<number | null, LeftReason>();
  for (const reason of rows.flatMap(reasonsOf)) {
    const id = reason.reason?.id ?? null;
    const seen = reasons.get(id);
    reasons.set(id, seen ? { ...seen, count: seen.count + reason.count } : reason);
  }
  const total: KeyRow = {
    key: 0,
    name: '',
    groups: sum((r) => r.groups),
    active_at_start: sum((r) => r.active_at_start),
    new_students: sum((r) => r.new_students),
    left: sum((r) => r.left),
    left_of_active: sum((r) => r.left_of_active),
    moved_out: sum((r) => r.moved_out),
    active_at_end: sum((r) => r.active_at_end),
    converted: sum((r) => r.converted),
    in_trial: sum((r) => r.in_trial),
    lost: sum((r) => r.lost),
    present: sum((r) => r.present),
    absent: sum((r) => r.absent),
    income: sum((r) => r.income),
    left_reasons: null,
  };
  const merged = [...reasons.values()].sort(
    (a, b) => b.count - a.count || (a.reason?.name ?? '\uffff').localeCompare(b.reason?.name ?? '\uffff'),
  );
  return { ...figuresOf(total, seesMoney), left_reasons: merged };
}

/** The figures by teacher or course, with what the caller may see and the company's country (for Excel). */
export async function performanceOf(tx: Tx, actor: Actor, query: PerformanceQuery, key: PerformanceKey) {
  const scope = await loadPerformanceScope(tx, actor, query);
  const rows = await keyRows(tx, scope, key);
  const seesMoney = scope.policies.income;
  return {
    rows: rows.map((row) => ({ ref: { id: row.key, name: row.name }, figures: figuresOf(row, seesMoney) })),
    total: totalOf(rows, seesMoney),
    conversions: rows.map((row) => ({ ref: { id: row.key, name: row.name }, figures: conversionOf(row) })),
    conversionTotal: conversionOf(sumConversion(rows)),
    policies: scope.policies,
    country: scope.country,
  };
}

/** GET /performance/teachers and /reports/teachers/productivity. */
export async function teacherPerformance(tx: Tx, actor: Actor, query: PerformanceQuery): Promise<TeacherPerformance> {
  const report = await performanceOf(tx, actor, query, 'teacher');
  return {
    data: report.rows.map((row) => ({ teacher: row.ref, ...row.figures })),
    total: report.total,
    policies: report.policies,
  };
}

/** GET /performance/courses and /reports/courses/productivity. */
export async function coursePerformance(tx: Tx, actor: Actor, query: PerformanceQuery): Promise<CoursePerformance> {
  const report = await performanceOf(tx, actor, query, 'course');
  return {
    data: report.rows.map((row) => ({ course: row.ref, ...row.figures })),
    total: report.total,
    policies: report.policies,
  };
}

/* ------------------------------------------------------------------ conversion */

type ConversionCounts = Pick<KeyRow, 'new_students' | 'converted' | 'in_trial' | 'lost'>;

const conversionOf = (row: ConversionCounts): ConversionFigures => ({
  trials: row.new_students,
  converted: row.converted,
  in_trial: row.in_trial,
  lost: row.lost,
  percent: percentOf(row.converted, row.new_students),
});

const sumConversion = (rows: readonly ConversionCounts[]): ConversionCounts =>
  rows.reduce(
    (acc, row) => ({
      new_students: acc.new_students + row.new_students,
      converted: acc.converted + row.converted,
      in_trial: acc.in_trial + row.in_trial,
      lost: acc.lost + row.lost,
    }),
    { new_students: 0, converted: 0, in_trial: 0, lost: 0 },
  );

/** GET /reports/conversion/teachers: only the teachers who had trial students in the period. */
export async function teachersConversion(tx: Tx, actor: Actor, query: PerformanceQuery): Promise<TeacherConversion> {
  const report = await performanceOf(tx, actor, query, 'teacher');
  return {
    data: report.conversions.filter((r) => r.figures.trials > 0).map((r) => ({ teacher: r.ref, ...r.figures })),
    total: report.conversionTotal,
  };
}

/** GET /reports/conversion/courses. */
export async function coursesConversion(tx: Tx, actor: Actor, query: PerformanceQuery): Promise<CourseConversion> {
  const report = await performanceOf(tx, actor, query, 'course');
  return {
    data: report.conversions.filter((r) => r.figures.trials > 0).map((r) => ({ course: r.ref, ...r.figures })),
    total: report.conversionTotal,
  };
}
