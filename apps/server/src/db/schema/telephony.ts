import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * Issue 22: the company's OnlinePBX accounts — one for the company (branch null) or one per branch (spec §3
 * is_onlinepbx_branch_specific) — with the API key sealed (platform/secret-box.ts; never answered to a browser),
 * and the staff users mapped to extensions (spec §6). Written only by modules/telephony.
 */
export const telephonyAccounts = pgTable(
  'telephony_accounts',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    branchId: bigint('branch_id', { mode: 'number' }),
    domain: text('domain').notNull(),
    keySealed: text('key_sealed').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    /** The period whose calls are all kept in telephony_calls (modules/telephony/kept-history.ts); null: none. */
    historyKeptFrom: timestamp('history_kept_from', { withTimezone: true }),
    historyKeptTill: timestamp('history_kept_till', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    // One account per branch, and one for the whole company (null branch) at most.
    uniqueIndex('telephony_accounts_branch').on(t.companyId, sql`coalesce(${t.branchId}, 0)`),
    tenantIsolation(t),
  ],
);

export const telephonyExtensions = pgTable(
  'telephony_extensions',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    extension: text('extension').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.companyId, t.accountId],
      foreignColumns: [telephonyAccounts.companyId, telephonyAccounts.id],
    }).onDelete('cascade'),
    index('telephony_extensions_by_account').on(t.companyId, t.accountId, t.extension),
    tenantIsolation(t),
  ],
);

/**
 * The calls of the company's accounts as the provider logged them, kept by us (issue 22): the call log reads them
 * after asking the provider for the period, so the log survives an outage and counts for the reachability report.
 * `number` is the other party's national digits (as people's and leads' phones are stored); `user_id` the staff
 * member whose extension took or made it, when mapped. One row per provider uuid.
 */
export const telephonyCalls = pgTable(
  'telephony_calls',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    uuid: text('uuid').notNull(),
    accountId: bigint('account_id', { mode: 'number' }),
    /** contracts CallType */
    type: text('type').notNull(),
    /** The other party's number as the provider logged it, and its national digits. */
    rawNumber: text('raw_number').notNull(),
    number: text('number').notNull(),
    extension: text('extension'),
    userId: bigint('user_id', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull().default(0),
    talkSeconds: integer('talk_seconds').notNull().default(0),
    hasRecord: boolean('has_record').notNull().default(false),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.uuid] }),
    // Both keys are nulled alone on delete (migration 0029 says `set null (column)`; drizzle cannot).
    foreignKey({
      columns: [t.companyId, t.accountId],
      foreignColumns: [telephonyAccounts.companyId, telephonyAccounts.id],
    }).onDelete('set null'),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
    index('telephony_calls_by_time').on(t.companyId, t.startedAt),
    index('telephony_calls_by_number').on(t.companyId, t.number, t.startedAt),
    tenantIsolation(t),
  ],
);
