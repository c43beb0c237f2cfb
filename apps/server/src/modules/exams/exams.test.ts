import {
  type Attempt,
  type AttemptAnswer,
  type Exam,
  type ExamPage,
  HistoryEvent,
  type Question,
  type Roadmap,
  StudentStatus,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { addStudentToGroupRow } from '../../seed/groups-factories.js';
import { atTashkent, clock, createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';

/** Issue 19's exams: the question bank, online exams closed by the server at their deadline, offline balls, the roadmap. */
const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;
let student: string;
let bank: Question[];

const QUESTIONS = [
  { kind: 'single', text: '2 + 2 = ?', options: ['3', '4', '5'], correct: [1] },
  { kind: 'multiple', text: 'Colours?', options: ['red', 'dog', 'blue'], correct: [0, 2], points: 2 },
  { kind: 'short', text: 'The capital of Uzbekistan?', accepted: ['Tashkent', 'Toshkent'] },
  { kind: 'ordering', text: 'Put in order', options: ['one', 'two', 'three'] },
];
/** The right answer to each question of the bank above, by its index there. */
const RIGHT: AttemptAnswer[] = [
  { kind: 'single', option: 1 },
  { kind: 'multiple', options: [2, 0] },
  { kind: 'short', text: '  toshkent ' },
  { kind: 'ordering', order: [0, 1, 2] },
];

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  await addStudentToGroupRow(database.db, w.company.id, w.group, w.company.users.student.id, {
    status: StudentStatus.active,
    createdDate: '2026-11-02',
  });
  student = await loginAs(app, w.sub, w.company.users.student.phone);
  bank = [];
  for (const question of QUESTIONS) {
    const res = await w.api(w.tokens.admin, 'POST', `/course/${w.english}/questions`, question);
    expect(res.status).toBe(200);
    bank.push(res.body as Question);
  }
});
beforeEach(() => atTashkent('2026-11-18', '09:30'));

const exam = (path = '', method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: unknown, token = student) =>
  w.api(token, method, `/group/${w.group}/exam${path}`, body);
const addExam = async (body: Record<string, unknown>) => {
  const res = await w.api(w.tokens.teacher, 'POST', `/group/${w.group}/exams`, body);
  expect(res.status).toBe(200);
  return res.body as Exam;
};
const rightAnswer = (questionId: number) => RIGHT[bank.findIndex((q) => q.id === questionId)]!;

describe('the question bank', () => {
  it('keeps each kind of question with its right answer; refuses a broken one and a teacher', async () => {
    expect(bank.map((q) => q.kind)).toEqual(['single', 'multiple', 'short', 'ordering']);
    const twoRight = await w.api(w.tokens.admin, 'POST', `/course/${w.english}/questions`, {
      kind: 'single',
      text: 'x',
      options: ['a', 'b'],
      correct: [0, 1],
    });
    expect(twoRight.status).toBe(400);
    expect(twoRight.body.error.details[0].field).toBe('correct');
    const teacher = await w.api(w.tokens.teacher, 'POST', `/course/${w.english}/questions`, QUESTIONS[0]);
    expect(teacher.status).toBe(403);
  });
});

describe('an online exam', () => {
  it('draws the student’s questions shuffled, never showing the answers, and grades them on submission', async () => {
    const online = await addExam({ title: 'Module 1 test', kind: 'online', date: '2026-11-18', duration_minutes: 30 });
    expect(online).toMatchObject({ state: 'due', duration_minutes: 30, bank_size: 4, results: { done: 0, of: 5 } });
    const started = await exam(`/${online.id}/start`, 'POST');
    expect(started.status).toBe(200);
    const attempt = started.body as Attempt;
    expect(JSON.stringify(attempt)).not.toMatch(/correct|accepted/);
    expect(attempt.questions.map((q) => q.id).sort()).toEqual(bank.map((q) => q.id).sort());
    expect(new Date(attempt.deadline_at).getTime() - new Date(attempt.started_at).getTime()).toBe(30 * 60_000);
    // Starting again (a reload) gives the same attempt.
    expect(((await exam(`/${online.id}/start`, 'POST')).body as Attempt).questions).toEqual(attempt.questions);

    for (const question of attempt.questions) {
      const saved = await exam(`/${online.id}/answer`, 'PUT', {
        question_id: question.id,
        answer: rightAnswer(question.id),
      });
      expect(saved.status).toBe(200);
    }
    const wrongKind = await exam(`/${online.id}/answer`, 'PUT', {
      question_id: bank[0]!.id,
      answer: { kind: 'short', text: '4' },
    });
    expect(wrongKind.status).toBe(400);
    const done = await exam(`/${online.id}/submit`, 'POST');
    expect(done.body).toMatchObject({ ball: 10, points: 5, max_points: 5 });
    expect((await exam(`/${online.id}/submit`, 'POST')).body.error.code).toBe('exam_submitted');
    const [event] = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.type, HistoryEvent.examSubmitted), eq(historyEvents.entityId, w.group))),
    );
    expect(event?.data).toMatchObject({ ball: 10, at_deadline: false });
    const list = await w.api(student, 'GET', `/group/${w.group}/exams`);
    expect(list.body.data.find((e: Exam) => e.id === online.id).my_ball).toBe(10);
  });

  it('is closed by the server at its deadline with the answers saved by then; later writes are refused', async () => {
    const timed = await addExam({
      title: 'Quiz',
      kind: 'online',
      date: '2026-11-18',
      duration_minutes: 30,
      question_count: 2,
    });
    const attempt = (await exam(`/${timed.id}/start`, 'POST')).body as Attempt;
    expect(attempt.questions).toHaveLength(2);
    const first = attempt.questions[0]!;
    await exam(`/${timed.id}/answer`, 'PUT', { question_id: first.id, answer: rightAnswer(first.id) });
    atTashkent('2026-11-18', '10:01');
    const late = await exam(`/${timed.id}/answer`, 'PUT', {
      question_id: attempt.questions[1]!.id,
      answer: rightAnswer(attempt.questions[1]!.id),
    });
    expect(late.status).toBe(422);
    expect(late.body.error.code).toBe('exam_time_over');
    const page = (await exam(`/${timed.id}`)).body as ExamPage;
    expect(page.attempt?.submitted_at).toBe(attempt.deadline_at);
    const firstPoints = bank.find((q) => q.id === first.id)!.points;
    const allPoints = attempt.questions.reduce((sum, q) => sum + q.points, 0);
    expect(page.attempt).toMatchObject({ points: firstPoints, max_points: allPoints });
    expect((await exam(`/${timed.id}/submit`, 'POST')).body.error.code).toBe('exam_submitted');
  });

  it('opens only on its day, and only to the group’s students', async () => {
    const tomorrow = await addExam({ title: 'Tomorrow', kind: 'online', date: '2026-11-19' });
    expect((await exam(`/${tomorrow.id}/start`, 'POST')).body.error.code).toBe('exam_not_today');
    expect((await exam(`/${tomorrow.id}/start`, 'POST', undefined, w.tokens.teacher)).body.error.code).toBe(
      'not_a_student_of_group',
    );
    expect((await w.api(w.substituteToken, 'GET', `/group/${w.group}/exams`)).status).toBe(404);
  });
});

describe('an offline exam', () => {
  it('takes the teacher’s balls out of 10 to one decimal; refuses a student and a wrong kind', async () => {
    const offline = await addExam({ title: 'Speaking', kind: 'offline', date: '2026-11-16', module: 1 });
    const give = (student: number, ball: number | null, token = w.tokens.teacher) =>
      exam(`/${offline.id}/result/${student}`, 'PUT', { ball }, token);
    expect((await give(w.pupils.s1, 8.5)).body).toMatchObject({ ball: 8.5 });
    expect((await give(w.pupils.s1, 11)).status).toBe(400);
    expect((await give(w.pupils.s2, 7, student)).status).toBe(403);
    expect((await give(w.pupils.left, 7)).status).toBe(400);
    expect((await exam(`/${offline.id}/start`, 'POST')).body.error.code).toBe('exam_is_offline');
    const page = (await exam(`/${offline.id}`, 'GET', undefined, w.tokens.teacher)).body as ExamPage;
    expect(page.results?.find((r) => r.student_id === w.pupils.s1)?.ball).toBe(8.5);
    expect(page.policies).toMatchObject({ manage: true, enter_results: true, start: false });
    // Taken: it can no longer be changed, only deleted.
    const change = await exam(
      `/${offline.id}`,
      'PUT',
      { title: 'X', kind: 'offline', date: '2026-11-16' },
      w.tokens.teacher,
    );
    expect(change.body.error.code).toBe('exam_taken');
  });
});

describe('the roadmap', () => {
  it('shows a branch’s exams of a period as due, done or overdue', async () => {
    await addExam({ title: 'Past, nobody graded', kind: 'offline', date: '2026-11-13' });
    const res = await w.api(w.tokens.admin, 'GET', `/roadmap?branch_id=${w.main}&from=2026-11-01&till=2026-11-30`);
    expect(res.status).toBe(200);
    const map = res.body as Roadmap;
    expect(map.data.find((e) => e.title === 'Past, nobody graded')?.state).toBe('overdue');
    expect(map.data.find((e) => e.title === 'Tomorrow')?.state).toBe('due');
    expect(map.totals.overdue).toBeGreaterThanOrEqual(2);
    const overdue = await w.api(
      w.tokens.admin,
      'GET',
      `/roadmap?branch_id=${w.main}&from=2026-11-01&till=2026-11-30&state=overdue`,
    );
    expect((overdue.body as Roadmap).data.every((e) => e.state === 'overdue')).toBe(true);
    expect(
      (await w.api(w.tokens.teacher, 'GET', `/roadmap?branch_id=${w.main}&from=2026-11-01&till=2026-11-30`)).status,
    ).toBe(403);
  });
});

describe('a student’s exam balls', () => {
  it('are his to read beside his grades, and his teachers’ and staff’s; another student’s are absent', async () => {
    const mine = await w.api(student, 'GET', `/user/${w.company.users.student.id}/exam-results`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.find((r: { title: string }) => r.title === 'Module 1 test')).toMatchObject({ ball: 10 });
    const bySomeoneElse = await w.api(student, 'GET', `/user/${w.pupils.s1}/exam-results`);
    expect(bySomeoneElse.status).toBe(404);
    const byTeacher = await w.api(w.tokens.teacher, 'GET', `/user/${w.pupils.s1}/exam-results`);
    expect(byTeacher.body.data.map((r: { title: string; ball: number }) => [r.title, r.ball])).toEqual([
      ['Speaking', 8.5],
    ]);
  });
});
