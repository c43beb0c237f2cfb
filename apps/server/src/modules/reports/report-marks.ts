import { AttendanceMark, type AttendanceMarkId } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { pgArray, type Tx } from '../../db/client.js';
import { attendanceSummaries } from '../../db/schema/index.js';
import type { ReportBasis, ReportPlace } from './report-basis.js';

/** Key of a student's place in a group. */
export const placeKey = (groupId: number, studentId: number) => `${groupId}:${studentId}`;

/** A place's marked days of one month as bit sets, bit d-1 for day d. */
interface MonthDays {
  present: number;
  absent: number;
}

/** Each place's marked days: placeKey → `YYYY-MM` → days. */
type MarkedDays = Map<string, Map<string, MonthDays>>;

/**
 * The monthly attendance summary (decision 0027) of the basis's groups over the months of the
 * period: one row per place and month — about 1,500 for a branch's month, where its marks are
 * about 19,000. The primary key (company_id, group_id, month, student_id) serves the range.
 */
async function loadMarkedDays(tx: Tx, basis: ReportBasis): Promise<MarkedDays> {
  const days: MarkedDays = new Map();
  if (!basis.places.length) return days;
  const { companyId, filters, places } = basis;
  const groupIds = pgArray([...new Set(places.map((p) => p.group.id))]);
  const rows = await tx
    .select({
      groupId: attendanceSummaries.groupId,
      studentId: attendanceSummaries.studentId,
      month: attendanceSummaries.month,
      present: attendanceSummaries.presentDays,
      absent: attendanceSummaries.absentDays,
    })
    .from(attendanceSummaries)
    .where(
      and(
        eq(attendanceSummaries.companyId, companyId),
        sql`${attendanceSummaries.groupId} = any(${groupIds}::bigint[])`,
        sql`${attendanceSummaries.month} between ${`${filters.from.slice(0, 7)}-01`}::date and ${filters.till}::date`,
      ),
    );
  for (const row of rows) {
    const key = placeKey(row.groupId, row.studentId);
    const months = days.get(key) ?? new Map<string, MonthDays>();
    months.set(row.month.slice(0, 7), { present: row.present, absent: row.absent });
    days.set(key, months);
  }
  return days;
}

/** The mark of a place on a day, from its month's bit sets; undefined when there is none. */
function markOn(months: ReadonlyMap<string, MonthDays> | undefined, date: string): AttendanceMarkId | undefined {
  const month = months?.get(date.slice(0, 7));
  if (!month) return undefined;
  const bit = 1 << (Number(date.slice(8, 10)) - 1);
  if (month.present & bit) return AttendanceMark.present;
  if (month.absent & bit) return AttendanceMark.absent;
  return undefined;
}

/**
 * The marks that count are those on the place's own lessons: the held lessons of the
 * period (with the teacher filter) inside the student's stay. A mark left on a lesson that
 * was cancelled afterwards, or outside the stay, counts nowhere — hence bit sets rather
 * than bare counts in the summary: the lesson calendar decides, day by day.
 */
function marksOfPlaces(basis: ReportBasis, days: MarkedDays, onlyEnded: boolean) {
  return basis.places.map((place: ReportPlace) => {
    const months = days.get(placeKey(place.group.id, place.student.id));
    const marks: { past: boolean; date: string; mark: AttendanceMarkId }[] = [];
    for (const lesson of place.lessons) {
      if (onlyEnded && !lesson.past) continue;
      const mark = markOn(months, lesson.date);
      if (mark !== undefined) marks.push({ past: lesson.past, date: lesson.date, mark });
    }
    return { key: placeKey(place.group.id, place.student.id), marks };
  });
}

export interface MarkCounts {
  present: number;
  absent: number;
  /** Marks on lessons that have ended (the rest are on a lesson going on now). */
  past: number;
}

/** The attendance report's counts per place. */
export async function countMarks(tx: Tx, basis: ReportBasis): Promise<Map<string, MarkCounts>> {
  const counts = new Map<string, MarkCounts>();
  for (const { key, marks } of marksOfPlaces(basis, await loadMarkedDays(tx, basis), false)) {
    const count = { present: 0, absent: 0, past: 0 };
    for (const { mark, past } of marks) {
      if (mark === AttendanceMark.present) count.present++;
      else count.absent++;
      if (past) count.past++;
    }
    counts.set(key, count);
  }
  return counts;
}

/** Each place's marks on lessons that have ended, date → mark, for runs of absences. */
export async function pastMarks(tx: Tx, basis: ReportBasis): Promise<Map<string, Map<string, number>>> {
  const byPlace = new Map<string, Map<string, number>>();
  for (const { key, marks } of marksOfPlaces(basis, await loadMarkedDays(tx, basis), true)) {
    byPlace.set(key, new Map(marks.map(({ date, mark }) => [date, mark])));
  }
  return byPlace;
}
