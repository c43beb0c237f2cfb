import { AttendanceMark, paginate, type SkipClassesRow } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { loadReportBasis, type ReportFilters, type ReportLesson } from './report-basis.js';
import { pastMarks, placeKey } from './report-marks.js';

export interface SkipClassesFilters extends ReportFilters {
  in_a_row: number;
  percent: number;
}

export interface AbsenceRecord {
  longest_run: number;
  absents: number;
  lessons: number;
  last_absent: string | null;
}

/**
 * Absences over a student's ended lessons, in date order. A run is broken only by a
 * present mark: a lesson nobody marked says nothing about the student, so it neither
 * breaks a run nor adds to it (treating it as a break would hide a student whose
 * teacher forgot one register between his absences; counting it as an absence would
 * blame him for the teacher).
 */
export function absenceRecord(lessons: readonly ReportLesson[], marks: ReadonlyMap<string, number>): AbsenceRecord {
  let run = 0;
  const record: AbsenceRecord = { longest_run: 0, absents: 0, lessons: 0, last_absent: null };
  for (const lesson of lessons) {
    if (!lesson.past) continue;
    record.lessons++;
    const mark = marks.get(lesson.date);
    if (mark === AttendanceMark.present) run = 0;
    if (mark !== AttendanceMark.absent) continue;
    run++;
    record.absents++;
    record.last_absent = lesson.date;
    record.longest_run = Math.max(record.longest_run, run);
  }
  return record;
}

/**
 * GET /reports/skip-classes: students (per group) who missed `in_a_row` lessons
 * running, or more than `percent` of the lessons that have ended in the period
 * while they were in the group. Most worrying first: longest run, then share.
 */
export async function skipClassesRows(tx: Tx, actor: Actor, at: Date, filters: SkipClassesFilters) {
  const basis = await loadReportBasis(tx, actor, at, filters);
  const marks = await pastMarks(tx, basis);
  const rows: SkipClassesRow[] = [];
  for (const place of basis.places) {
    const record = absenceRecord(place.lessons, marks.get(placeKey(place.group.id, place.student.id)) ?? new Map());
    if (!record.lessons) continue;
    // Compared without rounding: 3 of 10 is not "more than 30%".
    const overShare = record.absents * 100 > filters.percent * record.lessons;
    if (record.longest_run < filters.in_a_row && !overShare) continue;
    rows.push({
      student: place.student,
      group: { id: place.group.id, title: place.group.title },
      teacher: place.group.teacher,
      ...record,
      percent: Math.round((record.absents * 100) / record.lessons),
    });
  }
  // Sorting is stable: ties keep the basis's group-then-student order, so pages never shuffle.
  return rows.sort((a, b) => b.longest_run - a.longest_run || b.percent - a.percent);
}

export async function skipClassesReport(
  tx: Tx,
  actor: Actor,
  at: Date,
  query: SkipClassesFilters & { page: number; per_page: number },
) {
  const rows = await skipClassesRows(tx, actor, at, query);
  const data = rows.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  return { data, pagination: paginate(rows.length, query.page, query.per_page, data.length) };
}
