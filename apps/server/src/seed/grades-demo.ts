import { AttendanceMark, toDayNumber } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { attendances, grades } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';

const BATCH = 2_000;

/** Deterministic 0…99 per student, group and day (the same demo on every machine). */
const roll = (studentId: number, groupId: number, day: number): number => {
  let h = Math.imul(studentId, 0x27d4eb2d) ^ Math.imul(groupId + 0x165667b1, 0x9e3779b1) ^ Math.imul(day, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return ((h ^ (h >>> 13)) >>> 0) % 100;
};

/** A teacher's five-point grades: mostly 4 and 5, some 3, a rare 2. */
function scoreOf(n: number): number {
  if (n < 35) return 5;
  if (n < 75) return 4;
  if (n < 95) return 3;
  return 2;
}

/**
 * Grades for the demo (issue 19): about two of every three students present at a lesson were graded by the
 * lesson's teacher, on the default five-point scale, so the attendance grid, the profiles' charts and
 * settings-grade have something to show. Idempotent: a grade that exists is kept. Returns how many were written.
 */
export async function seedGradesDemo(db: Db, companyId: number): Promise<number> {
  return inCompany(db, companyId, async (tx) => {
    const present = await tx
      .select({
        groupId: attendances.groupId,
        studentId: attendances.studentId,
        date: attendances.attendDate,
        teacherId: attendances.markedBy,
      })
      .from(attendances)
      .where(and(eq(attendances.companyId, companyId), eq(attendances.status, AttendanceMark.present)));
    const rows = present.flatMap((mark) => {
      const n = roll(mark.studentId, mark.groupId, toDayNumber(mark.date));
      if (n >= 65) return [];
      const score = scoreOf(roll(mark.groupId, mark.studentId, toDayNumber(mark.date) + 1));
      return [
        {
          companyId,
          groupId: mark.groupId,
          studentId: mark.studentId,
          lessonDate: mark.date,
          score,
          authorId: mark.teacherId,
        },
      ];
    });
    let written = 0;
    for (let start = 0; start < rows.length; start += BATCH) {
      const inserted = await tx
        .insert(grades)
        .values(rows.slice(start, start + BATCH))
        .onConflictDoNothing()
        .returning({ groupId: grades.groupId });
      written += inserted.length;
    }
    return written;
  });
}
