import { StudentStatus } from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PerformanceScope } from './performance-scope.js';

/**
 * The SQL pieces every performance figure is made of (docs/reports.md "Performance"). Figures
 * count places — one student in one group (group_students) — so a student in two of a teacher's
 * groups counts in each, as a group's register does.
 */

/** What the rows are grouped by: the group's teacher (its current one) or the group's course (a level on its own). */
export type PerformanceKey = 'teacher' | 'course';

const TRIAL_STATUSES = sql.raw(
  [StudentStatus.inactive, StudentStatus.cameToTrial, StudentStatus.missedTrial].join(', '),
);
const PAYING = StudentStatus.active;

/** A change's day: the day it names (archiving: the left date), else its company-local day (as billing reads it). */
const changeDay = (timeZone: string) =>
  sql`coalesce(ch.effective_date, (ch.changed_at at time zone ${timeZone})::date)`;

/** The status timeline (group_student_status_changes, written by a trigger on every change) of place `p`. */
const ofPlace = sql`ch.company_id = p.company_id and ch.group_id = p.group_id and ch.student_id = p.student_id`;

/**
 * The status place `p` had at the end of `day`, as the billing engine reads the timeline: the last
 * change on or before that day; before the first change, that change's "from"; with no change at
 * all, the current status. A place archived with no change on record was written directly (seed or
 * import, never the API, whose every change the trigger records): it counts as paying until it left.
 */
export const statusOn = (timeZone: string, day: SQL) => sql`coalesce(
  (select ch.to_status from group_student_status_changes ch where ${ofPlace} and ${changeDay(timeZone)} <= ${day}
    order by ${changeDay(timeZone)} desc, ch.id desc limit 1),
  (select ch.from_status from group_student_status_changes ch where ${ofPlace}
    order by ${changeDay(timeZone)}, ch.id limit 1),
  case when p.status = ${StudentStatus.archived} then ${PAYING} else p.status end)`;

/** Place `p` has been paying at some time: it is paying or frozen (only a paying student freezes) or once became so. */
const everPaid = sql`(p.status in (${StudentStatus.active}, ${StudentStatus.frozen})
  or exists (select 1 from group_student_status_changes ch where ${ofPlace} and ch.to_status = ${PAYING}))`;

/**
 * A transfer (POST /student/.../transfer) archives the old place on the day the new one is created,
 * and leaves no other mark: the same-day join elsewhere is the sign (the left-students list's rule,
 * modules/groups/left-students.ts).
 */
const movedOut = sql`(gs.left_date is not null and exists (select 1 from group_students o
  where o.company_id = gs.company_id and o.student_id = gs.student_id and o.group_id <> gs.group_id
    and o.created_date = gs.left_date))`;
const movedIn = sql`exists (select 1 from group_students o
  where o.company_id = gs.company_id and o.student_id = gs.student_id and o.group_id <> gs.group_id
    and o.left_date = gs.created_date)`;

/**
 * `scope(id, key)`: the branch's groups matching the filters, keyed by teacher or course. A course
 * filter takes in its levels (asking for "English" means all of its levels, as every report).
 * `p`: their places at some day of the period, with whether each came or went by a transfer.
 */
export function placeTables(scope: PerformanceScope, key: PerformanceKey): SQL {
  const { companyId, query: q } = scope;
  const keyColumn = key === 'teacher' ? sql`g.teacher_id` : sql`g.course_id`;
  const teacher = q.teacher_id === undefined ? sql`` : sql`and g.teacher_id = ${q.teacher_id}`;
  const course =
    q.course_id === undefined ? sql`` : sql`and (g.course_id = ${q.course_id} or c.parent_id = ${q.course_id})`;
  return sql`scope as (
      select g.id, ${keyColumn} as key
      from groups g join courses c on c.company_id = g.company_id and c.id = g.course_id
      where g.company_id = ${companyId} and g.branch_id = ${q.branch_id} ${teacher} ${course}),
    p as (
      select gs.company_id, gs.group_id, gs.student_id, gs.created_date, gs.left_date, gs.status,
        gs.archive_reason_id, s.key, ${movedOut} as moved_out, ${movedIn} as moved_in
      from group_students gs join scope s on s.id = gs.group_id
      where gs.company_id = ${companyId} and gs.created_date <= ${q.till}::date
        and (gs.left_date is null or gs.left_date >= ${q.from}::date))`;
}

/**
 * The flags of place `p` over the stretch `from`…`till` (SQL dates), as select-list columns:
 * - active_at_start: in the group before the stretch and paying at the end of the day before it;
 * - active_at_end: still in the group after the stretch's last day and paying at its end;
 * - joined: joined during the stretch, not by a transfer (every join starts on trial, spec §4);
 * - gone / moved: left during the stretch, for good or by a transfer;
 * - paid_ever: has been paying at some time (a joined place so is a converted trial);
 * - in_trial: on trial now.
 */
export function placeFlags(timeZone: string, from: SQL, till: SQL): SQL {
  return sql`p.created_date < ${from} and ${statusOn(timeZone, sql`(${from} - 1)`)} = ${PAYING} as active_at_start,
    (p.left_date is null or p.left_date > ${till}) and ${statusOn(timeZone, till)} = ${PAYING} as active_at_end,
    p.created_date >= ${from} and p.created_date <= ${till} and not p.moved_in as joined,
    coalesce(p.left_date between ${from} and ${till}, false) and not p.moved_out as gone,
    coalesce(p.left_date between ${from} and ${till}, false) and p.moved_out as moved,
    ${everPaid} as paid_ever,
    p.status in (${TRIAL_STATUSES}) as in_trial`;
}

/** Whole percent with one decimal; nothing to divide by: null. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;
