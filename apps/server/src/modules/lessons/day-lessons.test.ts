import { type DayLessons, GroupStatus, StudentStatus } from '@crm/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp } from '../../../test/helpers.js';
import { attendances, groupPastTeachers, groupStudents, lessons } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createHoliday } from '../../seed/courses-factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { createGroupsWorld, nextPhone } from '../groups/groups-test-world.js';
import { atTashkent, clock, createLessonsWorld, type LessonsWorld } from './lessons-test-world.js';

/**
 * GET /lessons/day on the lessons world (today is Wednesday 18 November 2026 in
 * Tashkent): the role teacher's odd-days "Morning English" at 09:00, plus groups of
 * other teachers that he substitutes in, taught before, or has nothing to do with.
 */
const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;
let g: Record<'math' | 'covered' | 'handedOver' | 'finished' | 'archived' | 'north', number>;
let cashierToken: string;

const insertIn = (work: Parameters<typeof inCompany>[2]) => inCompany(database.db, w.company.id, work);

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  const make = (spec: Partial<Parameters<typeof createGroupRow>[2]>) =>
    createGroupRow(database.db, w.company.id, {
      branchId: w.main,
      courseId: w.math,
      teacherId: w.teachers.b,
      roomId: w.rooms.b,
      dayType: 'odd',
      startDate: '2026-11-02',
      ...spec,
    });
  g = {
    // Barno's, 11:00: the role teacher has nothing to do with it.
    math: await make({ name: 'Math 11', startTime: '11:00', endTime: '12:00' }),
    // Barno's, 14:00: the role teacher substitutes on the 18th.
    covered: await make({ name: 'Covered 14', startTime: '14:00', endTime: '15:00' }),
    // Barno's since the 17th: the role teacher taught it through the 16th.
    handedOver: await make({ name: 'Handed over', startTime: '16:00', endTime: '17:00', roomId: w.rooms.a }),
    // Completed on the 30th of November, archived: lessons of the past only, and never.
    finished: await make({
      name: 'Finished',
      startTime: '08:00',
      endTime: '08:45',
      startDate: '2026-10-01',
      endDate: '2026-11-30',
      status: GroupStatus.completed,
    }),
    archived: await make({ name: 'Archived', startTime: '18:00', endTime: '19:00', status: GroupStatus.archive }),
    north: await make({
      name: 'North 10',
      branchId: w.north,
      teacherId: w.teachers.north,
      roomId: w.rooms.north,
      startTime: '10:00',
      endTime: '11:00',
    }),
  };
  const companyId = w.company.id;
  const student = (name: string, archived = false) =>
    createStudent(database.db, companyId, { name, phone: nextPhone(), branchIds: [w.main], archived });
  const ghost = await student('Ghost Student');
  const archivedUser = await student('Gone Student', true);
  await insertIn(async (tx) => {
    await tx.insert(lessons).values([
      { companyId, groupId: g.covered, scheduledDate: '2026-11-18', teacherId: w.teacherId },
      // The role teacher's Friday lesson goes to the substitute.
      { companyId, groupId: w.group, scheduledDate: '2026-11-20', teacherId: w.substitute },
      {
        companyId,
        groupId: g.math,
        scheduledDate: '2026-11-18',
        cancelledAt: new Date(),
        cancelReason: 'Teacher is ill',
      },
      {
        companyId,
        groupId: g.math,
        scheduledDate: '2026-11-23',
        movedDate: '2026-11-24',
        movedStartTime: '15:00',
        movedEndTime: '16:00',
        roomId: w.rooms.a,
      },
    ]);
    await tx
      .insert(groupPastTeachers)
      .values({ companyId, groupId: g.handedOver, tillDate: '2026-11-16', teacherId: w.teacherId });
    // Neither counts: a place archived without a leaving day, and a student whose user is archived.
    await tx.insert(groupStudents).values([
      { companyId, groupId: w.group, studentId: ghost, createdDate: '2026-11-02', status: StudentStatus.archived },
      { companyId, groupId: w.group, studentId: archivedUser, createdDate: '2026-11-02', status: StudentStatus.active },
    ]);
    await tx.insert(attendances).values([
      { companyId, groupId: w.group, attendDate: '2026-11-18', studentId: w.pupils.s1, status: 1 },
      { companyId, groupId: w.group, attendDate: '2026-11-18', studentId: w.pupils.s2, status: 0 },
    ]);
  });
  await createHoliday(database.db, companyId, 'Constitution day', '2026-11-25');
  cashierToken = await loginAs(app, w.sub, '900000004');
});
beforeEach(() => atTashkent('2026-11-18', '09:30'));

async function day(token: string, query = '') {
  const res = await w.api(token, 'GET', `/lessons/day${query}`);
  if (res.status !== 200) throw new Error(`lessons/day${query}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as DayLessons;
}
const titles = (d: DayLessons) => d.lessons.map((l) => l.group.title);

describe('GET /lessons/day for a teacher', () => {
  it("gives the lessons he teaches today, his substitution included, in the company's time", async () => {
    const today = await day(w.tokens.teacher);
    expect(today).toMatchObject({ date: '2026-11-18', today: '2026-11-18', now: '09:30' });
    expect(titles(today)).toEqual(['Morning English', 'Covered 14']);
    expect(today.lessons[0]).toMatchObject({
      start_time: '09:00',
      end_time: '10:30',
      state: 'held',
      moved: false,
      teacher: { id: w.teacherId, name: 'Kamola Ergasheva' },
      room: { id: w.rooms.a, name: 'Room A' },
      group: { id: w.group, title: 'Morning English', course: { id: w.english, name: 'English' } },
    });
    expect(today.lessons[1]).toMatchObject({ group: { id: g.covered }, teacher: { id: w.teacherId } });
  });

  it('leaves the lesson given to a substitute to him alone', async () => {
    const friday = '?date=2026-11-20';
    expect(titles(await day(w.tokens.teacher, friday))).toEqual([]);
    const substitute = await day(w.substituteToken, friday);
    expect(titles(substitute)).toEqual(['Morning English']);
    expect(substitute.lessons[0]?.teacher.name).toBe('Sardor Substitute');
    // Not his on other days.
    expect(titles(await day(w.substituteToken))).toEqual([]);
  });

  it('gives a group he handed over on the days he still taught it', async () => {
    expect(titles(await day(w.tokens.teacher, '?date=2026-11-16'))).toEqual(['Morning English', 'Handed over']);
    expect(titles(await day(w.tokens.teacher, '?date=2026-11-27'))).toEqual(['Morning English']);
  });

  it('takes the day from the company time zone, not UTC', async () => {
    atTashkent('2026-11-19', '01:30'); // still the 18th in UTC
    expect(await day(w.tokens.teacher)).toMatchObject({ date: '2026-11-19', today: '2026-11-19', lessons: [] });
  });
});

describe('GET /lessons/day for staff', () => {
  it('gives every lesson of the branch by start time, a cancelled one with its state and reason', async () => {
    const today = await day(w.tokens.admin, `?branch_id=${w.main}`);
    expect(titles(today)).toEqual(['Morning English', 'Math 11', 'Covered 14', 'Handed over']);
    expect(today.lessons[1]).toMatchObject({ state: 'cancelled', cancel_reason: 'Teacher is ill' });
    expect(today.lessons[2]?.teacher.id).toBe(w.teacherId);
    expect(today.lessons[3]?.teacher.id).toBe(w.teachers.b);
  });

  it("defaults to the caller's first branch and keeps to the asked one", async () => {
    expect(titles(await day(w.tokens.owner))).toEqual(titles(await day(w.tokens.owner, `?branch_id=${w.main}`)));
    expect(titles(await day(w.tokens.admin, `?branch_id=${w.north}`))).toEqual(['North 10']);
  });

  it('counts the students in the group that day and how many of them are marked', async () => {
    const lessonOf = (d: DayLessons) => d.lessons.find((l) => l.group.id === w.group);
    // 18th: three from the start and the one who joined on the 11th; two marks.
    expect(lessonOf(await day(w.tokens.admin))).toMatchObject({ students: 4, marked: 2 });
    // 13th, the day one of them left: he still counts. 9th: the newcomer had not joined.
    // Never counted: the place archived without a leaving day, the archived user.
    expect(lessonOf(await day(w.tokens.admin, '?date=2026-11-13'))).toMatchObject({ students: 5, marked: 0 });
    expect(lessonOf(await day(w.tokens.admin, '?date=2026-11-09'))).toMatchObject({ students: 4 });
    expect(lessonOf(await day(w.tokens.admin, '?date=2026-11-27'))).toMatchObject({ students: 4 });
  });

  it('shows a moved lesson on its new day and time only', async () => {
    expect(titles(await day(w.tokens.admin, '?date=2026-11-23'))).not.toContain('Math 11');
    const tuesday = await day(w.tokens.admin, '?date=2026-11-24');
    expect(tuesday.lessons.find((l) => l.group.id === g.math)).toMatchObject({
      date: '2026-11-24',
      scheduled_date: '2026-11-23',
      start_time: '15:00',
      end_time: '16:00',
      moved: true,
      room: { id: w.rooms.a, name: 'Room A' },
    });
  });

  it('leaves no lesson on a holiday', async () => {
    expect((await day(w.tokens.admin, '?date=2026-11-25')).lessons).toEqual([]);
    expect((await day(w.tokens.admin, '?date=2026-11-27')).lessons.length).toBeGreaterThan(0);
  });

  it('shows a completed group on days already past, an archived one never', async () => {
    expect(titles(await day(w.tokens.admin, '?date=2026-11-16'))).toContain('Finished');
    expect(titles(await day(w.tokens.admin))).not.toContain('Finished');
    expect(titles(await day(w.tokens.admin, '?date=2026-11-16'))).not.toContain('Archived');
  });
});

describe('GET /lessons/day refuses', () => {
  it("another company's branch (403 branch_forbidden)", async () => {
    const foreign = await createGroupsWorld(app, database.db);
    for (const token of [w.tokens.admin, w.tokens.teacher]) {
      const res = await w.api(token, 'GET', `/lessons/day?branch_id=${foreign.main}`);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('branch_forbidden');
    }
  });

  it('students and cashiers (403), anonymous callers (401) and a malformed date (400)', async () => {
    expect((await w.api(w.tokens.student, 'GET', '/lessons/day')).status).toBe(403);
    expect((await w.api(cashierToken, 'GET', '/lessons/day')).status).toBe(403);
    const anonymous = await call(app, { url: '/api/v1/lessons/day', sub: w.sub });
    expect(anonymous.status).toBe(401);
    expect((await w.api(w.tokens.admin, 'GET', '/lessons/day?date=2026-02-30')).status).toBe(400);
  });
});
