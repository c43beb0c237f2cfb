import { StudentStatus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { attendances } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { seedDemoAttendance } from '../../seed/attendance-factories.js';
import { createHoliday } from '../../seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createGroupsWorld, type GroupsWorld } from '../groups/groups-test-world.js';
import { cancelLessonRow } from './reports-test-world.js';

// Friday 31 October 2025, 18:00 in Tashkent: six weeks back is Friday 19 September.
const NOW = new Date('2025-10-31T13:00:00Z');
const { app, database } = await openTestApp(undefined, { clock: () => NOW });
let w: GroupsWorld;
const groupIds: number[] = [];
let written = 0;

/** Two groups of the five students since August, a holiday and a cancelled lesson in the six weeks seeded. */
beforeAll(async () => {
  const db = database.db;
  w = await createGroupsWorld(app, db);
  const c = w.company.id;
  for (const [index, dayType] of (['odd', 'even'] as const).entries()) {
    const id = await createGroupRow(db, c, {
      branchId: w.main,
      courseId: w.english,
      teacherId: w.teachers.a,
      name: `Demo ${index + 1}`,
      dayType,
      startDate: '2025-08-01',
    });
    groupIds.push(id);
    for (const studentId of w.students)
      await addStudentToGroupRow(db, c, id, studentId, { createdDate: '2025-08-01', status: StudentStatus.active });
  }
  await createHoliday(db, c, 'Holiday', '2025-10-01');
  await cancelLessonRow(db, c, groupIds[0]!, '2025-10-03');
  written = await seedDemoAttendance(db, c, { now: NOW });
});

const marksOn = (groupId: number, date: string) =>
  inCompany(database.db, w.company.id, (tx) =>
    tx
      .select()
      .from(attendances)
      .where(and(eq(attendances.groupId, groupId), eq(attendances.attendDate, date))),
  );

const report = (path: string) =>
  w.api(w.tokens.admin, 'GET', `${path}?branch_id=${w.main}&from=2025-09-19&till=2025-10-31&per_page=100`);

describe('seedDemoAttendance', () => {
  it('marks the held lessons of the last six weeks, mostly present, a few left unmarked', async () => {
    const res = await report('/attendance_report/');
    const { visits, absents, misses, all } = res.body.totals;
    expect(visits + absents).toBe(written);
    expect(visits / all).toBeGreaterThan(0.65);
    expect(visits / all).toBeLessThan(0.95);
    expect(absents).toBeGreaterThan(0);
    expect(misses).toBeGreaterThan(0);
    expect(misses).toBeLessThan(all * 0.15);
  });

  it('puts no mark on a holiday, a cancelled lesson or a day that is not a lesson', async () => {
    expect(await marksOn(groupIds[0]!, '2025-10-01')).toEqual([]);
    expect(await marksOn(groupIds[0]!, '2025-10-03')).toEqual([]);
    expect(await marksOn(groupIds[0]!, '2025-10-02')).toEqual([]);
    // The same day is a held lesson of the other group: marked (a few of its five may be left unmarked, by design).
    expect((await marksOn(groupIds[1]!, '2025-10-02')).length).toBeGreaterThan(0);
  });

  it('leaves at least two students with three or more absences running', async () => {
    const res = await report('/reports/skip-classes');
    const running = res.body.data.filter((row: { longest_run: number }) => row.longest_run >= 3);
    expect(running.length).toBeGreaterThanOrEqual(2);
  });

  it('writes nothing twice', async () => {
    expect(await seedDemoAttendance(database.db, w.company.id, { now: NOW })).toBe(0);
  });
});
