import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { groups, holidays } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { atTashkent, clock, createLessonsWorld, type LessonsWorld } from './lessons-test-world.js';

const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
});
beforeEach(() => atTashkent('2026-11-18', '09:30'));

const lessonOf = async (date: string, token = w.tokens.admin) =>
  (await w.grid(token)).lessons.find((l) => l.date === date);

describe('cancelling a lesson', () => {
  it('keeps the lesson visible as cancelled with its reason, and restores it', async () => {
    const res = await w.api(w.tokens.admin, 'POST', '/canceled-lesson', {
      group_id: w.group,
      date: '2026-11-23',
      reason: 'Teacher at a conference',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      date: '2026-11-23',
      state: 'cancelled',
      cancel_reason: 'Teacher at a conference',
    });
    expect(await lessonOf('2026-11-23')).toMatchObject({ state: 'cancelled' });

    const restored = await w.api(w.tokens.admin, 'DELETE', `/canceled-lesson/${w.group}/2026-11-23`);
    expect(restored.status).toBe(200);
    expect((await lessonOf('2026-11-23'))?.state).toBe('held');
  });

  it('refuses a teacher (staff work), a day without a lesson and an empty reason', async () => {
    const body = { group_id: w.group, date: '2026-11-25', reason: 'Ill' };
    const teacher = await w.api(w.tokens.teacher, 'POST', '/canceled-lesson', body);
    expect(teacher.status).toBe(403);
    const tuesday = await w.api(w.tokens.admin, 'POST', '/canceled-lesson', { ...body, date: '2026-11-24' });
    expect(tuesday.body.error.code).toBe('not_a_lesson_date');
    const empty = await w.api(w.tokens.admin, 'POST', '/canceled-lesson', { ...body, reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0].field).toBe('reason');
  });
});

describe('moving a lesson', () => {
  it('shows the lesson once, on its new day and time, and takes its marks along', async () => {
    atTashkent('2026-11-20', '09:30');
    await w.api(w.tokens.admin, 'POST', '/attendance', {
      student_id: w.pupils.s1,
      group_id: w.group,
      date: '2026-11-20',
      status: 1,
    });
    const res = await w.api(w.tokens.admin, 'POST', '/lesson/transfer', {
      group_id: w.group,
      date: '2026-11-20',
      to_date: '2026-11-21',
      start_time: '11:00',
      end_time: '12:30',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      date: '2026-11-21',
      scheduled_date: '2026-11-20',
      moved: true,
      start_time: '11:00',
    });
    const grid = await w.grid(w.tokens.admin);
    expect(grid.lessons.filter((l) => l.scheduled_date === '2026-11-20')).toHaveLength(1);
    expect(grid.lessons.map((l) => l.date)).not.toContain('2026-11-20');
    expect(grid.lessons).toHaveLength(13);
    expect(grid.students.find((s) => s.id === w.pupils.s1)?.marks).toMatchObject({ '2026-11-21': 1 });
    expect(grid.students.find((s) => s.id === w.pupils.s1)?.marks['2026-11-20']).toBeUndefined();
  });

  it('refuses a day outside the group dates, a holiday and a day the group already has a lesson', async () => {
    const move = (to_date: string) =>
      w.api(w.tokens.admin, 'POST', '/lesson/transfer', {
        group_id: w.group,
        date: '2026-11-25',
        to_date,
        start_time: '09:00',
        end_time: '10:30',
      });
    expect((await move('2026-10-30')).body.error.code).toBe('outside_group_dates');
    await inCompany(database.db, w.company.id, (tx) =>
      tx.insert(holidays).values({ companyId: w.company.id, name: 'Constitution Day', date: '2026-12-08' }),
    );
    expect((await move('2026-12-08')).body.error.code).toBe('lesson_on_holiday');
    expect((await move('2026-11-27')).body.error.code).toBe('lesson_day_taken');
  });

  it('refuses a move into a time when the room or the teacher is occupied, naming the group', async () => {
    // A Tue-Thu-Sat group in room B at 15:00–16:30 with teacher B.
    const busy = await createGroupRow(database.db, w.company.id, {
      branchId: w.main,
      courseId: w.math,
      teacherId: w.teachers.b,
      roomId: w.rooms.b,
      dayType: 'even',
      startTime: '15:00',
      endTime: '16:30',
      startDate: '2026-11-01',
      name: 'Afternoon Math',
    });
    const move = (room_id: number | null, start_time = '15:30') =>
      w.api(w.tokens.admin, 'POST', '/lesson/transfer', {
        group_id: w.group,
        date: '2026-11-27',
        to_date: '2026-11-28',
        start_time,
        end_time: '17:00',
        room_id,
      });
    const room = await move(w.rooms.b);
    expect(room.status).toBe(409);
    expect(room.body.error.code).toBe('schedule_conflict');
    expect(room.body.error.details.conflicts).toEqual([
      expect.objectContaining({ group_id: busy, title: 'Afternoon Math', reasons: ['room'] }),
    ]);
    // Same time in a free room: fine, but once that group's Saturday lesson is cancelled room B is free too.
    await w.api(w.tokens.admin, 'POST', '/canceled-lesson', { group_id: busy, date: '2026-11-28', reason: 'Trip' });
    expect((await move(w.rooms.b)).status).toBe(200);
  });

  it('sees a lesson of another group moved into the slot, and a teacher busy elsewhere', async () => {
    const other = await createGroupRow(database.db, w.company.id, {
      branchId: w.main,
      courseId: w.math,
      teacherId: w.teachers.a,
      roomId: w.rooms.small,
      dayType: 'odd',
      startTime: '18:00',
      endTime: '19:00',
      startDate: '2026-11-02',
      name: 'Evening Math',
    });
    // Evening Math's Monday lesson moves to Tuesday 1 Dec 12:00 in room A.
    const first = await w.api(w.tokens.admin, 'POST', '/lesson/transfer', {
      group_id: other,
      date: '2026-11-30',
      to_date: '2026-12-01',
      start_time: '12:00',
      end_time: '13:00',
      room_id: w.rooms.a,
    });
    expect(first.status).toBe(200);
    const clash = await w.api(w.tokens.admin, 'POST', '/lesson/transfer', {
      group_id: w.group,
      date: '2026-12-02',
      to_date: '2026-12-01',
      start_time: '12:30',
      end_time: '14:00',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.details.conflicts[0]).toMatchObject({ group_id: other, reasons: ['room'] });
  });

  it('refuses a teacher', async () => {
    const res = await w.api(w.tokens.teacher, 'POST', '/lesson/transfer', {
      group_id: w.group,
      date: '2026-12-04',
      to_date: '2026-12-05',
      start_time: '09:00',
      end_time: '10:30',
    });
    expect(res.status).toBe(403);
  });
});

describe('the lesson theme', () => {
  it('is set by the teacher of the lesson and shown in the grid', async () => {
    const res = await w.api(w.tokens.teacher, 'POST', '/lesson-entity', {
      group_id: w.group,
      date: '2026-11-16',
      theme: 'Present Perfect',
    });
    expect(res.status).toBe(200);
    expect((await lessonOf('2026-11-16', w.tokens.teacher))?.theme).toBe('Present Perfect');
  });

  it("is refused to a teacher for another teacher's lesson", async () => {
    const res = await w.api(w.substituteToken, 'POST', '/lesson-entity', {
      group_id: w.group,
      date: '2026-11-16',
      theme: 'Hijack',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('not_your_group');
  });
});

describe('replacing the teacher', () => {
  it('for one lesson: the substitute gives (and marks) it, the regular teacher keeps the rest', async () => {
    const res = await w.api(w.tokens.admin, 'PUT', `/group/${w.group}/teacher/change`, {
      teacher_id: w.substitute,
      date: '2026-11-18',
      scope: 'lesson',
    });
    expect(res.status).toBe(200);
    const grid = await w.grid(w.tokens.admin);
    expect(grid.lessons.find((l) => l.date === '2026-11-18')?.teacher).toEqual({
      id: w.substitute,
      name: 'Sardor Substitute',
    });
    expect(grid.lessons.find((l) => l.date === '2026-11-16')?.teacher.id).toBe(w.teacherId);
    const marked = await w.api(w.substituteToken, 'POST', '/attendance', {
      student_id: w.pupils.s2,
      group_id: w.group,
      date: '2026-11-18',
      status: 1,
    });
    expect(marked.status).toBe(200);
    const regular = await w.api(w.tokens.teacher, 'POST', '/attendance', {
      student_id: w.pupils.s2,
      group_id: w.group,
      date: '2026-11-18',
      status: 0,
    });
    expect(regular.body.error.code).toBe('not_your_group');
  });

  it('from a date on: earlier lessons keep the old teacher, the group gets the new one', async () => {
    const group = await createGroupRow(database.db, w.company.id, {
      branchId: w.main,
      courseId: w.math,
      teacherId: w.teachers.a,
      dayType: 'weekend',
      startTime: '14:00',
      endTime: '15:00',
      startDate: '2026-11-01',
    });
    const res = await w.api(w.tokens.admin, 'PUT', `/group/${group}/teacher/change`, {
      teacher_id: w.teachers.b,
      date: '2026-11-21',
      scope: 'from_date',
    });
    expect(res.status).toBe(200);
    const grid = await w.grid(w.tokens.admin, '2026-11-01', '2026-11-30', group);
    const teacherOn = (date: string) => grid.lessons.find((l) => l.date === date)?.teacher.id;
    expect(teacherOn('2026-11-15')).toBe(w.teachers.a);
    expect(teacherOn('2026-11-21')).toBe(w.teachers.b);
    expect(teacherOn('2026-11-29')).toBe(w.teachers.b);
    const [row] = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select({ teacherId: groups.teacherId })
        .from(groups)
        .where(and(eq(groups.id, group))),
    );
    expect(row?.teacherId).toBe(w.teachers.b);
  });

  it('refuses a teacher who is busy then, one of another branch, and a teacher as the caller', async () => {
    const body = { teacher_id: w.teachers.a, date: '2026-12-07', scope: 'lesson' };
    // Teacher A already gives a Monday 09:00 lesson in this world? Give him one.
    await createGroupRow(database.db, w.company.id, {
      branchId: w.main,
      courseId: w.math,
      teacherId: w.teachers.a,
      dayType: 'odd',
      startTime: '09:30',
      endTime: '10:00',
      startDate: '2026-12-01',
    });
    const busy = await w.api(w.tokens.admin, 'PUT', `/group/${w.group}/teacher/change`, body);
    expect(busy.status).toBe(409);
    expect(busy.body.error.details.conflicts[0].reasons).toEqual(['teacher']);
    const north = await w.api(w.tokens.admin, 'PUT', `/group/${w.group}/teacher/change`, {
      ...body,
      teacher_id: w.teachers.north,
    });
    expect(north.body.error.code).toBe('not_a_teacher');
    const asTeacher = await w.api(w.tokens.teacher, 'PUT', `/group/${w.group}/teacher/change`, {
      ...body,
      teacher_id: w.substitute,
    });
    expect(asTeacher.status).toBe(403);
  });
});
