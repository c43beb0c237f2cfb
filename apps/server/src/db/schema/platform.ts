import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * The platform's own tables: written before any company exists (sign-up) or by the people who run the service
 * (console). None has a company_id, so none is a tenant table; row-level security is on with no policy, so the
 * role requests run as (app_user) can neither read nor write them even through a forgotten check. Only the
 * owner connection (sign-up service, console module) reaches them.
 */

/**
 * A centre's sign-up waiting for its phone code (issue 16): the form as checked, the password already hashed,
 * the code as a hash. Rows are kept after use: they are also the per-address and per-phone abuse counters.
 */
export const signUpRequests = pgTable(
  'sign_up_requests',
  {
    id: uuid('id').primaryKey(),
    phone: text('phone').notNull(),
    /** country + national phone, e.g. uz:901234567: the abuse limit counts a phone whatever its form. */
    phoneKey: text('phone_key').notNull(),
    subdomain: text('subdomain').notNull(),
    form: jsonb('form').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was accepted and the company made; a used code never works again. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    companyId: bigint('created_company_id', { mode: 'number' }),
    /**
     * The browser signs up on one host and works on the centre's: a one-time secret (as a hash), good for two
     * minutes, that the centre's host exchanges for the owner's first session (POST /auth/handoff).
     */
    handoffHash: text('handoff_hash'),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ip, t.createdAt), index().on(t.phoneKey, t.createdAt)],
).enableRLS();

/** Settings of the whole service (trial length, support chat): key → JSON value. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();

/** The people who run the service (console at admin.{BASE_DOMAIN}); made from the command line only. */
export const platformAccounts = pgTable('platform_accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  login: text('login').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** Base32 TOTP secret (RFC 6238); the second factor of every log-in. */
  totpSecret: text('totp_secret').notNull(),
  /** The last TOTP time step accepted: a code is never accepted twice. */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();

export const platformSessions = pgTable(
  'platform_sessions',
  {
    id: uuid('id').primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => platformAccounts.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId)],
).enableRLS();

/** Every console action (and failed console log-in), append-only. */
export const platformAuditLog = pgTable(
  'platform_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => platformAccounts.id),
    action: text('action').notNull(),
    /** The centre acted on; not company_id, which would make this a tenant table. */
    targetCompanyId: bigint('target_company_id', { mode: 'number' }),
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.at), index().on(t.targetCompanyId, t.at)],
).enableRLS();
