import {
  type CourseLesson,
  type GroupLesson,
  type GroupLessons,
  HistoryEvent,
  type MyCourseGroup,
  Role,
  StudentStatus,
} from '@crm/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { gradeSettings, historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createUser } from '../../seed/factories.js';
import { addStudentToGroupRow } from '../../seed/groups-factories.js';
import { postFile } from '../courses/test-support.js';
import { nextPhone } from '../groups/groups-test-world.js';
import { atTashkent, clock, createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';

/**
 * Issue 19: the course's syllabus laid on the group's calendar (Mon/Wed/Fri from 2 November 2026), opened
 * to its students day by day, and homework handed in and reviewed. Today is Wednesday 18 November, 09:30.
 */
const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;
let student: string;
let lessons: number[];

const HELD_DATES = ['2026-11-02', '2026-11-04', '2026-11-06', '2026-11-09', '2026-11-11', '2026-11-13'];
const homework = (answer: 'text' | 'file' | 'any') => ({ instructions: 'Do exercise 1', due_days: 2, answer });

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  await addStudentToGroupRow(database.db, w.company.id, w.group, w.company.users.student.id, {
    status: StudentStatus.active,
    createdDate: '2026-11-02',
  });
  student = await loginAs(app, w.sub, w.company.users.student.phone);
  lessons = [];
  for (let k = 1; k <= 12; k++) {
    const body = { title: `Lesson ${k}`, homework: k === 1 ? homework('any') : k === 7 ? homework('text') : null };
    const res = await w.api(w.tokens.admin, 'POST', `/course/${w.english}/lessons`, body);
    lessons.push((res.body as CourseLesson).id);
  }
});
beforeEach(() => atTashkent('2026-11-18', '09:30'));

const groupLessons = async (token: string) => {
  const res = await w.api(token, 'GET', `/group/${w.group}/lessons`);
  expect(res.status).toBe(200);
  return res.body as GroupLessons;
};
const lessonOf = (token: string, lessonId: number) => w.api(token, 'GET', `/group/${w.group}/lesson/${lessonId}`);
const answer = (lessonId: number, text: string, token = student) =>
  w.api(token, 'PUT', `/group/${w.group}/lesson/${lessonId}/answer`, { text });
const review = (lessonId: number, studentId: number, body: unknown, token = w.tokens.teacher) =>
  w.api(token, 'PUT', `/group/${w.group}/lesson/${lessonId}/answer/${studentId}/review`, body);

describe('the syllabus on the group’s calendar', () => {
  it('gives the k-th lesson of the group the k-th lesson of the syllabus', async () => {
    const plan = await groupLessons(w.tokens.teacher);
    expect(plan.lessons.slice(0, 6).map((l) => [l.title, l.date])).toEqual(
      HELD_DATES.map((date, k) => [`Lesson ${k + 1}`, date]),
    );
    expect(plan.lessons.every((l) => l.opened || l.date! > '2026-11-18')).toBe(true);
    expect(plan.next_lesson).toMatchObject({ date: '2026-11-20', start_time: '09:00' });
    expect(plan.policies).toEqual({ add_lesson: true, change_opening: true, edit_syllabus: false, read_locked: true });
  });

  it('slots the group’s own lesson where the teacher puts it; others (and students) cannot add one', async () => {
    const res = await w.api(w.tokens.teacher, 'POST', `/group/${w.group}/lessons`, {
      title: 'Revision',
      after_lesson_id: lessons[1],
    });
    expect(res.status).toBe(200);
    const own = res.body as CourseLesson;
    const plan = await groupLessons(w.tokens.teacher);
    expect(plan.lessons.slice(1, 4).map((l) => [l.title, l.date, l.own])).toEqual([
      ['Lesson 2', '2026-11-04', false],
      ['Revision', '2026-11-06', true],
      ['Lesson 3', '2026-11-09', false],
    ]);
    expect(
      (await w.api(student, 'POST', `/group/${w.group}/lessons`, { title: 'X', after_lesson_id: null })).status,
    ).toBe(403);
    const bad = await w.api(w.tokens.teacher, 'POST', `/group/${w.group}/lessons`, {
      title: 'X',
      after_lesson_id: 999_999,
    });
    expect(bad.status).toBe(400);
    // The teacher edits and deletes his group's own lesson (not the course's).
    expect((await w.api(w.tokens.teacher, 'GET', `/course-lesson/${own.id}`)).status).toBe(200);
    expect((await w.api(w.tokens.teacher, 'GET', `/course-lesson/${lessons[0]}`)).status).toBe(404);
    expect((await w.api(w.tokens.teacher, 'PUT', `/course-lesson/${own.id}`, { title: 'Revision 1' })).status).toBe(
      200,
    );
    expect((await w.api(w.tokens.teacher, 'PUT', `/course-lesson/${lessons[0]}`, { title: 'Mine' })).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'DELETE', `/course-lesson/${own.id}`)).status).toBe(200);
    expect((await groupLessons(w.tokens.teacher)).lessons[2]!.title).toBe('Lesson 3');
  });

  it('is absent to a teacher of other groups and to a student of other groups', async () => {
    expect((await w.api(w.substituteToken, 'GET', `/group/${w.group}/lessons`)).status).toBe(404);
    const phone = nextPhone();
    await createUser(database.db, w.company.id, {
      name: 'Outsider',
      phone,
      branchIds: [w.main],
      roles: [Role.student],
    });
    const outsider = await loginAs(app, w.sub, phone);
    expect((await w.api(outsider, 'GET', `/group/${w.group}/lessons`)).status).toBe(404);
    expect((await lessonOf(outsider, lessons[0]!)).status).toBe(404);
  });
});

describe('opening lessons to students', () => {
  it('opens each lesson on its day, or all at once when the group says so', async () => {
    const plan = await groupLessons(student);
    expect(plan.progress).toEqual({ opened: 8, total: 12 });
    expect(plan.policies).toEqual({
      add_lesson: false,
      change_opening: false,
      edit_syllabus: false,
      read_locked: false,
    });
    const locked = await lessonOf(student, lessons[8]!);
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe('lesson_not_opened');
    expect((await lessonOf(w.tokens.teacher, lessons[8]!)).status).toBe(200);

    expect((await w.api(student, 'PUT', `/group/${w.group}/lesson-opening`, { open_all: true })).status).toBe(403);
    const opened = await w.api(w.tokens.teacher, 'PUT', `/group/${w.group}/lesson-opening`, { open_all: true });
    expect(opened.status).toBe(200);
    expect((await lessonOf(student, lessons[8]!)).status).toBe(200);
    await w.api(w.tokens.teacher, 'PUT', `/group/${w.group}/lesson-opening`, { open_all: false });
    expect((await lessonOf(student, lessons[8]!)).status).toBe(403);
  });
});

describe('homework', () => {
  it('takes the student’s answer, late after its due day, in the kind the homework asks for', async () => {
    const late = await answer(lessons[0]!, 'Exercise 1 done');
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ text: 'Exercise 1 done', late: true, score: null, reviewed_at: null });
    const onTime = await answer(lessons[6]!, 'On time');
    expect(onTime.body.late).toBe(false);
    const file = await postFile(
      app,
      { url: `/group/${w.group}/lesson/${lessons[6]}/answer/file`, sub: w.sub, token: student },
      'answer.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4'),
    );
    expect(file.body.error.code).toBe('homework_text_only');
    expect((await answer(lessons[1]!, 'x')).body.error.code).toBe('no_homework');
    expect((await answer(lessons[0]!, 'x', w.tokens.teacher)).body.error.code).toBe('not_a_student_of_group');
    expect((await answer(lessons[8]!, 'x')).body.error.code).toBe('lesson_not_opened');
  });

  it('keeps a file answer, read back through its signed link', async () => {
    const res = await postFile(
      app,
      { url: `/group/${w.group}/lesson/${lessons[0]}/answer/file`, sub: w.sub, token: student },
      'essay.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4 essay'),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ text: 'Exercise 1 done', file: { name: 'essay.pdf', size: 14 } });
    const bytes = await app.inject({
      method: 'GET',
      url: `/api/v1${res.body.file.url}`,
      headers: { host: `${w.sub}.localhost` },
    });
    expect(bytes.body).toBe('%PDF-1.4 essay');
  });

  it('is reviewed by the group’s teacher with a score on the company’s scale and a comment, then closed', async () => {
    const me = w.company.users.student.id;
    const list = (await lessonOf(w.tokens.teacher, lessons[0]!)).body as GroupLesson;
    expect(list.policies.review).toBe(true);
    expect(list.answers!.find((row) => row.student_id === me)?.answer?.text).toBe('Exercise 1 done');
    expect(list.answers!.filter((row) => row.answer === null).length).toBeGreaterThan(0);

    const byAdmin = await review(lessons[0]!, me, { score: 4, comment: 'Good' }, w.tokens.admin);
    expect(byAdmin.body.error.code).toBe('grading_teachers_only');
    expect((await review(lessons[0]!, me, { score: 6, comment: '' })).status).toBe(400);
    expect((await review(lessons[0]!, w.pupils.s1, { score: 3 })).body.error.code).toBe('homework_not_handed_in');
    const done = await review(lessons[0]!, me, { score: 4, comment: 'Good, mind the spelling' });
    expect(done.status).toBe(200);

    const mine = (await lessonOf(student, lessons[0]!)).body as GroupLesson;
    expect(mine.my_answer).toMatchObject({
      score: 4,
      comment: 'Good, mind the spelling',
      reviewer_name: expect.any(String),
    });
    expect(mine.answers).toBeNull();
    expect((await answer(lessons[0]!, 'Changed')).body.error.code).toBe('homework_reviewed');
    const events = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select({ type: historyEvents.type, data: historyEvents.data })
        .from(historyEvents)
        .where(eq(historyEvents.entityId, w.group)),
    );
    expect(events.some((e) => e.type === HistoryEvent.homeworkHandedIn)).toBe(true);
    expect(events.find((e) => e.type === HistoryEvent.homeworkReviewed)?.data).toMatchObject({ score: 4 });
  });

  it('reads a score given on an old max score as unscored (spec §5)', async () => {
    await w.api(w.tokens.admin, 'PUT', '/grade-settings', {
      max_score: 10,
      aggregate_by_month: true,
      calculate_average: true,
      allow_past_dates: false,
      allow_non_teachers: false,
      rating_in_profile: 'none',
    });
    const mine = (await lessonOf(student, lessons[0]!)).body as GroupLesson;
    expect(mine.my_answer?.score).toBeNull();
    await inCompany(database.db, w.company.id, (tx) => tx.delete(gradeSettings));
    expect(((await lessonOf(student, lessons[0]!)).body as GroupLesson).my_answer?.score).toBe(4);
  });
});

describe('the student’s course lessons', () => {
  it('shows his group’s progress, next lesson and the homework he still owes', async () => {
    const res = await w.api(student, 'GET', '/course-lessons/mine');
    expect(res.status).toBe(200);
    const group = (res.body.data as MyCourseGroup[]).find((g) => g.group_id === w.group)!;
    expect(group.progress).toEqual({ opened: 8, total: 12 });
    expect(group.next_lesson).toMatchObject({ date: '2026-11-20', start_time: '09:00', room_name: expect.any(String) });
    expect(group.homework_due).toEqual([]); // both opened homeworks are handed in
  });
});

describe('cancelled and moved lessons', () => {
  it('shift the syllabus: a cancelled lesson passes its syllabus lesson on, a moved one takes it along', async () => {
    const cancel = await w.api(w.tokens.admin, 'POST', '/canceled-lesson', {
      group_id: w.group,
      date: '2026-11-09',
      reason: 'Holiday trip',
    });
    expect(cancel.status).toBe(200);
    const move = await w.api(w.tokens.admin, 'POST', '/lesson/transfer', {
      group_id: w.group,
      date: '2026-11-13',
      to_date: '2026-11-14',
      start_time: '11:00',
      end_time: '12:30',
    });
    expect(move.status).toBe(200);
    const plan = await groupLessons(w.tokens.teacher);
    expect(plan.lessons.slice(0, 7).map((l) => l.date)).toEqual([
      '2026-11-02',
      '2026-11-04',
      '2026-11-06',
      '2026-11-11',
      '2026-11-14',
      '2026-11-16',
      '2026-11-18',
    ]);
  });
});
