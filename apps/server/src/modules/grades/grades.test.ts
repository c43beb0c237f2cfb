import { type GroupGrades, HistoryEvent, StudentStatus } from '@crm/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { gradeSettings, grades, historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { addStudentToGroupRow } from '../../seed/groups-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { nextPhone } from '../groups/groups-test-world.js';
import { atTashkent, clock, createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';

const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;
let studentToken: string;
const settings = {
  max_score: 5,
  aggregate_by_month: true,
  calculate_average: true,
  allow_past_dates: false,
  allow_non_teachers: false,
  rating_in_profile: 'none',
};

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  // The role student (who can log in) studies in the world's group too.
  await addStudentToGroupRow(database.db, w.company.id, w.group, w.company.users.student.id, {
    status: StudentStatus.active,
    createdDate: '2026-11-02',
  });
  studentToken = await loginAs(app, w.sub, w.company.users.student.phone);
});

beforeEach(async () => {
  atTashkent('2026-11-18', '09:30');
  // Each test starts from the defaults and no grades (a max-score change is what deletes them all).
  await inCompany(database.db, w.company.id, async (tx) => {
    await tx.delete(gradeSettings);
    await tx.delete(grades);
  });
});

const grade = (token: string, student: number, score: number | null, date = '2026-11-18', group = w.group) =>
  w.api(token, 'PUT', '/grade', { group_id: group, student_id: student, date, score });
const groupGrades = async (token: string, from = '2026-11-01', till = '2026-11-30') => {
  const res = await w.api(token, 'GET', `/group/${w.group}/grades/${from}/${till}`);
  expect(res.status).toBe(200);
  return res.body as GroupGrades;
};
const saveSettings = (token: string, changes: Record<string, unknown>) =>
  w.api(token, 'PUT', '/grade-settings', { ...settings, ...changes });

async function lastHistory(type: number) {
  const [row] = await inCompany(database.db, w.company.id, (tx) =>
    tx
      .select()
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, w.company.id), eq(historyEvents.type, type)))
      .orderBy(desc(historyEvents.id))
      .limit(1),
  );
  return row;
}

describe("the teacher's grades", () => {
  it("grades a student in today's lesson; the group's grades show it with its author, and history tells it", async () => {
    const res = await grade(w.tokens.teacher, w.pupils.s1, 4);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ group_id: w.group, student_id: w.pupils.s1, date: '2026-11-18', score: 4 });
    const answer = await groupGrades(w.tokens.teacher);
    expect(answer.max_score).toBe(5);
    expect(answer.policies).toEqual({ grade: true, past_dates: false });
    expect(answer.grades).toHaveLength(1);
    expect(answer.grades[0]).toMatchObject({ student_id: w.pupils.s1, date: '2026-11-18', score: 4 });
    expect(answer.grades[0]?.author?.id).toBe(w.teacherId);
    const event = await lastHistory(HistoryEvent.gradeGiven);
    expect(event?.data).toMatchObject({ student_id: w.pupils.s1, date: '2026-11-18', score: 4, previous_score: null });
  });

  it('changes a grade and takes it back', async () => {
    await grade(w.tokens.teacher, w.pupils.s2, 3);
    expect((await grade(w.tokens.teacher, w.pupils.s2, 5)).status).toBe(200);
    expect((await groupGrades(w.tokens.teacher)).grades.map((g) => g.score)).toEqual([5]);
    expect((await lastHistory(HistoryEvent.gradeGiven))?.data).toMatchObject({ score: 5, previous_score: 3 });
    expect((await grade(w.tokens.teacher, w.pupils.s2, null)).status).toBe(200);
    expect((await groupGrades(w.tokens.teacher)).grades).toEqual([]);
    expect((await lastHistory(HistoryEvent.gradeGiven))?.data).toMatchObject({ score: null, previous_score: 5 });
  });

  it('refuses a score above the max score, or below 1, naming the field', async () => {
    const above = await grade(w.tokens.teacher, w.pupils.s1, 6);
    expect(above.status).toBe(400);
    expect(above.body.error.details[0]).toMatchObject({ field: 'score', rule: 'too_big', limit: 5 });
    expect((await grade(w.tokens.teacher, w.pupils.s1, 0)).status).toBe(400);
    expect((await groupGrades(w.tokens.teacher)).grades).toEqual([]);
  });

  it('refuses a lesson that has not begun, and a day with no lesson', async () => {
    atTashkent('2026-11-18', '08:30');
    expect((await grade(w.tokens.teacher, w.pupils.s1, 5)).body.error.code).toBe('grade_lesson_not_started');
    atTashkent('2026-11-18', '09:30');
    expect((await grade(w.tokens.teacher, w.pupils.s1, 5, '2026-11-20')).body.error.code).toBe(
      'grade_lesson_not_started',
    );
    const tuesday = await grade(w.tokens.teacher, w.pupils.s1, 5, '2026-11-17');
    expect(tuesday.status).toBe(422);
    expect(tuesday.body.error.code).toBe('not_a_lesson_date');
  });

  it('grades an earlier lesson only when the settings allow past dates', async () => {
    const closed = await grade(w.tokens.teacher, w.pupils.s1, 5, '2026-11-16');
    expect(closed.status).toBe(422);
    expect(closed.body.error.code).toBe('grading_past_closed');
    expect((await saveSettings(w.tokens.admin, { allow_past_dates: true })).status).toBe(200);
    expect((await grade(w.tokens.teacher, w.pupils.s1, 5, '2026-11-16')).status).toBe(200);
    expect((await groupGrades(w.tokens.teacher)).policies.past_dates).toBe(true);
  });

  it('refuses a student who was not in the group that day', async () => {
    await saveSettings(w.tokens.admin, { allow_past_dates: true });
    const before = await grade(w.tokens.teacher, w.pupils.joined, 5, '2026-11-09');
    expect(before.status).toBe(400);
    expect(before.body.error.details[0]).toMatchObject({ field: 'student_id', rule: 'not_in_group' });
    const gone = await grade(w.tokens.teacher, w.pupils.left, 5, '2026-11-16');
    expect(gone.status).toBe(400);
    expect((await grade(w.tokens.teacher, w.pupils.joined, 5, '2026-11-11')).status).toBe(200);
  });

  it('refuses a cancelled lesson', async () => {
    await w.api(w.tokens.admin, 'POST', '/canceled-lesson', { group_id: w.group, date: '2026-11-18', reason: 'Flu' });
    try {
      const res = await grade(w.tokens.teacher, w.pupils.s1, 5);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('lesson_cancelled');
    } finally {
      await w.api(w.tokens.admin, 'DELETE', `/canceled-lesson/${w.group}/2026-11-18`);
    }
  });

  it("refuses a teacher who does not give the lesson (a substitute of another day), and another company's group", async () => {
    const substitute = await grade(w.substituteToken, w.pupils.s1, 5);
    expect(substitute.status).toBe(403);
    expect(substitute.body.error.code).toBe('not_your_group');
    const other = await createLessonsWorld(app, database.db);
    const foreign = await grade(w.tokens.admin, other.pupils.s1, 5, '2026-11-18', other.group);
    expect(foreign.status).toBe(404);
    expect((await groupGrades(w.tokens.admin)).grades).toEqual([]);
  });
});

describe('staff who do not teach the group', () => {
  it('grade only when the settings allow non-teachers (spec §6), and the answer says whether they may', async () => {
    expect((await groupGrades(w.tokens.admin)).policies.grade).toBe(false);
    const refused = await grade(w.tokens.admin, w.pupils.s1, 5);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('grading_teachers_only');
    await saveSettings(w.tokens.admin, { allow_non_teachers: true });
    expect((await groupGrades(w.tokens.admin)).policies.grade).toBe(true);
    expect((await grade(w.tokens.admin, w.pupils.s1, 5)).status).toBe(200);
  });

  it('a student may not grade at all', async () => {
    const res = await grade(studentToken, w.pupils.s1, 5);
    expect(res.status).toBe(403);
  });
});

describe('the grade settings', () => {
  it('start from the defaults, and only the admin set edits them', async () => {
    const res = await w.api(w.tokens.admin, 'GET', '/grade-settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...settings, grade_count: 0, policies: { edit: true } });
    expect((await w.api(w.tokens.teacher, 'GET', '/grade-settings')).status).toBe(403);
    expect((await saveSettings(w.tokens.teacher, { allow_past_dates: true })).status).toBe(403);
    expect((await saveSettings(w.tokens.limitedAdmin, { allow_past_dates: true })).status).toBe(200);
  });

  it('refuse a new max score until the deletion of the old grades is confirmed with their number (spec §5)', async () => {
    await grade(w.tokens.teacher, w.pupils.s1, 4);
    await grade(w.tokens.teacher, w.pupils.s2, 5);
    const unconfirmed = await saveSettings(w.tokens.admin, { max_score: 10 });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.error).toMatchObject({ code: 'grades_would_be_deleted', details: { count: 2 } });
    const stale = await saveSettings(w.tokens.admin, { max_score: 10, delete_grades: 1 });
    expect(stale.status).toBe(409);
    expect((await groupGrades(w.tokens.teacher)).grades).toHaveLength(2);

    const confirmed = await saveSettings(w.tokens.admin, { max_score: 10, delete_grades: 2 });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ max_score: 10, grade_count: 0 });
    expect((await groupGrades(w.tokens.teacher)).grades).toEqual([]);
    expect((await lastHistory(HistoryEvent.gradeSettingsChanged))?.data).toMatchObject({
      max_score: 10,
      previous_max_score: 5,
      deleted_grades: 2,
    });
    expect((await grade(w.tokens.teacher, w.pupils.s1, 9)).status).toBe(200);
  });

  it('keep the grades when the max score stays', async () => {
    await grade(w.tokens.teacher, w.pupils.s1, 4);
    expect((await saveSettings(w.tokens.admin, { calculate_average: false })).status).toBe(200);
    expect((await groupGrades(w.tokens.teacher)).grades).toHaveLength(1);
  });
});

describe("a student's grades", () => {
  beforeEach(async () => {
    await saveSettings(w.tokens.admin, { allow_past_dates: true });
    await grade(w.tokens.teacher, w.company.users.student.id, 5, '2026-11-02');
    await grade(w.tokens.teacher, w.company.users.student.id, 4, '2026-11-04');
    await grade(w.tokens.teacher, w.pupils.s1, 2, '2026-11-04');
  });

  it("the student sees his own grades only, in his group's grades and his own record", async () => {
    const inGroup = await groupGrades(studentToken);
    expect(inGroup.grades.map((g) => [g.student_id, g.score])).toEqual([
      [w.company.users.student.id, 5],
      [w.company.users.student.id, 4],
    ]);
    expect(inGroup.policies.grade).toBe(false);
    const own = await w.api(studentToken, 'GET', `/user/${w.company.users.student.id}/grades`);
    expect(own.status).toBe(200);
    expect(own.body.months).toEqual([{ group_id: w.group, month: '2026-11', count: 2, sum: 9, value: 4.5 }]);
    expect(own.body.grades.map((g: { date: string }) => g.date)).toEqual(['2026-11-04', '2026-11-02']);
    expect((await w.api(studentToken, 'GET', `/user/${w.pupils.s1}/grades`)).status).toBe(404);
  });

  it("his teacher and the branch's staff read it; the month's figure is the sum when the settings say so", async () => {
    const byTeacher = await w.api(w.tokens.teacher, 'GET', `/user/${w.pupils.s1}/grades`);
    expect(byTeacher.status).toBe(200);
    expect(byTeacher.body.grades).toHaveLength(1);
    await saveSettings(w.tokens.admin, { allow_past_dates: true, calculate_average: false });
    const byAdmin = await w.api(w.tokens.admin, 'GET', `/user/${w.company.users.student.id}/grades`);
    expect(byAdmin.body.months[0]).toMatchObject({ count: 2, sum: 9, value: 9 });
    expect(byAdmin.body.groups).toEqual([{ id: w.group, title: 'Morning English' }]);
  });

  it('a teacher reads nothing of a student outside his groups', async () => {
    const outsider = await createStudent(database.db, w.company.id, {
      name: 'Outside Student',
      phone: nextPhone(),
      branchIds: [w.main],
    });
    const res = await w.api(w.tokens.teacher, 'GET', `/user/${outsider}/grades`);
    expect(res.status).toBe(404);
  });

  it("the overview gives each group's figure per month over six months", async () => {
    const res = await w.api(w.tokens.admin, 'GET', `/grades/overview?branch_id=${w.main}&month=2026-12`);
    expect(res.status).toBe(200);
    expect(res.body.months).toEqual(['2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12']);
    expect(res.body.groups).toEqual([
      {
        id: w.group,
        title: 'Morning English',
        teacher: expect.any(String),
        values: [null, null, null, null, 3.7, null],
        count: 3,
      },
    ]);
    expect((await w.api(w.tokens.teacher, 'GET', `/grades/overview?branch_id=${w.main}`)).status).toBe(403);
  });
});
