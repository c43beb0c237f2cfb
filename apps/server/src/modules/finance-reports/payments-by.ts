import {
  type CoursePayments,
  type GroupPayments,
  type GroupPaymentsRow,
  groupTitle,
  type PaymentsByQuery,
  type PaymentsFigures,
} from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { assertReportScope } from './report-scope.js';

interface GroupFiguresRow {
  id: number;
  name: string | null;
  code: string;
  course_id: number;
  course_name: string;
  teacher_id: number;
  teacher_name: string;
  students: number;
  paid: number;
  charged: number;
  balance: number;
}

/** A course filter takes its levels' groups too (a level is a course with a parent). */
const courseFilter = (courseId: number | undefined) =>
  courseId ? sql`and (g.course_id = ${courseId} or c.parent_id = ${courseId})` : sql``;

/** Places in a group on some day of the period: joined by its end, not left before its start. */
const placeInPeriod = (q: PaymentsByQuery) =>
  sql`gs.created_date <= ${q.to} and (gs.left_date is null or gs.left_date >= ${q.from})`;

/**
 * Per group of the branch with students in the period or money on its ledger: students, paid
 * and charged in the period, and the balance of the group's entries up to the period's end.
 * Only entries that still count are summed (report-scope `stillCounts`): a cancelled payment
 * is gone from every figure even when it was cancelled after the period, and a recalculated
 * charge counts at its new amount.
 */
function groupFigures(tx: Tx, companyId: number, q: PaymentsByQuery) {
  return selectRows<GroupFiguresRow>(
    tx,
    sql`with money as (
        select le.group_id,
          coalesce(sum(le.amount) filter (where le.kind = 'payment' and le.entry_date >= ${q.from}), 0) as paid,
          coalesce(-sum(le.amount) filter (where le.kind = 'charge' and le.entry_date >= ${q.from}), 0) as charged,
          sum(le.amount) as balance
        from ledger_entries le
        where le.company_id = ${companyId} and le.branch_id = ${q.branch_id} and le.group_id is not null
          and le.entry_date <= ${q.to} and le.reverses_id is null
          and not exists (select 1 from ledger_entries r where r.company_id = le.company_id and r.reverses_id = le.id)
        group by le.group_id),
      places as (
        select gs.group_id, count(*) as students from group_students gs
        where gs.company_id = ${companyId} and ${placeInPeriod(q)}
        group by gs.group_id)
      select g.id::int as id, g.name, g.code, c.id::int as course_id,
        case when parent.id is null then c.name else parent.name || ' · ' || c.name end as course_name,
        t.id::int as teacher_id, t.name as teacher_name,
        coalesce(p.students, 0)::int as students, coalesce(m.paid, 0)::float8 as paid,
        coalesce(m.charged, 0)::float8 as charged, coalesce(m.balance, 0)::float8 as balance
      from groups g
      join courses c on c.company_id = g.company_id and c.id = g.course_id
      left join courses parent on parent.company_id = c.company_id and parent.id = c.parent_id
      join users t on t.company_id = g.company_id and t.id = g.teacher_id
      left join money m on m.group_id = g.id
      left join places p on p.group_id = g.id
      where g.company_id = ${companyId} and g.branch_id = ${q.branch_id} ${courseFilter(q.course_id)}
        and (m.group_id is not null or p.group_id is not null)
      order by course_name, coalesce(nullif(trim(g.name), ''), g.code), g.id`,
  );
}

/**
 * Distinct students in the period per course, and (the rollup's row, course null) in all: a
 * student in two groups of a course, or of two courses, counts once in each total.
 */
async function studentsByCourse(tx: Tx, companyId: number, q: PaymentsByQuery): Promise<Map<number | null, number>> {
  const rows = await selectRows<{ course_id: number | null; students: number }>(
    tx,
    sql`select g.course_id::int as course_id, count(distinct gs.student_id)::int as students
      from group_students gs
      join groups g on g.company_id = gs.company_id and g.id = gs.group_id
      join courses c on c.company_id = g.company_id and c.id = g.course_id
      where gs.company_id = ${companyId} and g.branch_id = ${q.branch_id} ${courseFilter(q.course_id)}
        and ${placeInPeriod(q)}
      group by rollup (g.course_id)`,
  );
  return new Map(rows.map((r) => [r.course_id, r.students]));
}

const addFigures = (a: PaymentsFigures, b: PaymentsFigures): PaymentsFigures => ({
  students: a.students + b.students,
  paid: a.paid + b.paid,
  charged: a.charged + b.charged,
  balance: a.balance + b.balance,
});
const NONE: PaymentsFigures = { students: 0, paid: 0, charged: 0, balance: 0 };

async function loadFigures(tx: Tx, actor: Actor, q: PaymentsByQuery) {
  await assertReportScope(tx, actor, q);
  const groups = await groupFigures(tx, actor.companyId, q);
  const students = await studentsByCourse(tx, actor.companyId, q);
  return { groups, students };
}

/** The money of the rows, with the students counted once across them. */
const totalOf = (rows: PaymentsFigures[], students: number): PaymentsFigures => ({
  ...rows.reduce(addFigures, NONE),
  students,
});

/** GET /replenishments/by-groups (spec §2 payments-groups). */
export async function paymentsByGroups(tx: Tx, actor: Actor, q: PaymentsByQuery): Promise<GroupPayments> {
  const { groups, students } = await loadFigures(tx, actor, q);
  const data = groups.map(
    (g): GroupPaymentsRow => ({
      group: { id: g.id, title: groupTitle(g) },
      course: { id: g.course_id, name: g.course_name },
      teacher: { id: g.teacher_id, name: g.teacher_name },
      students: g.students,
      paid: g.paid,
      charged: g.charged,
      balance: g.balance,
    }),
  );
  return { data, total: totalOf(data, students.get(null) ?? 0) };
}

/** GET /replenishments/by-courses (spec §2 payments-courses): the groups' figures added up per course. */
export async function paymentsByCourses(tx: Tx, actor: Actor, q: PaymentsByQuery): Promise<CoursePayments> {
  const { groups, students } = await loadFigures(tx, actor, q);
  const courses = new Map<number, CoursePayments['data'][number]>();
  for (const g of groups) {
    const course = courses.get(g.course_id) ?? {
      course: { id: g.course_id, name: g.course_name },
      groups: 0,
      ...NONE,
      students: students.get(g.course_id) ?? 0,
    };
    courses.set(g.course_id, {
      ...course,
      groups: course.groups + 1,
      paid: course.paid + g.paid,
      charged: course.charged + g.charged,
      balance: course.balance + g.balance,
    });
  }
  const data = [...courses.values()];
  return { data, total: totalOf(data, students.get(null) ?? 0) };
}
