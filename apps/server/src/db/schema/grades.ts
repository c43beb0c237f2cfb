import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { groups } from './groups.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * A company's grade settings (spec §3 "Grade settings"); a company without a row has the contracts'
 * DEFAULT_GRADE_SETTINGS. Written only by modules/grades.
 */
export const gradeSettings = pgTable(
  'grade_settings',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    maxScore: smallint('max_score').notNull(),
    aggregateByMonth: boolean('aggregate_by_month').notNull(),
    calculateAverage: boolean('calculate_average').notNull(),
    allowPastDates: boolean('allow_past_dates').notNull(),
    allowNonTeachers: boolean('allow_non_teachers').notNull(),
    /** contracts RATING_IN_PROFILE. */
    ratingInProfile: text('rating_in_profile').notNull(),
    /** Percent of the rating that attendance weighs (grades the rest). */
    ratingAttendanceWeight: smallint('rating_attendance_weight').notNull().default(30),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId] }), tenantIsolation(t)],
);

/**
 * A student's grade for one lesson of his group (issue 19), on the company's scale of the time: a change
 * of the max score deletes them all (spec §5). The lesson is named by its day, as attendance names it.
 * Written only by modules/grades.
 */
export const grades = pgTable(
  'grades',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    lessonDate: date('lesson_date').notNull(),
    score: smallint('score').notNull(),
    authorId: bigint('author_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.studentId, t.lessonDate] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    // A student's grades across his groups (his profile), newest first.
    index().on(t.companyId, t.studentId, t.lessonDate),
    tenantIsolation(t),
  ],
);
