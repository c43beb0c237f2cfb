import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
import { tenantIsolation } from './tenant.js';

/*
 * Online payments and licences (issue 17, docs/decisions/0026). A centre's money from outside comes in two
 * kinds: its students' fees (through the centre's own merchant account at Payme, Click or Midtrans) and the
 * centre's own licence (through the platform's merchant account). Both start as an `online_payments` row
 * (what is to be paid, by whom, for what); the provider's side of it is a platform row (provider_transactions)
 * because the provider names it only by its own id; what the money did is a ledger entry (fees) or a
 * licence_payments entry (licences), each booked once by a natural key.
 */

/** One checkout: what is paid, through which provider, and how it ended. */
export const onlinePayments = pgTable(
  'online_payments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** contracts ONLINE_PAYMENT_PURPOSES: 'fee' (a student's money) or 'licence' (the centre's plan). */
    purpose: text('purpose').notNull(),
    /** contracts ONLINE_PROVIDERS. */
    provider: text('provider').notNull(),
    /** In the company currency's minor units (contracts CURRENCY_MINOR_DIGITS), as the ledger counts. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    branchId: bigint('branch_id', { mode: 'number' }),
    studentId: bigint('student_id', { mode: 'number' }),
    groupId: bigint('group_id', { mode: 'number' }),
    licenceOrderId: bigint('licence_order_id', { mode: 'number' }),
    /** contracts ONLINE_PAYMENT_STATUSES: open → paid, or cancelled / expired / failed; paid → refunded. */
    status: text('status').notNull().default('open'),
    /** The unguessable name of this checkout in links and on the success page; never the row id. */
    token: uuid('token').notNull(),
    /** Who opened it: a user (student, parent, staff) or null (a visitor of /entry/order, a payment link). */
    createdBy: bigint('created_by', { mode: 'number' }),
    /** contracts ONLINE_PAYMENT_SOURCES: where the payer started (own screen, SMS link, billing page...). */
    source: text('source').notNull(),
    /** The booked entry: ledger_entries.id (fee) or licence_payments.id (licence). */
    entryId: bigint('entry_id', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('online_payments_token').on(t.companyId, t.token),
    index().on(t.companyId, t.studentId, t.createdAt),
    index().on(t.companyId, t.licenceOrderId),
    tenantIsolation(t),
  ],
);

/**
 * A centre's own merchant account at a provider (students' fees). The secrets are written, never answered:
 * the API says only whether each is set.
 */
export const paymentProviderAccounts = pgTable(
  'payment_provider_accounts',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    /** contracts providerCredentialsSchema[provider]. */
    credentials: jsonb('credentials').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider] }), tenantIsolation(t)],
);

/** A licence the centre ordered (band and period), paid online or by a bank transfer against its invoice. */
export const licenceOrders = pgTable(
  'licence_orders',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The band's upper bound (contracts TARIFF_BANDS): 100, 300 or 1000 students active at once. */
    maxStudents: integer('max_students').notNull(),
    periodMonths: integer('period_months').notNull(),
    /** The tariff's price when ordered, in its currency's minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** contracts LICENCE_ORDER_STATUSES: pending → paid (→ cancelled when the provider takes it back). */
    status: text('status').notNull().default('pending'),
    createdBy: bigint('created_by', { mode: 'number' }),
    /** The days it added to the licence, once paid. */
    licenceFrom: date('licence_from'),
    licenceTo: date('licence_to'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), tenantIsolation(t)],
);

/**
 * The centre's licence money, append-only like the ledger (ARCHITECTURE.md "Money"): a payment is a row, a
 * provider's cancellation after it is a reversing row. GET /company/{id}/payments lists these.
 */
export const licencePayments = pgTable(
  'licence_payments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    /** Minor units, signed: + paid, − given back. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** contracts PAYMENT_METHODS: an online provider, or bank_account for a transfer booked by the console. */
    method: text('method').notNull(),
    onlinePaymentId: bigint('online_payment_id', { mode: 'number' }),
    /** Books a provider's transaction once, whatever the callbacks repeat. */
    naturalKey: text('natural_key').notNull(),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('licence_payments_natural_key').on(t.companyId, t.naturalKey),
    uniqueIndex('licence_payments_reverses').on(t.companyId, t.reversesId).where(sql`${t.reversesId} is not null`),
    tenantIsolation(t),
  ],
);

/** The centre's public offer (contract), one row per version; a new version asks everyone again. */
export const companyOffers = pgTable(
  'company_offers',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    /** { uz?, ru?, en?, id? }: the text in each language it was written in. */
    texts: jsonb('texts').notNull(),
    publishedBy: bigint('published_by', { mode: 'number' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.version] }), tenantIsolation(t)],
);

/** Who accepted which version of the offer, when and for whom (a parent accepts for his child); append-only. */
export const offerAcceptances = pgTable(
  'offer_acceptances',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    /** The signed-in user who accepted: the student himself, a parent, or staff recording a paper signature. */
    acceptedBy: bigint('accepted_by', { mode: 'number' }),
    language: text('language').notNull(),
    ip: text('ip'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('offer_acceptances_once').on(t.companyId, t.userId, t.version),
    tenantIsolation(t),
  ],
);
