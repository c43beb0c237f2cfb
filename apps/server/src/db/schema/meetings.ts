import { bigint, date, foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { groups } from './groups.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/** The company's Jitsi Meet server (issue 19). The secret is written, never answered. Written only by modules/meetings. */
export const meetingSettings = pgTable(
  'meeting_settings',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    serverUrl: text('server_url'),
    appId: text('app_id'),
    appSecret: text('app_secret'),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId] }), tenantIsolation(t)],
);

/** Who opened a group's meeting room on a lesson day, first time. Written only by modules/meetings. */
export const meetingJoins = pgTable(
  'meeting_joins',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    lessonDate: date('lesson_date').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.lessonDate, t.userId] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);
