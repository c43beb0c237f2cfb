import { groupTitle, type LeftGroupUser, paginate, StudentStatus } from '@crm/contracts';
import { and, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { groupStudents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { departureFilters, type LeftStudentsQuery } from './left-students.js';

interface Row {
  student_id: number;
  student_name: string;
  student_phone: string;
  group_id: number;
  group_name: string | null;
  group_code: string;
  branch_id: number;
  course_id: number;
  course_name: string;
  left_date: string;
  reason_id: number | null;
  reason_name: string | null;
  comment: string | null;
  groups_left: number;
}

/** The tables as departureFilters names them (group_students, groups, users), plus the course and reason. */
const departures = sql`from group_students
  join groups on groups.company_id = group_students.company_id and groups.id = group_students.group_id
  join users on users.company_id = group_students.company_id and users.id = group_students.student_id
  join courses on courses.company_id = groups.company_id and courses.id = groups.course_id
  left join archive_reasons on archive_reasons.company_id = group_students.company_id
    and archive_reasons.id = group_students.archive_reason_id`;

/** He holds no place in any group now: a transfer, or a departure from one of two groups, is not leaving. */
const studiesNowhere = sql`not exists (select 1 from group_students now_in
  where now_in.company_id = ${groupStudents.companyId} and now_in.student_id = ${groupStudents.studentId}
    and now_in.status <> ${StudentStatus.archived})`;

/**
 * GET /leftGroupUsers: the students the centre lost — who left a group in the period (the filters of GET
 * user/left_group) and study in no group now — one row each, with the last group he left and why. GET
 * user/left_group lists every departure instead, also of students who still study elsewhere.
 */
export async function listLeftGroupUsers(tx: Tx, actor: Actor, query: Omit<LeftStudentsQuery, 'include_moved'>) {
  const where = and(...departureFilters(actor, query), studiesNowhere);
  const [total] = await selectRows<{ n: number }>(
    tx,
    sql`select count(distinct group_students.student_id)::int as n ${departures} where ${where}`,
  );
  const rows = await selectRows<Row>(
    tx,
    sql`select * from (
        select distinct on (group_students.student_id)
          users.id::int as student_id, users.name as student_name, users.phone as student_phone,
          groups.id::int as group_id, groups.name as group_name, groups.code as group_code,
          groups.branch_id::int as branch_id, courses.id::int as course_id, courses.name as course_name,
          group_students.left_date::text as left_date, group_students.updated_at,
          archive_reasons.id::int as reason_id, archive_reasons.name as reason_name,
          group_students.archive_comment as comment,
          (select count(*)::int from group_students gone where gone.company_id = group_students.company_id
            and gone.student_id = group_students.student_id and gone.status = ${StudentStatus.archived}) as groups_left
        ${departures} where ${where}
        order by group_students.student_id, group_students.left_date desc, group_students.updated_at desc
      ) last
      order by last.left_date desc, last.updated_at desc, last.student_id
      limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  const data: LeftGroupUser[] = rows.map((row) => ({
    student: { id: row.student_id, name: row.student_name, phone: row.student_phone },
    group: { id: row.group_id, title: groupTitle({ name: row.group_name, code: row.group_code }) },
    course: { id: row.course_id, name: row.course_name },
    branch_id: row.branch_id,
    left_date: row.left_date,
    reason: row.reason_id === null ? null : { id: row.reason_id, name: row.reason_name ?? '' },
    comment: row.comment,
    groups_left: row.groups_left,
  }));
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}
