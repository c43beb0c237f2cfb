import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { branches, companies } from './companies.js';
import { leads } from './leads.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * A company's SMS account (issue 15): the shared sender's monthly limit and bonus, the secret of its
 * delivery callback URL, and its own operator when it connected one. Written only by modules/sms.
 * `own_credentials` is never logged nor answered (the service answers only whether it is set).
 */
export const smsAccounts = pgTable(
  'sms_accounts',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    /** SMS parts a month through the platform's shared sender. */
    monthlyLimit: integer('monthly_limit').notNull().default(500),
    /** Parts given once on top of the limits, and how many of them are spent. */
    bonusTotal: integer('bonus_total').notNull().default(0),
    bonusUsed: integer('bonus_used').notNull().default(0),
    callbackSecret: text('callback_secret').notNull(),
    /** null: the shared sender; else 'eskiz' | 'playmobile' with `ownCredentials`. */
    ownProvider: text('own_provider'),
    ownCredentials: jsonb('own_credentials'),
    /** The sender name (alpha name) the company's messages go out with; null: the operator's default. */
    sender: text('sender'),
    /** Spec §6: a teacher may send SMS to his own students. */
    teachersMaySend: boolean('teachers_may_send').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId] }), tenantIsolation(t)],
);

/** Spec §3 "SMS template": a text with variables an employee picks when writing an SMS. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), tenantIsolation(t)],
);

/** Spec §3 "auto-SMS", §9: one row per company and rule once the company has touched it. */
export const autoSmsRules = pgTable(
  'auto_sms_rules',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    rule: text('rule').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    sender: text('sender'),
    /** Advance-payment notice: days before the paid period ends. */
    days: integer('days').notNull().default(3),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.rule] }), tenantIsolation(t)],
);

/**
 * Every SMS the company sent or tried to send (spec §2 sms log, §4 delivery states). `naturalKey` makes an
 * automatic SMS once per student, rule and day (`auto:{rule}:{studentId}:{day}`) and a manual send once
 * per idempotency key, whatever retries or servers run.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    branchId: bigint('branch_id', { mode: 'number' }),
    /** The student (or staff member) it concerns; the parent's number is still the student's row. */
    userId: bigint('user_id', { mode: 'number' }),
    leadId: bigint('lead_id', { mode: 'number' }),
    /** 'student' | 'parent' | 'lead' | 'staff' */
    recipient: text('recipient').notNull(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    parts: integer('parts').notNull(),
    /** 'gsm7' | 'ucs2' */
    alphabet: text('alphabet').notNull(),
    /** 'manual' | 'auto' */
    kind: text('kind').notNull(),
    /** The automatic rule (spec §9) of an automatic SMS. */
    rule: text('rule'),
    templateId: bigint('template_id', { mode: 'number' }),
    sender: text('sender'),
    /** 'shared' (the platform's sender, counted against the limit) | 'own' (the company's operator). */
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    /** Which allowance paid a shared SMS: 'limit' | 'bonus'; null for the company's own operator. */
    paidFrom: text('paid_from'),
    providerMessageId: text('provider_message_id'),
    /** Spec §4: not_delivered, delivered, accepted, failed, rejected, stored, error. */
    state: text('state').notNull().default('stored'),
    error: text('error'),
    naturalKey: text('natural_key'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    stateAt: timestamp('state_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique().on(t.companyId, t.naturalKey),
    index().on(t.companyId, t.createdAt),
    index().on(t.companyId, t.userId, t.createdAt),
    index().on(t.companyId, t.providerMessageId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.leadId], foreignColumns: [leads.companyId, leads.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    tenantIsolation(t),
  ],
);

/** The daily Telegram report (issue 15): one row per company and day it went out, so it goes once. */
export const telegramReports = pgTable(
  'telegram_reports',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    day: date('day').notNull(),
    chatId: text('chat_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] }), tenantIsolation(t)],
);

/**
 * Issue 24: a user's Telegram chat with the platform's bot, linked through a one-time deep link from his
 * profile. Automatic messages to him (and to a parent, for his children) go there instead of by SMS.
 */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Telegram's private chat id (the person's user id), as text: ids outgrow 32 bits. */
    chatId: text('chat_id').notNull(),
    /** The bot answers in it: uz, ru, en or id, from the person's Telegram language at linking, else the centre's. */
    language: text('language').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    unique('telegram_links_chat').on(t.companyId, t.chatId),
    // An update names a chat only (telegram_chat_users, migration 0034).
    index('telegram_links_by_chat').on(t.chatId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);

/** One-time deep-link tokens (kept as a hash): valid 15 minutes, used once, naming the user who asked. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.tokenHash] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);

/**
 * The bot's notices (issue 24: an absence today, a new grade, news) each person got, once: the row is claimed
 * before the message goes (a retry or a second process finds it), removed again if Telegram could not take it.
 */
export const telegramNotices = pgTable(
  'telegram_notices',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    /** What it tells of: absence:<group>:<date>:<student>, grade:<group>:<student>:<date>, news:<post>. */
    noticeKey: text('notice_key').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.noticeKey, t.userId] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);
