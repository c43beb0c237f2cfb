import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { branches } from './companies.js';
import { courses } from './courses.js';
import { rooms } from './rooms.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/** Spec §3 Group. `name` is optional: the shown title falls back to `code` (course code + order number). */
export const groups = pgTable(
  'groups',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    teacherId: bigint('teacher_id', { mode: 'number' }).notNull(),
    roomId: bigint('room_id', { mode: 'number' }),
    name: text('name'),
    code: text('code').notNull(),
    /** The n-th group of its course, for the generated code. */
    orderNumber: integer('order_number').notNull(),
    /** odd, even, weekend, every_day, other (contracts DAY_TYPES). */
    dayType: text('day_type').notNull(),
    /** ISO weekdays (1 = Monday) the group meets on, filled for every day type. */
    days: smallint('days').array().notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    selectionStartDate: date('selection_start_date'),
    selectionEndDate: date('selection_end_date'),
    status: smallint('status').notNull().default(1),
    type: text('type'),
    isCorporate: boolean('is_corporate').notNull().default(false),
    corporateSalary: bigint('corporate_salary', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.courseId], foreignColumns: [courses.companyId, courses.id] }),
    foreignKey({ columns: [t.companyId, t.teacherId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.roomId], foreignColumns: [rooms.companyId, rooms.id] }),
    index().on(t.companyId, t.branchId, t.status),
    index().on(t.companyId, t.teacherId),
    index().on(t.companyId, t.roomId),
    index().on(t.companyId, t.courseId),
    tenantIsolation(t),
  ],
);

/** Spec §3 Student-in-group: one row per student and group; leaving archives it (status 6). */
export const groupStudents = pgTable(
  'group_students',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    /** The day the student joined (spec: created_date). */
    createdDate: date('created_date').notNull(),
    status: smallint('status').notNull().default(1),
    /** The day the student left the group (archived), if he did. */
    leftDate: date('left_date'),
    archiveReasonId: bigint('archive_reason_id', { mode: 'number' }),
    archiveComment: text('archive_comment'),
    // Individual discounted price (spec §3 exception_sum), dates in one year (spec §5).
    exceptionSum: bigint('exception_sum', { mode: 'number' }),
    exceptionSumReason: text('exception_sum_reason'),
    exceptionSumStartDate: date('exception_sum_start_date'),
    exceptionSumEndDate: date('exception_sum_end_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.studentId] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index().on(t.companyId, t.studentId),
    index().on(t.companyId, t.groupId, t.status),
    tenantIsolation(t),
  ],
);

/** Spec §7 groupComments: notes on a group, optionally about one student of it. */
export const groupComments = pgTable(
  'group_comments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }),
    authorId: bigint('author_id', { mode: 'number' }),
    text: text('text').notNull(),
    /** Issue 19: a teacher's comment about a student that the student (and his parents) may read. */
    visibleToStudent: boolean('visible_to_student').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    index().on(t.companyId, t.groupId),
    tenantIsolation(t),
  ],
);
