import { HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, openTestApp } from '../../../test/helpers.js';
import { historyEvents, lessons } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { atTashkent, clock, createLessonsWorld, type LessonsWorld } from './lessons-test-world.js';

const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
});
beforeEach(async () => {
  atTashkent('2026-11-18', '09:30');
  await w.setDatas({ teacher_attendance_only_during_lesson: false });
});

const mark = (token: string, body: Record<string, unknown>) => w.api(token, 'POST', '/attendance', body);
const present = (student: number, date = '2026-11-18') => ({ student_id: student, group_id: w.group, date, status: 1 });

describe('the attendance grid', () => {
  it("lists the month's Monday, Wednesday and Friday lessons and the students of the month", async () => {
    const grid = await w.grid(w.tokens.admin);
    expect(grid.lessons.map((l) => l.date)).toEqual(
      ['02', '04', '06', '09', '11', '13', '16', '18', '20', '23', '25', '27', '30'].map((d) => `2026-11-${d}`),
    );
    expect(grid.lessons[0]).toMatchObject({ start_time: '09:00', end_time: '10:30', state: 'held', moved: false });
    expect(grid.lessons[0]?.room?.name).toBe('Room A');
    expect(grid.students).toHaveLength(5);
    expect(grid.students.find((s) => s.id === w.pupils.left)).toMatchObject({ left_date: '2026-11-13' });
    expect(grid).toMatchObject({ today: '2026-11-18', now: '09:30', can_change_lessons: true });
  });

  it('shows a student who left before the period no more', async () => {
    const grid = await w.grid(w.tokens.admin, '2026-12-01', '2026-12-31');
    expect(grid.students.map((s) => s.id)).not.toContain(w.pupils.left);
  });

  it('refuses a period longer than three months or ending before it starts', async () => {
    const long = await w.api(w.tokens.admin, 'GET', `/group/${w.group}/attendance/2026-01-01/2026-12-31`);
    expect(long.status).toBe(400);
    expect(long.body.error.details[0]).toMatchObject({ field: 'till', rule: 'too_big' });
    const backwards = await w.api(w.tokens.admin, 'GET', `/group/${w.group}/attendance/2026-11-30/2026-11-01`);
    expect(backwards.status).toBe(400);
  });

  it("hides another teacher's group from a teacher (404)", async () => {
    const other = await createGroupRow(database.db, w.company.id, {
      branchId: w.main,
      courseId: w.math,
      teacherId: w.teachers.b,
      dayType: 'even',
      startTime: '15:00',
      endTime: '16:00',
      startDate: '2026-11-01',
    });
    const res = await w.api(w.tokens.teacher, 'GET', `/group/${other}/attendance/2026-11-01/2026-11-30`);
    expect(res.status).toBe(404);
  });
});

describe('marking attendance', () => {
  it('marks a student present, shows it in the grid and writes "attendance marked" to the history', async () => {
    const res = await mark(w.tokens.teacher, present(w.pupils.s1));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(present(w.pupils.s1));
    const grid = await w.grid(w.tokens.teacher);
    expect(grid.students.find((s) => s.id === w.pupils.s1)?.marks).toMatchObject({ '2026-11-18': 1 });
    const events = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.entityId, w.group), eq(historyEvents.type, HistoryEvent.attendanceMarked))),
    );
    expect(events.some((e) => (e.data as { student_id?: number }).student_id === w.pupils.s1)).toBe(true);
  });

  it('changes a mark to absent and clears it back to not marked', async () => {
    await mark(w.tokens.admin, { ...present(w.pupils.s2, '2026-11-16'), status: 0 });
    let grid = await w.grid(w.tokens.admin);
    expect(grid.students.find((s) => s.id === w.pupils.s2)?.marks['2026-11-16']).toBe(0);
    const url = `/attendance/${w.pupils.s2}/${w.group}/2026-11-16/delete`;
    expect((await w.api(w.tokens.admin, 'DELETE', url)).status).toBe(200);
    grid = await w.grid(w.tokens.admin);
    expect(grid.students.find((s) => s.id === w.pupils.s2)?.marks['2026-11-16']).toBeUndefined();
    expect((await w.api(w.tokens.admin, 'DELETE', url)).status).toBe(404);
  });

  it('marks the whole lesson present at once, only the students in the group that day', async () => {
    const res = await w.api(w.tokens.admin, 'POST', '/attendance/lesson', {
      group_id: w.group,
      date: '2026-11-09',
      status: 1,
    });
    expect(res.status).toBe(200);
    // Three from the start and the one who left on the 13th; the one who joined on the 11th was not there yet.
    expect(res.body.marked).toBe(4);
    const grid = await w.grid(w.tokens.admin);
    expect(grid.students.find((s) => s.id === w.pupils.joined)?.marks['2026-11-09']).toBeUndefined();
  });

  it('refuses a date that is not a lesson of the group', async () => {
    const res = await mark(w.tokens.admin, present(w.pupils.s1, '2026-11-17'));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('not_a_lesson_date');
  });

  it('refuses a lesson that has not begun yet', async () => {
    const later = await mark(w.tokens.admin, present(w.pupils.s1, '2026-11-20'));
    expect(later.body.error.code).toBe('lesson_not_started');
    atTashkent('2026-11-18', '08:55');
    const early = await mark(w.tokens.admin, present(w.pupils.s1));
    expect(early.status).toBe(422);
    expect(early.body.error.code).toBe('lesson_not_started');
  });

  it('refuses a student who was not in the group that day, or never was', async () => {
    const before = await mark(w.tokens.admin, present(w.pupils.joined, '2026-11-09'));
    expect(before.status).toBe(422);
    expect(before.body.error.code).toBe('student_not_in_group_on_date');
    const after = await mark(w.tokens.admin, present(w.pupils.left, '2026-11-16'));
    expect(after.body.error.code).toBe('student_not_in_group_on_date');
    expect((await mark(w.tokens.admin, present(w.pupils.left, '2026-11-13'))).status).toBe(200);
    const stranger = await mark(w.tokens.admin, present(w.students[4]! + 10_000));
    expect(stranger.body.error.code).toBe('student_not_in_group');
    const bulk = await w.api(w.tokens.admin, 'POST', '/attendance/lesson', {
      group_id: w.group,
      date: '2026-11-09',
      status: 1,
      student_ids: [w.pupils.joined],
    });
    expect(bulk.body.error.code).toBe('student_not_in_group_on_date');
  });

  it('refuses a teacher marking a lesson of a group he does not teach', async () => {
    const other = await createGroupRow(database.db, w.company.id, {
      branchId: w.main,
      courseId: w.math,
      teacherId: w.teachers.a,
      dayType: 'odd',
      startTime: '11:00',
      endTime: '12:00',
      startDate: '2026-11-02',
    });
    const res = await w.api(w.tokens.teacher, 'POST', '/attendance', {
      student_id: w.pupils.s1,
      group_id: other,
      date: '2026-11-16',
      status: 1,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('not_your_group');
  });

  it('refuses a cancelled lesson', async () => {
    await inCompany(database.db, w.company.id, (tx) =>
      tx.insert(lessons).values({
        companyId: w.company.id,
        groupId: w.group,
        scheduledDate: '2026-11-06',
        cancelledAt: new Date(),
        cancelReason: 'Teacher ill',
      }),
    );
    const res = await mark(w.tokens.admin, present(w.pupils.s1, '2026-11-06'));
    expect(res.body.error.code).toBe('lesson_cancelled');
  });

  it("answers 404 for another company's group", async () => {
    const other = await createLessonsWorld(app, database.db);
    const res = await other.api(other.tokens.owner, 'POST', '/attendance', present(w.pupils.s1));
    expect(res.status).toBe(404);
  });

  it('refuses a student and an anonymous caller', async () => {
    expect((await mark(w.tokens.student, present(w.pupils.s1))).status).toBe(403);
    expect((await w.api('', 'POST', '/attendance', present(w.pupils.s1))).status).toBe(401);
  });
});

describe('"Teacher may mark attendance only during the lesson" (company setting)', () => {
  it('with the setting off, a teacher marks a past lesson of his', async () => {
    atTashkent('2026-11-18', '18:00');
    expect((await mark(w.tokens.teacher, present(w.pupils.s3, '2026-11-16'))).status).toBe(200);
  });

  it('with the setting on, a teacher marks only during the lesson, in the company time zone', async () => {
    await w.setDatas({ teacher_attendance_only_during_lesson: true });
    atTashkent('2026-11-18', '10:15');
    expect((await mark(w.tokens.teacher, present(w.pupils.s3))).status).toBe(200);
    expect((await w.grid(w.tokens.teacher)).only_during_lesson).toBe(true);

    const pastLesson = await mark(w.tokens.teacher, present(w.pupils.s3, '2026-11-16'));
    expect(pastLesson.status).toBe(403);
    expect(pastLesson.body.error.code).toBe('attendance_outside_lesson');
    expect(pastLesson.body.error.message).toBe('A teacher may mark attendance only during the lesson.');

    // 10:45 in Tashkent is 05:45 UTC: the lesson (09:00–10:30) is over there.
    atTashkent('2026-11-18', '10:45');
    const after = await mark(w.tokens.teacher, present(w.pupils.s3));
    expect(after.body.error.code).toBe('attendance_outside_lesson');
    const unmark = await w.api(w.tokens.teacher, 'DELETE', `/attendance/${w.pupils.s3}/${w.group}/2026-11-18/delete`);
    expect(unmark.body.error.code).toBe('attendance_outside_lesson');
  });

  it('stores a mark resent with its Idempotency-Key once, and refuses it again after the lesson (issue 24)', async () => {
    // The teacher's app queued the mark offline; it resends it until an answer arrives.
    const resend = (key: string) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/attendance',
        sub: w.sub,
        token: w.tokens.teacher,
        body: present(w.pupils.s2, '2026-11-20'),
        headers: { 'idempotency-key': key },
      });
    atTashkent('2026-11-20', '09:40');
    const historyCount = async () =>
      (
        await inCompany(database.db, w.company.id, (tx) =>
          tx
            .select()
            .from(historyEvents)
            .where(and(eq(historyEvents.entityId, w.group), eq(historyEvents.type, HistoryEvent.attendanceMarked))),
        )
      ).filter((e) => (e.data as { date?: string }).date === '2026-11-20').length;
    const before = await historyCount();
    expect((await resend('mark-s2-2026-11-20')).status).toBe(200);
    expect((await resend('mark-s2-2026-11-20')).status).toBe(200);
    expect(await historyCount()).toBe(before + 1);
    // Synced after the lesson: the only-during-lesson rule refuses it, whatever key it carries.
    await w.setDatas({ teacher_attendance_only_during_lesson: true });
    atTashkent('2026-11-20', '12:00');
    const late = await resend('mark-s2-late');
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe('attendance_outside_lesson');
  });

  it('does not limit staff', async () => {
    await w.setDatas({ teacher_attendance_only_during_lesson: true });
    atTashkent('2026-11-18', '20:00');
    expect((await mark(w.tokens.admin, present(w.pupils.s2, '2026-11-16'))).status).toBe(200);
    expect((await w.grid(w.tokens.admin)).only_during_lesson).toBe(false);
  });
});
