import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './companies.js';
import { courses } from './courses.js';
import { ledgerEntries } from './money.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * Spec §3 "Teacher salary settings belong to a company": a rule of pay. A null teacher
 * is the company default, a null course any course; one rule per teacher and course
 * (nulls included, hence the coalesce). The most specific rule wins (docs/decisions/0014).
 */
export const teacherSalarySettings = pgTable(
  'teacher_salary_settings',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    teacherId: bigint('teacher_id', { mode: 'number' }),
    courseId: bigint('course_id', { mode: 'number' }),
    /** contracts SALARY_TYPES. */
    type: text('type').notNull(),
    /** contracts SALARY_BASES. */
    base: text('base').notNull(),
    /** Fixed types: minor units. */
    amount: bigint('amount', { mode: 'number' }),
    /** Percentage: hundredths of a percent (40 % = 4000). */
    percentBp: integer('percent_bp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.teacherId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.courseId], foreignColumns: [courses.companyId, courses.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('teacher_salary_settings_scope').on(
      t.companyId,
      sql`coalesce(${t.teacherId}, 0)`,
      sql`coalesce(${t.courseId}, 0)`,
    ),
    check(
      'teacher_salary_settings_value',
      sql`(${t.type} = 'fixed' and ${t.amount} > 0 and ${t.percentBp} is null)
        or (${t.type} = 'percentage' and ${t.percentBp} between 1 and 10000 and ${t.amount} is null)`,
    ),
    tenantIsolation(t),
  ],
);

/**
 * One teacher's salary for one month in one branch: a draft while it is reviewed
 * (recalculating replaces its lines), then published — booked to the ledger as one
 * entry of kind salary (`entry_id`). `inputs_hash` is the checksum of what it counted:
 * publishing a draft whose inputs have changed since is refused. Unpublishing reverses
 * the entry and makes it a draft again; `revision` numbers the next booking's key.
 */
export const salaryCalculations = pgTable(
  'salary_calculations',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    teacherId: bigint('teacher_id', { mode: 'number' }).notNull(),
    /** The first day of the month. */
    month: date('month').notNull(),
    /** contracts SALARY_STATUSES. */
    status: text('status').notNull().default('draft'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    lessonCount: integer('lesson_count').notNull(),
    studentCount: integer('student_count').notNull(),
    /** Groups he taught that no rule covers. */
    unsettledGroupIds: bigint('unsettled_group_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    inputsHash: text('inputs_hash').notNull(),
    revision: integer('revision').notNull().default(1),
    calculatedAt: timestamp('calculated_at', { withTimezone: true }).notNull().defaultNow(),
    calculatedBy: bigint('calculated_by', { mode: 'number' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: bigint('published_by', { mode: 'number' }),
    entryId: bigint('entry_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.teacherId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.entryId], foreignColumns: [ledgerEntries.companyId, ledgerEntries.id] }),
    uniqueIndex('salary_calculations_month').on(t.companyId, t.branchId, t.month, t.teacherId),
    index().on(t.companyId, t.teacherId, t.month),
    check('salary_calculations_status', sql`${t.status} in ('draft', 'published')`),
    tenantIsolation(t),
  ],
);

/**
 * The lines of a calculation (contracts salaryLineSchema): every student, lesson and
 * payment it counts with what each adds. Group and student ids are not foreign keys:
 * deleting a group (or a student without money history) never trips over a salary line.
 */
export const salaryLines = pgTable(
  'salary_lines',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    calculationId: bigint('calculation_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    base: text('base').notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }),
    lessonDates: date('lesson_dates').array().notNull(),
    heldLessons: integer('held_lessons').notNull(),
    rate: bigint('rate', { mode: 'number' }),
    percentBp: integer('percent_bp'),
    paymentEntryId: bigint('payment_entry_id', { mode: 'number' }),
    paymentAmount: bigint('payment_amount', { mode: 'number' }),
    paymentDate: date('payment_date'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.calculationId, t.position] }),
    foreignKey({
      columns: [t.companyId, t.calculationId],
      foreignColumns: [salaryCalculations.companyId, salaryCalculations.id],
    }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);
