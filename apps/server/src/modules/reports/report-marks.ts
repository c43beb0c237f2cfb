import { AttendanceMark } from '@crm/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { pgArray, type Tx } from '../../db/client.js';
import { attendances } from '../../db/schema/index.js';
import type { ReportBasis } from './report-basis.js';

/** Key of a student's place in a group. */
export const placeKey = (groupId: number, studentId: number) => `${groupId}:${studentId}`;

/**
 * The marks that count: on a held lesson of the report (the `held` table of the
 * basis, which also carries the teacher filter) and while the student was in the
 * group. A mark left on a lesson that was cancelled afterwards, or outside the stay,
 * counts nowhere.
 *
 * The stay is a table `stay(group_id, student_id, first_day, last_day)` of the basis's
 * places: the first and last of a place's counted lessons. A stay is one stretch of days
 * and a place's lessons are every held lesson of the period inside it, so a held lesson
 * lies in the stay exactly when it lies between those two. Joined as a table the planner
 * hashes it once; joined to `group_students` it probed that table once per mark, and
 * a branch's month has tens of thousands (docs/performance.md). The range and `= any`
 * conditions let the planner walk the attendances primary key (company_id, group_id,
 * attend_date, student_id).
 */
function countedMarks(basis: ReportBasis, held: SQL) {
  const { companyId, filters, places } = basis;
  const groupIds = `{${[...new Set(places.map((p) => p.group.id))].join(',')}}`;
  const stays = sql`unnest(${pgArray(places.map((p) => p.group.id))}::bigint[],
    ${pgArray(places.map((p) => p.student.id))}::bigint[],
    ${pgArray(places.map((p) => p.lessons[0]?.date ?? filters.from))}::date[],
    ${pgArray(places.map((p) => p.lessons.at(-1)?.date ?? filters.from))}::date[]) as stay(group_id, student_id, first_day, last_day)`;
  return {
    held: [held, sql`held.group_id = ${attendances.groupId} and held.day = ${attendances.attendDate}`] as const,
    stay: [
      stays,
      sql`stay.group_id = ${attendances.groupId} and stay.student_id = ${attendances.studentId}
        and ${attendances.attendDate} between stay.first_day and stay.last_day`,
    ] as const,
    where: and(
      eq(attendances.companyId, companyId),
      sql`${attendances.groupId} = any(${groupIds}::bigint[])`,
      sql`${attendances.attendDate} between ${filters.from}::date and ${filters.till}::date`,
    ),
  };
}

export interface MarkCounts {
  present: number;
  absent: number;
  /** Marks on lessons that have ended (the rest are on a lesson going on now). */
  past: number;
}

/** The attendance report's counts: one aggregate query, grouped by place, mark and whether the lesson is over. */
export async function countMarks(tx: Tx, basis: ReportBasis): Promise<Map<string, MarkCounts>> {
  const counts = new Map<string, MarkCounts>();
  if (!basis.heldLessons || !basis.places.length) return counts;
  const q = countedMarks(basis, basis.heldLessons);
  const rows = await tx
    .select({
      groupId: attendances.groupId,
      studentId: attendances.studentId,
      status: attendances.status,
      past: sql<boolean>`held.past`,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(attendances)
    .innerJoin(...q.held)
    .innerJoin(...q.stay)
    .where(q.where)
    .groupBy(attendances.groupId, attendances.studentId, attendances.status, sql`held.past`);
  for (const row of rows) {
    const key = placeKey(row.groupId, row.studentId);
    const count = counts.get(key) ?? { present: 0, absent: 0, past: 0 };
    if (row.status === AttendanceMark.present) count.present += row.n;
    else count.absent += row.n;
    if (row.past) count.past += row.n;
    counts.set(key, count);
  }
  return counts;
}

/** Each place's marks on lessons that have ended, date → mark, for runs of absences. */
export async function pastMarks(tx: Tx, basis: ReportBasis): Promise<Map<string, Map<string, number>>> {
  const marks = new Map<string, Map<string, number>>();
  if (!basis.heldLessons || !basis.places.length) return marks;
  const q = countedMarks(basis, basis.heldLessons);
  const rows = await tx
    .select({
      groupId: attendances.groupId,
      studentId: attendances.studentId,
      date: attendances.attendDate,
      status: attendances.status,
    })
    .from(attendances)
    .innerJoin(...q.held)
    .innerJoin(...q.stay)
    .where(and(q.where, sql`held.past`));
  for (const row of rows) {
    const key = placeKey(row.groupId, row.studentId);
    const byDate = marks.get(key) ?? new Map<string, number>();
    byDate.set(row.date, row.status);
    marks.set(key, byDate);
  }
  return marks;
}
