import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { attendanceSummaries, attendances, groupStudents, lessons } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { atTashkent, clock, createLessonsWorld, type LessonsWorld } from './lessons-test-world.js';

const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;

// Friday 4 December 2026, after its 09:00–10:30 lesson: the world's group (Mon, Wed, Fri) has
// ended lessons on both sides of the month boundary.
beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  atTashkent('2026-12-04', '12:00');
});

const LESSON_DAYS = ['2026-11-25', '2026-11-27', '2026-11-30', '2026-12-02', '2026-12-04'];
/** Free days (Tuesdays and Thursdays) a lesson can move to, into the other month too. */
const FREE_DAYS = ['2026-11-24', '2026-11-26', '2026-12-01', '2026-12-03'];

type Summary = {
  studentId: number;
  month: string;
  visits: number;
  absents: number;
  presentDays: number;
  absentDays: number;
};

/** The summary as it should be: recomputed here, from the group's marks, by other means than SQL. */
async function recomputed(): Promise<{ kept: Summary[]; expected: Summary[] }> {
  return inCompany(database.db, w.company.id, async (tx) => {
    const marks = await tx
      .select({ studentId: attendances.studentId, date: attendances.attendDate, status: attendances.status })
      .from(attendances)
      .where(and(eq(attendances.companyId, w.company.id), eq(attendances.groupId, w.group)));
    const kept = await tx
      .select({
        studentId: attendanceSummaries.studentId,
        month: attendanceSummaries.month,
        visits: attendanceSummaries.visits,
        absents: attendanceSummaries.absents,
        presentDays: attendanceSummaries.presentDays,
        absentDays: attendanceSummaries.absentDays,
      })
      .from(attendanceSummaries)
      .where(and(eq(attendanceSummaries.companyId, w.company.id), eq(attendanceSummaries.groupId, w.group)));
    const expected = new Map<string, Summary>();
    for (const mark of marks) {
      const month = `${mark.date.slice(0, 7)}-01`;
      const key = `${mark.studentId}:${month}`;
      const row = expected.get(key) ?? {
        studentId: mark.studentId,
        month,
        visits: 0,
        absents: 0,
        presentDays: 0,
        absentDays: 0,
      };
      const bit = 2 ** (Number(mark.date.slice(8)) - 1);
      if (mark.status === 1) {
        row.visits++;
        row.presentDays += bit;
      } else {
        row.absents++;
        row.absentDays += bit;
      }
      expected.set(key, row);
    }
    const order = (a: Summary, b: Summary) => a.studentId - b.studentId || a.month.localeCompare(b.month);
    return { kept: kept.sort(order), expected: [...expected.values()].sort(order) };
  });
}

/** Back to no marks and the schedule's own lessons (test housekeeping, not a writer under test). */
const reset = () =>
  inCompany(database.db, w.company.id, async (tx) => {
    await tx.delete(attendances).where(and(eq(attendances.companyId, w.company.id), eq(attendances.groupId, w.group)));
    await tx
      .delete(attendanceSummaries)
      .where(and(eq(attendanceSummaries.companyId, w.company.id), eq(attendanceSummaries.groupId, w.group)));
    await tx.delete(lessons).where(and(eq(lessons.companyId, w.company.id), eq(lessons.groupId, w.group)));
  });

const students = () => [w.pupils.s1, w.pupils.s2, w.pupils.s3, w.pupils.joined];
const day = fc.constantFrom(...LESSON_DAYS);
const mark = fc.constantFrom(0, 1);
/** One step of a register's history, through the API's own writers. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('mark' as const), student: fc.nat(3), date: day, status: mark }),
  fc.record({ kind: fc.constant('lesson' as const), date: day, status: mark }),
  fc.record({ kind: fc.constant('unmark' as const), student: fc.nat(3), date: day }),
  fc.record({
    kind: fc.constant('move' as const),
    date: fc.constantFrom(...LESSON_DAYS, ...FREE_DAYS),
    to: fc.constantFrom(...FREE_DAYS, ...LESSON_DAYS),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function send(s: Step) {
  const admin = w.tokens.admin;
  switch (s.kind) {
    case 'mark':
      return w.api(admin, 'POST', '/attendance', {
        group_id: w.group,
        student_id: students()[s.student],
        date: s.date,
        status: s.status,
      });
    case 'lesson':
      return w.api(admin, 'POST', '/attendance/lesson', { group_id: w.group, date: s.date, status: s.status });
    case 'unmark':
      return w.api(admin, 'DELETE', `/attendance/${students()[s.student]}/${w.group}/${s.date}/delete`);
    case 'move':
      return w.api(admin, 'POST', '/lesson/transfer', {
        group_id: w.group,
        date: s.date,
        to_date: s.to,
        start_time: '09:00',
        end_time: '10:30',
      });
  }
}

describe('the monthly attendance summary', () => {
  it('always equals the summary recomputed from the marks, whatever the history of writes, overwrites, removals and moves', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        await reset();
        for (const s of steps) {
          const res = await send(s);
          // Refusals (a lesson moved away, a day taken) are part of a history too; errors are not.
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          if (res.status === 200) accepted++;
        }
        const { kept, expected } = await recomputed();
        expect(kept).toEqual(expected);
      }),
      { numRuns: 25, seed: 20261204 },
    );
    // The histories did write: most steps were accepted, not refused.
    expect(accepted).toBeGreaterThan(100);
  });

  it('loses a place’s rows with the place, as its marks', async () => {
    await reset();
    expect((await send({ kind: 'lesson', date: '2026-11-30', status: 1 })).status).toBe(200);
    expect((await send({ kind: 'lesson', date: '2026-12-02', status: 0 })).status).toBe(200);
    await inCompany(database.db, w.company.id, (tx) =>
      tx
        .delete(groupStudents)
        .where(
          and(
            eq(groupStudents.companyId, w.company.id),
            eq(groupStudents.groupId, w.group),
            eq(groupStudents.studentId, w.pupils.s3),
          ),
        ),
    );
    const { kept, expected } = await recomputed();
    expect(kept).toEqual(expected);
    expect(kept.map((r) => r.month)).toHaveLength(2 * 3);
    expect(kept.some((r) => r.studentId === w.pupils.s3)).toBe(false);
  });
});
