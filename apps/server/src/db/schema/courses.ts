import {
  type AnyPgColumn,
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/** Spec §3 Course; a course with a parent is a level (sub-course) of it. Money in minor units. */
export const courses = pgTable(
  'courses',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    lessonDuration: integer('lesson_duration').notNull(),
    durationMonths: integer('duration_months'),
    examDuration: integer('exam_duration'),
    lessonsPerModule: integer('lessons_per_module'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.parentId],
      foreignColumns: [t.companyId, t.id] as [AnyPgColumn, AnyPgColumn],
    }),
    index().on(t.companyId, t.parentId),
    tenantIsolation(t),
  ],
);

export const courseFolders = pgTable(
  'course_folders',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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

/** A file's bytes live in storage (DATA_DIR/files for now) under storage_key; this row describes them. */
export const courseFiles = pgTable(
  'course_files',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    folderId: bigint('folder_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.folderId],
      foreignColumns: [courseFolders.companyId, courseFolders.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.uploadedBy], foreignColumns: [users.companyId, users.id] }),
    index().on(t.companyId, t.folderId),
    tenantIsolation(t),
  ],
);
