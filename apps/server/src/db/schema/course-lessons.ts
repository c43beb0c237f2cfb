import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
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

/**
 * A lesson of a course's syllabus (issue 19), or of one group only (`group_id` set: placed after the lesson
 * `after_lesson_id` of that group's sequence, first when null). Course lessons are ordered by `position`
 * (1…n, rewritten whole by a reorder); a group's own lessons keep position 0. The video file and the
 * attached files are course files, checked on read (a deleted file simply drops out). Written only by
 * modules/course-lessons.
 */
export const courseLessons = pgTable(
  'course_lessons',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }),
    afterLessonId: bigint('after_lesson_id', { mode: 'number' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    /** 'none', 'file' (videoFileId) or 'link' (videoUrl, YouTube or Vimeo). */
    videoKind: text('video_kind').notNull().default('none'),
    videoFileId: bigint('video_file_id', { mode: 'number' }),
    videoUrl: text('video_url'),
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default([]),
    /** No homework when null. */
    homeworkText: text('homework_text'),
    homeworkDueDays: smallint('homework_due_days'),
    /** contracts HOMEWORK_ANSWER_KINDS. */
    homeworkAnswer: text('homework_answer'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.courseId], foreignColumns: [courses.companyId, courses.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    index().on(t.companyId, t.courseId, t.position),
    index().on(t.companyId, t.groupId),
    tenantIsolation(t),
  ],
);

/** How a group opens its lessons to students (no row: each on its day). Written only by modules/course-lessons. */
export const groupLessonSettings = pgTable(
  'group_lesson_settings',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    openAll: boolean('open_all').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    tenantIsolation(t),
  ],
);

/**
 * A student's homework answer to a lesson in a group: text and/or one file (bytes in the file storage
 * under `file_key`), and the teacher's review. `scale` is the grade max score the score was given on:
 * after the company changes it (spec §5) such a score no longer counts and reads as unscored. Written only by
 * modules/course-lessons.
 */
export const homeworkAnswers = pgTable(
  'homework_answers',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    lessonId: bigint('lesson_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    text: text('text').notNull().default(''),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    late: boolean('late').notNull(),
    score: smallint('score'),
    scale: smallint('scale'),
    comment: text('comment'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.lessonId, t.studentId] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.companyId, t.lessonId],
      foreignColumns: [courseLessons.companyId, courseLessons.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index().on(t.companyId, t.studentId),
    tenantIsolation(t),
  ],
);
