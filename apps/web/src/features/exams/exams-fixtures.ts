import type { Attempt, Exam, ExamPage, ExamResult, GroupExams, Question, Roadmap } from '@crm/contracts';

/**
 * Answers of the exams API as the server gives them, for the web tests of this feature: each factory makes a
 * complete, valid answer and overrides replace its fields.
 */

export const aQuestion = (overrides: Partial<Question> = {}): Question => ({
  id: 1,
  course_id: 3,
  kind: 'single',
  text: '2 + 2 = ?',
  points: 1,
  options: ['3', '4', '5'],
  correct: [1],
  accepted: [],
  ...overrides,
});

/** An offline exam of group ENG-7 (course 3) on 12.03.2025, not yet graded. */
export const anExam = (overrides: Partial<Exam> = {}): Exam => ({
  id: 12,
  group_id: 7,
  group_title: 'ENG-7',
  title: 'Module 1 test',
  kind: 'offline',
  date: '2025-03-12',
  module: 1,
  duration_minutes: 60,
  question_count: null,
  bank_size: 4,
  state: 'due',
  results: { done: 0, of: 3 },
  my_ball: null,
  ...overrides,
});

/** GET /group/7/exams, as its teacher reads it unless overridden. */
export const aGroupExams = (data: Exam[], overrides: Partial<GroupExams> = {}): GroupExams => ({
  data,
  policies: { manage: true },
  ...overrides,
});

export const aResult = (overrides: Partial<ExamResult> = {}): ExamResult => ({
  student_id: 21,
  student_name: 'Aziz Karimov',
  ball: null,
  started_at: null,
  submitted_at: null,
  points: null,
  max_points: null,
  ...overrides,
});

/** A student's online attempt started now with 25 minutes left: a single-choice and an ordering question. */
export const anAttempt = (overrides: Partial<Attempt> = {}): Attempt => ({
  started_at: new Date(Date.now() - 35 * 60_000).toISOString(),
  deadline_at: new Date(Date.now() + 25 * 60_000).toISOString(),
  submitted_at: null,
  questions: [
    {
      id: 1,
      kind: 'single',
      text: '2 + 2 = ?',
      points: 1,
      options: [
        { index: 2, text: '5' },
        { index: 0, text: '3' },
        { index: 1, text: '4' },
      ],
    },
    {
      id: 4,
      kind: 'ordering',
      text: 'Put in order',
      points: 2,
      options: [
        { index: 1, text: 'two' },
        { index: 0, text: 'one' },
        { index: 2, text: 'three' },
      ],
    },
  ],
  answers: {},
  ball: null,
  points: null,
  max_points: null,
  ...overrides,
});

/** GET /group/7/exam/12, as its teacher reads an offline exam unless overridden. */
export const anExamPage = (overrides: Partial<ExamPage> = {}): ExamPage => ({
  exam: anExam(),
  results: [aResult(), aResult({ student_id: 22, student_name: 'Bekzod Aliyev', ball: 7.5 })],
  attempt: null,
  policies: { manage: true, enter_results: true, start: false },
  ...overrides,
});

/** The student's page of an online exam of today (not started) unless overridden. */
export const aStudentExamPage = (overrides: Partial<ExamPage> = {}): ExamPage => ({
  exam: anExam({ kind: 'online', duration_minutes: 60, question_count: 2 }),
  results: null,
  attempt: null,
  policies: { manage: false, enter_results: false, start: true },
  ...overrides,
});

export const aRoadmap = (data: Exam[]): Roadmap => ({
  data,
  totals: {
    due: data.filter((exam) => exam.state === 'due').length,
    done: data.filter((exam) => exam.state === 'done').length,
    overdue: data.filter((exam) => exam.state === 'overdue').length,
  },
});
