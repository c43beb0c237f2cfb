import { type AttendanceCounts, type AttendanceReport, type AttendanceReportRow, paginate } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { loadReportBasis, type ReportFilters } from './report-basis.js';
import { countMarks, placeKey } from './report-marks.js';

const ZERO: AttendanceCounts = { visits: 0, absents: 0, misses: 0, all: 0 };

/**
 * Spec §3 "Attendance report": per student and group, over the held lessons of the
 * period while he was in the group — visits (present marks), absents (absent
 * marks), misses (lessons that have ended with no mark) and all (every held lesson,
 * ended or not). Sorted by group, then student.
 */
export async function attendanceReportRows(tx: Tx, actor: Actor, at: Date, filters: ReportFilters) {
  const basis = await loadReportBasis(tx, actor, at, filters);
  const marks = await countMarks(tx, basis);
  const rows: AttendanceReportRow[] = basis.places.map((place) => {
    const count = marks.get(placeKey(place.group.id, place.student.id)) ?? { present: 0, absent: 0, past: 0 };
    const ended = place.lessons.filter((lesson) => lesson.past).length;
    return {
      student: { id: place.student.id, name: place.student.name },
      group: { id: place.group.id, title: place.group.title },
      teacher: place.group.teacher,
      course: place.group.course,
      status: place.status,
      visits: count.present,
      absents: count.absent,
      misses: ended - count.past,
      all: place.lessons.length,
    };
  });
  const totals = rows.reduce<AttendanceCounts>(
    (sum, row) => ({
      visits: sum.visits + row.visits,
      absents: sum.absents + row.absents,
      misses: sum.misses + row.misses,
      all: sum.all + row.all,
    }),
    ZERO,
  );
  return { rows, totals };
}

/** GET /attendance_report/: one page of the rows, and the totals of all of them. */
export async function attendanceReport(
  tx: Tx,
  actor: Actor,
  at: Date,
  query: ReportFilters & { page: number; per_page: number },
): Promise<AttendanceReport> {
  const { rows, totals } = await attendanceReportRows(tx, actor, at, query);
  const data = rows.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  return { data, totals, pagination: paginate(rows.length, query.page, query.per_page, data.length) };
}
