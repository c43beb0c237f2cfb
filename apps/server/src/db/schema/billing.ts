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
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { groupStudents } from './groups.js';
import { tenantIsolation } from './tenant.js';

/**
 * When a student's status in a group changed (docs/billing.md "Status timeline"): the
 * billing engine must know whether a student was active, frozen or on trial on the day
 * of each lesson, and group_students keeps only the current status. Rows are written by
 * the database trigger of migration 0005 on every UPDATE of group_students.status, so no
 * code path can change a status without leaving its trace here.
 */
export const groupStudentStatusChanges = pgTable(
  'group_student_status_changes',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    /** The day the change takes effect when the change names it (archiving: the left date). */
    effectiveDate: date('effective_date'),
    /** When it happened (the setting app.now, else the transaction time); its company-local day is the effective day. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'group_student_status_changes_place_fk',
      columns: [t.companyId, t.groupId, t.studentId],
      foreignColumns: [groupStudents.companyId, groupStudents.groupId, groupStudents.studentId],
    }).onDelete('cascade'),
    index().on(t.companyId, t.groupId, t.studentId),
    tenantIsolation(t),
  ],
);

/**
 * The daily billing run of one company for one of its days (docs/billing.md "Daily
 * run"). The primary key makes the day's run unique across server processes; a run
 * whose lease ran out (its process died) is taken over by the next process that looks.
 */
export const billingRuns = pgTable(
  'billing_runs',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    runDate: date('run_date').notNull(),
    /** 'running' or 'done'. */
    status: text('status').notNull(),
    /** How many times a process started this run (more than 1: it was taken over after a crash). */
    attempts: integer('attempts').notNull().default(1),
    /** Groups booked so far in the current attempt (progress, for operators). */
    groupsDone: integer('groups_done').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** A running run whose lease has passed is considered abandoned. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.runDate] }), tenantIsolation(t)],
);

/**
 * How many times the inputs of a group's billing changed (its lessons' dates and
 * cancellations, its places, the group row), and under group_id 0 those of the whole
 * company (holidays, course prices). Written only by the triggers of migration 0017, so a
 * kept price (placePrices) is known stale whichever code path changed its inputs.
 */
export const billingInputVersions = pgTable(
  'billing_input_versions',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    /** 0: the company's own inputs. */
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.groupId] }), tenantIsolation(t)],
);

/**
 * Each place's lesson price and next charge as the daily run priced them (decision 0029):
 * the debtors lists read these instead of running the engine on every request. A row holds
 * only while it is of today, under the same settings and input versions it was priced with.
 */
export const placePrices = pgTable(
  'place_prices',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    pricedOn: date('priced_on').notNull(),
    /** The billing settings and time zone priced under (keptPriceSettings). */
    settings: text('settings').notNull(),
    groupVersion: bigint('group_version', { mode: 'number' }).notNull(),
    companyVersion: bigint('company_version', { mode: 'number' }).notNull(),
    lessonPrice: bigint('lesson_price', { mode: 'number' }).notNull(),
    nextChargeDate: date('next_charge_date'),
    nextChargeAmount: bigint('next_charge_amount', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.studentId] }),
    foreignKey({
      name: 'place_prices_place_fk',
      columns: [t.companyId, t.groupId, t.studentId],
      foreignColumns: [groupStudents.companyId, groupStudents.groupId, groupStudents.studentId],
    }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);
