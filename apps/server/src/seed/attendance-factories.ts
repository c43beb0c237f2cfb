import {
  AttendanceMark,
  type AttendanceMarkId,
  dateOfDayNumber,
  isHeld,
  StudentStatus,
  toDayNumber,
} from '@crm/contracts';
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { attendances, groupStudents, groups } from '../db/schema/index.js';
import { groupRowColumns } from '../modules/groups/group-scope.js';
import { recountAttendanceSummary } from '../modules/lessons/attendance-summary.js';
import { loadCalendars } from '../modules/lessons/calendar-source.js';
import { companyTime } from '../modules/lessons/company-time.js';
import { hasEnded, inPlaceOn } from '../modules/reports/report-basis.js';
import { inCompany } from '../platform/tenancy.js';

export interface DemoAttendanceOptions {
  /** How far back the registers go. Default 6 weeks. */
  weeks?: number;
  /** The instant to seed up to (tests pass a fixed one). Default: now. */
  now?: Date;
}

/** Rows per insert: 6 columns each stays far below the 65,535 bind parameters of one statement. */
const BATCH = 2_000;

/**
 * A stateless, deterministic number 0…99 for a pair of ids and a day: the same
 * demo on every machine and every run, whatever order the lessons are visited in.
 */
const dice = (a: number, b: number, day = 0): number => {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x632be5ab, 0x85ebca77) ^ Math.imul(day + 1, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) % 100;
};

/** A register a teacher would keep: mostly present, some absent, now and then not filled in. */
function usualMark(studentId: number, groupId: number, date: string): AttendanceMarkId | null {
  const roll = dice(studentId, groupId, toDayNumber(date));
  if (roll < 85) return AttendanceMark.present;
  if (roll < 95) return AttendanceMark.absent;
  return null;
}

/**
 * Marks attendance for the demo's lessons of the last weeks, so the attendance grid
 * and both reports have something to show: about 85% present, 10% absent and 5% not
 * marked; frozen students are not marked (they do not come), a student who missed
 * his trial is absent from that one lesson; and a few students (at least two) stopped coming — their
 * last three or four lessons are absences, which the skip-classes report finds.
 *
 * Lesson dates come from the one lesson calendar (calendar-source), so no mark
 * lands on a holiday, a cancelled lesson or a day the student was not in the group.
 * Idempotent: a mark that exists is kept. Returns the number of marks written.
 */
export async function seedDemoAttendance(
  db: Db,
  companyId: number,
  options: DemoAttendanceOptions = {},
): Promise<number> {
  return inCompany(db, companyId, async (tx) => {
    const time = await companyTime(tx, companyId, options.now ?? new Date());
    const from = dateOfDayNumber(toDayNumber(time.today) - 7 * (options.weeks ?? 6));
    const till = time.today;
    const groupRows = await tx
      .select(groupRowColumns)
      .from(groups)
      .where(
        and(
          eq(groups.companyId, companyId),
          lte(groups.startDate, till),
          or(isNull(groups.endDate), gte(groups.endDate, from)),
        ),
      );
    if (!groupRows.length) return 0;
    const calendars = await loadCalendars(tx, companyId, groupRows, from, till);
    const places = await tx
      .select({
        groupId: groupStudents.groupId,
        studentId: groupStudents.studentId,
        status: groupStudents.status,
        createdDate: groupStudents.createdDate,
        leftDate: groupStudents.leftDate,
      })
      .from(groupStudents)
      .where(
        and(
          eq(groupStudents.companyId, companyId),
          inArray(
            groupStudents.groupId,
            groupRows.map((g) => g.id),
          ),
        ),
      )
      .orderBy(groupStudents.groupId, groupStudents.studentId);

    const lessonsOf = places.map((place) =>
      (calendars.get(place.groupId) ?? []).filter(
        (lesson) =>
          isHeld(lesson) && hasEnded(lesson, time) && inPlaceOn(lesson.date, place.createdDate, place.leftDate),
      ),
    );
    const skippers = pickSkippers(places, lessonsOf);

    const rows: (typeof attendances.$inferInsert)[] = [];
    places.forEach((place, index) => {
      if (place.status === StudentStatus.frozen) return;
      const lessons = lessonsOf[index] ?? [];
      const run = skippers.get(index) ?? 0;
      // A student who missed his trial has one absence, on that first lesson; nobody marks him after it.
      const marked = place.status === StudentStatus.missedTrial ? lessons.slice(0, 1) : lessons;
      marked.forEach((lesson, n) => {
        const status =
          n >= lessons.length - run || place.status === StudentStatus.missedTrial
            ? AttendanceMark.absent
            : usualMark(place.studentId, place.groupId, lesson.date);
        if (status === null) return;
        rows.push({
          companyId,
          groupId: place.groupId,
          studentId: place.studentId,
          attendDate: lesson.date,
          status,
          markedBy: lesson.teacher_id,
        });
      });
    });
    let written = 0;
    for (let start = 0; start < rows.length; start += BATCH) {
      const inserted = await tx
        .insert(attendances)
        .values(rows.slice(start, start + BATCH))
        .onConflictDoNothing()
        .returning({ groupId: attendances.groupId });
      written += inserted.length;
    }
    await recountAttendanceSummary(
      tx,
      companyId,
      rows.map((row) => ({ groupId: row.groupId, studentId: row.studentId, date: row.attendDate })),
    );
    return written;
  });
}

/**
 * About 3% of the active students with enough lessons (never fewer than two) stop
 * coming: index of the place → how many of its last lessons are absences (3 or 4).
 */
function pickSkippers(
  places: readonly { groupId: number; studentId: number; status: number }[],
  lessonsOf: readonly unknown[][],
): Map<number, number> {
  const eligible = places
    .map((place, index) => ({ index, roll: dice(place.studentId, place.groupId) }))
    .filter(({ index }) => places[index]?.status === StudentStatus.active && (lessonsOf[index]?.length ?? 0) >= 6)
    .sort((a, b) => a.roll - b.roll || a.index - b.index);
  const count = Math.min(eligible.length, Math.max(2, Math.round(eligible.length * 0.03)));
  return new Map(eligible.slice(0, count).map(({ index, roll }) => [index, 3 + (roll % 2)]));
}
