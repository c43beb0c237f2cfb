import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.js';
import { groups } from './groups.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/** A question of a course's bank (issue 19): contracts questionSchema. Written only by modules/exams. */
export const examQuestions = pgTable(
  'exam_questions',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    points: smallint('points').notNull().default(1),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    correct: jsonb('correct').$type<number[]>().notNull().default([]),
    accepted: jsonb('accepted').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.courseId], foreignColumns: [courses.companyId, courses.id] }).onDelete(
      'cascade',
    ),
    index().on(t.companyId, t.courseId),
    tenantIsolation(t),
  ],
);

/** An exam on a group's roadmap. Written only by modules/exams. */
export const exams = pgTable(
  'exams',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    /** contracts EXAM_KINDS. */
    kind: text('kind').notNull(),
    date: date('date').notNull(),
    module: smallint('module'),
    /** Online: null takes the course's exam duration when the exam is read. */
    durationMinutes: integer('duration_minutes'),
    questionCount: integer('question_count'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    index().on(t.companyId, t.groupId, t.date),
    index().on(t.companyId, t.date),
    tenantIsolation(t),
  ],
);

/**
 * A student's result of an exam: offline, the ball the teacher entered; online, his attempt — the questions as
 * drawn at the start (with their right answers, never sent to him), his answers as saved, the deadline fixed at
 * the start, and the ball once submitted or closed at the deadline. Written only by modules/exams.
 */
export const examResults = pgTable(
  'exam_results',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    examId: bigint('exam_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    ball: numeric('ball', { precision: 4, scale: 1, mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    questions: jsonb('questions').$type<unknown[]>(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    points: integer('points'),
    maxPoints: integer('max_points'),
    gradedBy: bigint('graded_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.examId, t.studentId] }),
    foreignKey({ columns: [t.companyId, t.examId], foreignColumns: [exams.companyId, exams.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index().on(t.companyId, t.studentId),
    tenantIsolation(t),
  ],
);
