import { bigint, foreignKey, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { tags } from './catalog.js';
import { branches, companies } from './companies.js';
import { groups } from './groups.js';
import { leads } from './leads.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * Spec §3 Reminder, §4: a task with a due moment, an assignee and what it concerns. `status` is the spec's
 * 0 (active) / 1 (done); "overdue" is an active task whose moment has passed, never stored.
 */
export const reminders = pgTable(
  'reminders',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    branchId: bigint('branch_id', { mode: 'number' }),
    title: text('title').notNull(),
    description: text('description'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: smallint('status').notNull().default(0),
    assignedTo: bigint('assigned_to', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    resultComment: text('result_comment'),
    studentId: bigint('student_id', { mode: 'number' }),
    leadId: bigint('lead_id', { mode: 'number' }),
    groupId: bigint('group_id', { mode: 'number' }),
    /** When the assignee was told in the app that it is due (once). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** When the bot told the assignee in his linked Telegram chat that it is due (once; issue 24). */
    telegramSentAt: timestamp('telegram_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index().on(t.companyId, t.status, t.dueAt),
    index().on(t.companyId, t.assignedTo, t.status, t.dueAt),
    index().on(t.companyId, t.studentId),
    index().on(t.companyId, t.leadId),
    index().on(t.companyId, t.groupId),
    foreignKey({ columns: [t.companyId, t.assignedTo], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.leadId], foreignColumns: [leads.companyId, leads.id] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    tenantIsolation(t),
  ],
);

/** Spec §3 Tag type 4 (task) on a reminder. */
export const reminderTags = pgTable(
  'reminder_tags',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    reminderId: bigint('reminder_id', { mode: 'number' }).notNull(),
    tagId: bigint('tag_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.reminderId, t.tagId] }),
    foreignKey({ columns: [t.companyId, t.reminderId], foreignColumns: [reminders.companyId, reminders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.tagId], foreignColumns: [tags.companyId, tags.id] }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);
