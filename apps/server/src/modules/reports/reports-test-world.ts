import type { AttendanceMarkId } from '@crm/contracts';
import type { Db } from '../../db/client.js';
import { attendances, lessons } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { recountAttendanceSummary } from '../lessons/attendance-summary.js';

/** One student's marks in a group: lesson day → 1 present / 0 absent. */
export type Marks = Record<string, AttendanceMarkId>;

/**
 * Writes marks straight into attendances, and recounts their monthly summary as the
 * lessons module does. Fixtures may put a mark where the API would refuse one (a
 * cancelled lesson, a day outside the student's stay) to prove the reports do not count it.
 */
export async function insertMarks(db: Db, companyId: number, groupId: number, byStudent: Record<number, Marks>) {
  const rows = Object.entries(byStudent).flatMap(([studentId, marks]) =>
    Object.entries(marks).map(([attendDate, status]) => ({
      companyId,
      groupId,
      studentId: Number(studentId),
      attendDate,
      status,
    })),
  );
  if (!rows.length) return;
  await inCompany(db, companyId, async (tx) => {
    await tx.insert(attendances).values(rows);
    await recountAttendanceSummary(
      tx,
      companyId,
      rows.map((row) => ({ groupId, studentId: row.studentId, date: row.attendDate })),
    );
  });
}

/** A lesson record that cancels the lesson the schedule gave on `date`. */
export const cancelLessonRow = (db: Db, companyId: number, groupId: number, date: string) =>
  inCompany(db, companyId, (tx) =>
    tx
      .insert(lessons)
      .values({ companyId, groupId, scheduledDate: date, cancelledAt: new Date(), cancelReason: 'Teacher ill' }),
  );

/** A lesson record that gives the lesson of `date` to another teacher. */
export const substituteRow = (db: Db, companyId: number, groupId: number, date: string, teacherId: number) =>
  inCompany(db, companyId, (tx) => tx.insert(lessons).values({ companyId, groupId, scheduledDate: date, teacherId }));

/** Every `YYYY-MM-DD` of `dates` with the same mark. */
export const allMarked = (dates: readonly string[], status: AttendanceMarkId): Marks =>
  Object.fromEntries(dates.map((date) => [date, status]));

/** `2025-09-DD` for each day of the month. */
export const sept = (...days: number[]) => days.map((d) => `2025-09-${String(d).padStart(2, '0')}`);
