import {
  bigint,
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
import { groupStudents, groups } from './groups.js';
import { rooms } from './rooms.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * The lesson record (spec §7 POST /lesson-entity): what was changed about one lesson
 * of a group — theme, cancellation, move, substitute teacher — keyed by the day the
 * schedule gave it. A lesson with no row is simply the schedule's. The contracts'
 * lessonCalendar turns these rows into dated lessons.
 */
export const lessons = pgTable(
  'lessons',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    /** The day the schedule gave the lesson. */
    scheduledDate: date('scheduled_date').notNull(),
    theme: text('theme'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    movedDate: date('moved_date'),
    movedStartTime: time('moved_start_time'),
    movedEndTime: time('moved_end_time'),
    /** A teacher for this lesson only. */
    teacherId: bigint('teacher_id', { mode: 'number' }),
    /** A room for this lesson only. */
    roomId: bigint('room_id', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.scheduledDate] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.teacherId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.roomId], foreignColumns: [rooms.companyId, rooms.id] }).onDelete('set null'),
    // Moved lessons and substitutes by day, for schedule conflicts and a teacher's day.
    index().on(t.companyId, t.movedDate),
    index().on(t.companyId, t.teacherId),
    tenantIsolation(t),
  ],
);

/**
 * Teachers a group had before its current one (spec §7 PUT /group/{id}/teacher/change
 * "from a date on"): `teacherId` taught it through `tillDate`. Lessons after the last
 * such day belong to groups.teacher_id.
 */
export const groupPastTeachers = pgTable(
  'group_past_teachers',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    tillDate: date('till_date').notNull(),
    teacherId: bigint('teacher_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.tillDate] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.teacherId], foreignColumns: [users.companyId, users.id] }),
    index().on(t.companyId, t.teacherId),
    tenantIsolation(t),
  ],
);

/**
 * Spec §3 Attendance: one mark per student, group and lesson day (contracts
 * AttendanceMark: 1 present, 0 absent); no row is "not marked". The key leads with
 * the group and day, which is how the grid and the reports read it.
 */
export const attendances = pgTable(
  'attendances',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    attendDate: date('attend_date').notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    status: smallint('status').notNull(),
    markedBy: bigint('marked_by', { mode: 'number' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.attendDate, t.studentId] }),
    foreignKey({
      name: 'attendances_group_student_fk',
      columns: [t.companyId, t.groupId, t.studentId],
      foreignColumns: [groupStudents.companyId, groupStudents.groupId, groupStudents.studentId],
    }).onDelete('cascade'),
    index().on(t.companyId, t.studentId, t.attendDate),
    tenantIsolation(t),
  ],
);

/**
 * A student's marks in a group over one calendar month (decision 0027), kept by the lessons
 * module in the same transaction as the marks (attendance-summary.ts recounts them from
 * `attendances`). The days are bit sets, bit d-1 for day d, so the reports can still tell
 * which lessons a mark fell on: a mark on a lesson cancelled since, outside the student's
 * stay or of another teacher must not count, and that is decided by the lesson calendar.
 */
export const attendanceSummaries = pgTable(
  'attendance_summaries',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    /** The first day of the month. */
    month: date('month').notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    /** Present marks. */
    visits: integer('visits').notNull(),
    /** Absent marks. */
    absents: integer('absents').notNull(),
    presentDays: integer('present_days').notNull(),
    absentDays: integer('absent_days').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.month, t.studentId] }),
    // Gone with the place, as its marks are.
    foreignKey({
      name: 'attendance_summaries_group_student_fk',
      columns: [t.companyId, t.groupId, t.studentId],
      foreignColumns: [groupStudents.companyId, groupStudents.groupId, groupStudents.studentId],
    }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);
