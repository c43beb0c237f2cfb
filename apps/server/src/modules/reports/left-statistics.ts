import type { LeftStatistics, LeftStatisticsQuery } from '@crm/contracts';
import { and, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { departureFilters } from '../groups/left-students.js';

interface Row {
  kind: 'teacher' | 'course' | 'month' | 'reason' | 'total';
  id: number | null;
  name: string | null;
  month: string | null;
  count: number;
}

/**
 * A departure that was a transfer: the student joined another group the day he left this one (the sign the
 * left-students list goes by, as the schema keeps no mark of a transfer on the archived row).
 */
const wasTransfer = sql`exists (select 1 from group_students moved
  where moved.company_id = group_students.company_id and moved.student_id = group_students.student_id
    and moved.group_id <> group_students.group_id and moved.created_date = group_students.left_date)`;

/**
 * GET /reports/left-students/statistics (spec §2 "Statistics by teachers, courses, months, reasons"): the
 * departures the left-students list shows for the same filters (the groups module's departureFilters: the
 * caller's branches, the period of left dates, the reason, the name or phone; transfers only when asked),
 * counted by the group's teacher, the group's course, the month of leaving and the archive reason. One
 * statement with grouping sets.
 */
export async function leftStatistics(tx: Tx, actor: Actor, query: LeftStatisticsQuery): Promise<LeftStatistics> {
  const filters = departureFilters(actor, query);
  if (!query.include_moved) filters.push(sql`not ${wasTransfer}`);
  const rows = await selectRows<Row>(
    tx,
    sql`select
        case when grouping(teacher.id) = 0 then 'teacher' when grouping(courses.id) = 0 then 'course'
          when grouping(to_char(group_students.left_date, 'YYYY-MM')) = 0 then 'month'
          when grouping(archive_reasons.id) = 0 then 'reason' else 'total' end as kind,
        coalesce(teacher.id, courses.id, archive_reasons.id)::int as id,
        coalesce(teacher.name, courses.name, archive_reasons.name) as name,
        to_char(group_students.left_date, 'YYYY-MM') as month,
        count(*)::int as count
      from group_students
      join groups on groups.company_id = group_students.company_id and groups.id = group_students.group_id
      join users on users.company_id = group_students.company_id and users.id = group_students.student_id
      join courses on courses.company_id = groups.company_id and courses.id = groups.course_id
      join users teacher on teacher.company_id = groups.company_id and teacher.id = groups.teacher_id
      left join archive_reasons on archive_reasons.company_id = group_students.company_id
        and archive_reasons.id = group_students.archive_reason_id
      where ${and(...filters)}
      group by grouping sets ((teacher.id, teacher.name), (courses.id, courses.name),
        (to_char(group_students.left_date, 'YYYY-MM')), (archive_reasons.id, archive_reasons.name), ())`,
  );
  const byText = new Intl.Collator();
  const most = <T extends { count: number }>(list: T[], name: (item: T) => string) =>
    list.sort((a, b) => b.count - a.count || byText.compare(name(a), name(b)));
  const of = (kind: Row['kind']) => rows.filter((row) => row.kind === kind);
  const ref = (row: Row) => ({ id: row.id as number, name: row.name ?? '' });
  return {
    total: of('total')[0]?.count ?? 0,
    by_teacher: most(
      of('teacher').map((row) => ({ teacher: ref(row), count: row.count })),
      (r) => r.teacher.name,
    ),
    by_course: most(
      of('course').map((row) => ({ course: ref(row), count: row.count })),
      (r) => r.course.name,
    ),
    by_month: of('month')
      .map((row) => ({ month: row.month ?? '', count: row.count }))
      .sort((a, b) => a.month.localeCompare(b.month)),
    // Departures without a reason last, whatever their number.
    by_reason: of('reason')
      .map((row) => ({ reason: row.id === null ? null : ref(row), count: row.count }))
      .sort(
        (a, b) =>
          Number(a.reason === null) - Number(b.reason === null) ||
          b.count - a.count ||
          byText.compare(a.reason?.name ?? '', b.reason?.name ?? ''),
      ),
  };
}
