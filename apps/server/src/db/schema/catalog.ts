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
  unique,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/** Spec §3 Holiday: no lesson that day ("Holiday already exists on that date", spec §8). */
export const holidays = pgTable(
  'holidays',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    date: date('date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), unique().on(t.companyId, t.date), tenantIsolation(t)],
);

/** Spec §3 Tag with its type (contracts TagType: 1 student, 2 group, 3 lead, 4 task). */
export const tags = pgTable(
  'tags',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), unique().on(t.companyId, t.type, t.name), tenantIsolation(t)],
);

export const userTags = pgTable(
  'user_tags',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tagId: bigint('tag_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.tagId] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.tagId], foreignColumns: [tags.companyId, tags.id] }).onDelete('cascade'),
    index().on(t.companyId, t.tagId),
    tenantIsolation(t),
  ],
);

export const groupTags = pgTable(
  'group_tags',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    tagId: bigint('tag_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.tagId] }),
    foreignKey({ columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.tagId], foreignColumns: [tags.companyId, tags.id] }).onDelete('cascade'),
    index().on(t.companyId, t.tagId),
    tenantIsolation(t),
  ],
);

/** Spec §2 archive_reasons: why a student left a group; `active` false hides a reason from new choices. */
export const archiveReasons = pgTable(
  'archive_reasons',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), tenantIsolation(t)],
);
