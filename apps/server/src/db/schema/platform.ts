import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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

/**
 * The platform's price list (issue 17): a price per student band and period, per country and currency. Kept by
 * the console, never constants in code; a longer period's discount is its price against the monthly one.
 */
export const platformTariffs = pgTable(
  'platform_tariffs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    /** The band's upper bound: 100, 300 or 1000 students active at once (contracts TARIFF_BANDS). */
    maxStudents: integer('max_students').notNull(),
    periodMonths: integer('period_months').notNull(),
    /** In the currency's minor units. */
    price: bigint('price', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('platform_tariffs_offer').on(t.country, t.maxStudents, t.periodMonths)],
).enableRLS();

/**
 * A payment provider's transaction as the provider names it (Payme's id, Click's click_trans_id, Midtrans's
 * order): the provider calls us with no company, so its transactions are found here, on the owner connection,
 * by (provider, merchant, external id) — which is also what makes every callback idempotent. `merchant` is
 * 'platform' (licences, the platform's account) or the company id (fees, the centre's own account).
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    merchant: text('merchant').notNull(),
    externalId: text('external_id').notNull(),
    /** The company whose online_payments row this pays (not company_id: this is not a tenant table). */
    payerCompanyId: bigint('payer_company_id', { mode: 'number' }).notNull(),
    onlinePaymentId: bigint('online_payment_id', { mode: 'number' }).notNull(),
    /** As the provider counts it (Payme: tiyin). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** contracts PROVIDER_TRANSACTION_STATES: created → performed (→ reversed), or created → cancelled. */
    state: text('state').notNull().default('created'),
    /** The provider's own time of the transaction (Payme `time`, ms since 1970), for its statements. */
    providerTime: bigint('provider_time', { mode: 'number' }),
    /** The provider's reason code of a cancellation (Payme 1–10), if it gave one. */
    cancelReason: integer('cancel_reason'),
    /** The last status the provider reported (Midtrans transaction_status, Click error), for support. */
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    performedAt: timestamp('performed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('provider_transactions_external').on(t.provider, t.merchant, t.externalId),
    index().on(t.provider, t.merchant, t.providerTime),
    index().on(t.payerCompanyId, t.onlinePaymentId),
  ],
).enableRLS();

/**
 * The public routes' request counts (issue 23): one row per limit and caller (`<limit>:<address>`) and fixed
 * window, shared by every server process so N processes do not allow N times the limit. Unlogged (migration
 * 0031, by hand: Drizzle has no word for it): a crash only forgets counts, which at worst lets one window through.
 */
export const requestRates = pgTable(
  'request_rates',
  {
    key: text('key').notNull(),
    /** The window's start, in milliseconds since the epoch (the app clock's). */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
).enableRLS();
