import { type SQL, sql } from 'drizzle-orm';
import { type Db, pgArray, type Tx } from '../../db/client.js';

/**
 * The monthly attendance summary (decision 0027): one row per student, group and month
 * with his present and absent marks, counted and as day bit sets. This module writes the
 * marks, so it alone keeps the summary, in the same transaction as the marks: every
 * writer recounts the months it touched from the marks themselves (no +1/-1 to drift).
 * A place's removal takes its rows with it (foreign key on group_students, as the marks).
 */

/** A mark that was written, changed or removed: its place and any day of its month. */
export interface MarkPlace {
  groupId: number;
  studentId: number;
  date: string;
}

/** The first day of the month of a date column or value. */
const monthOf = (day: SQL) => sql`(${day} - (extract(day from ${day})::int - 1))`;

/**
 * The summary columns of the marks `a` grouped by place and month. Bit d-1 is day d (day
 * 31 is bit 30: a month fits a signed integer). Anything but present counts as absent, as
 * the reports always counted it.
 */
const countedColumns = sql`count(*) filter (where a.status = 1)::int as visits,
  count(*) filter (where a.status <> 1)::int as absents,
  coalesce(bit_or(1 << (extract(day from a.attend_date)::int - 1)) filter (where a.status = 1), 0) as present_days,
  coalesce(bit_or(1 << (extract(day from a.attend_date)::int - 1)) filter (where a.status <> 1), 0) as absent_days`;

const upsertColumns = sql`(company_id, group_id, month, student_id, visits, absents, present_days, absent_days)`;
const onConflict = sql`on conflict (company_id, group_id, month, student_id) do update set
  visits = excluded.visits, absents = excluded.absents,
  present_days = excluded.present_days, absent_days = excluded.absent_days`;

/**
 * Recounts the summary rows of the places and months of `marks` from the marks, in one
 * statement: the rows that still have marks are upserted, the ones left with none deleted.
 * Call it after writing the marks, in the same transaction.
 */
export async function recountAttendanceSummary(
  tx: Tx | Db,
  companyId: number,
  marks: readonly MarkPlace[],
): Promise<void> {
  if (!marks.length) return;
  const groupIds = pgArray(marks.map((m) => m.groupId));
  const studentIds = pgArray(marks.map((m) => m.studentId));
  // Two transactions marking the same place and month would each count without the other's uncommitted mark, and
  // the later upsert would drop the earlier one's. So the places are locked first (advisory, transaction-long, in
  // one order: no deadlock, and no row lock taken after the marks' own), and the count below, a statement of its
  // own, starts after any other writer of them has committed.
  await tx.execute(sql`select pg_advisory_xact_lock(place_key) from (
      select distinct hashtextextended('attendance-summary:' || k.group_id || ':' || k.student_id, ${companyId})
        as place_key
      from unnest(${groupIds}::bigint[], ${studentIds}::bigint[]) as k(group_id, student_id)
      order by place_key
    ) places`);
  await tx.execute(sql`with asked as (
      select distinct k.group_id, k.student_id, ${monthOf(sql`k.day`)} as month
      from unnest(${groupIds}::bigint[], ${studentIds}::bigint[], ${pgArray(marks.map((m) => m.date))}::date[])
        as k(group_id, student_id, day)
    ), counted as (
      select asked.group_id, asked.month, asked.student_id, ${countedColumns}
      from asked join attendances a on a.company_id = ${companyId} and a.group_id = asked.group_id
        and a.student_id = asked.student_id
        and a.attend_date between asked.month and (asked.month + interval '1 month - 1 day')::date
      group by asked.group_id, asked.month, asked.student_id
    ), emptied as (
      delete from attendance_summaries s using asked
      where s.company_id = ${companyId} and s.group_id = asked.group_id and s.month = asked.month
        and s.student_id = asked.student_id
        and not exists (select from counted c
          where c.group_id = s.group_id and c.month = s.month and c.student_id = s.student_id)
    )
    insert into attendance_summaries ${upsertColumns}
    select ${companyId}, group_id, month, student_id, visits, absents, present_days, absent_days from counted
    ${onConflict}`);
}

/**
 * Summarises every mark in the database in one statement, for bulk loaders that write marks
 * by the hundred thousand on the owner connection (the bench dataset). Migration 0016 backfills
 * with the same statement.
 */
export async function summariseAllMarks(db: Db): Promise<void> {
  await db.execute(sql`insert into attendance_summaries ${upsertColumns}
    select a.company_id, a.group_id, ${monthOf(sql`a.attend_date`)}, a.student_id, ${countedColumns}
    from attendances a
    group by a.company_id, a.group_id, 3, a.student_id
    ${onConflict}`);
}
