import { addDays, addMonths } from '@crm/contracts';
import type { Dataset } from '../dataset/index.js';
import { calendarReads, companySettings } from './shared-sql.js';
import { type LoadScenario, nth, q, type SqlCall } from './types.js';

/** The months a parent looks back over in the attendance section (this one and eleven before it). */
const MONTHS = 12;

/** The first and last day of the month `back` months before today's. */
const monthOf = (today: string, back: number) => {
  const from = addMonths(`${today.slice(0, 7)}-01`, -back);
  return { from, till: addDays(addMonths(from, 1), -1) };
};

/**
 * The child check (parents/children.ts childRows) and the student's lessons of a period with his marks
 * (lessons/student-lessons.ts): his places, the groups' calendars, his marks.
 */
function childLessonsSql(d: Dataset, childId: number, from: string, till: string): SqlCall[] {
  const cid = d.company.id;
  return [
    q`select s.id, s.name,
        (select array_agg(ub.branch_id order by ub.branch_id) from user_branches ub
          where ub.company_id = s.company_id and ub.user_id = s.id) as branch_ids,
        (select b.balance from student_balances b where b.company_id = s.company_id and b.student_id = s.id) as balance
      from parent_students ps join users s on s.company_id = ps.company_id and s.id = ps.student_id
      where ps.company_id = ${cid} and ps.parent_id = ${d.parent.id} and ps.student_id = ${childId}
        and s.archived_at is null`,
    companySettings(cid),
    q`select g.*, gs.created_date, gs.left_date from group_students gs
      join groups g on g.company_id = gs.company_id and g.id = gs.group_id
      where gs.company_id = ${cid} and gs.student_id = ${childId} and gs.status <> 6
        and gs.created_date <= ${till}::date and (gs.left_date is null or gs.left_date >= ${from}::date)`,
    ...calendarReads(
      cid,
      d.places.filter((p) => p.studentId === childId).map((p) => p.groupId),
      from,
      till,
    ),
    q`select group_id, attend_date, status from attendances
      where company_id = ${cid} and student_id = ${childId} and attend_date between ${from}::date and ${till}::date`,
  ];
}

/** Issue 24, GET /parent/children/{id}: a parent's phone-first page of one child. */
export const parentChild = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'parent child page',
  what:
    "GET /parent/children/{id}: a parent's page of one of his three children (the week's lessons with marks, " +
    'course lessons and homework, grades, comments, fee and receipts); SQL: the child check, lessons and marks, grades',
  actor: 'parent',
  concurrency: 10,
  requests: 1_000,
  request: (i) => ({ method: 'GET', path: `/api/v1/parent/children/${nth(d.parent.childIds, i, 1)}` }),
  sql: (i) => {
    const childId = nth(d.parent.childIds, i, 1);
    return [
      ...childLessonsSql(d, childId, d.today, addDays(d.today, 6)),
      q`select group_id, lesson_date, score, author_id, updated_at from grades
        where company_id = ${d.company.id} and student_id = ${childId} order by lesson_date desc`,
    ];
  },
  targets: { p95Ms: 150 },
});

/** Issue 24, GET /parent/children/{id}/attendance?month=: one child's lessons and marks of a month, of the last year. */
export const parentAttendance = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'parent attendance month',
  what: "GET /parent/children/{id}/attendance?month=: a child's lessons of a month with his marks (the last 12 months)",
  actor: 'parent',
  concurrency: 10,
  requests: 1_000,
  request: (i) => {
    const { from } = monthOf(d.today, i % MONTHS);
    return {
      method: 'GET',
      path: `/api/v1/parent/children/${nth(d.parent.childIds, i, 1)}/attendance?month=${from.slice(0, 7)}`,
    };
  },
  sql: (i) => {
    const { from, till } = monthOf(d.today, i % MONTHS);
    return childLessonsSql(d, nth(d.parent.childIds, i, 1), from, till);
  },
  targets: { p95Ms: 50 },
});
