import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { branches, companies } from './companies.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * Issue 21: the gamification shop. Every table here is written only by modules/gamification; other modules
 * call its service (an attendance mark, a homework answer and a grade award coins through it).
 */

/** The company's coin rules (contracts CoinSettings); no row: DEFAULT_COIN_SETTINGS. */
export const coinSettings = pgTable(
  'coin_settings',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .primaryKey()
      .references(() => companies.id),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantIsolation(t)],
);

/**
 * The coin ledger: append-only like money's (ARCHITECTURE.md "Money"); a student's balance is the sum of his
 * entries. `cause` is the natural key of an automatic move (`att:{group}:{date}:{student}`, `order:{id}`…) and
 * `cause_seq` its n-th move (an award, its reversal, an award again), unique together: however many runners
 * or retries, each move of a cause is booked once. Manual gifts have no cause.
 */
export const coinEntries = pgTable(
  'coin_entries',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    rule: text('rule'),
    cause: text('cause'),
    causeSeq: integer('cause_seq').notNull().default(0),
    reason: text('reason'),
    orderId: bigint('order_id', { mode: 'number' }),
    authorId: bigint('author_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('coin_entries_cause').on(t.companyId, t.cause, t.causeSeq),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.authorId], foreignColumns: [users.companyId, users.id] }),
    index('coin_entries_by_student').on(t.companyId, t.studentId, t.id),
    check('coin_entries_amount_not_zero', sql`${t.amount} <> 0`),
    tenantIsolation(t),
  ],
);

/** A product of the shop (spec §3: name, status; §4 statuses 1 available, 2 unavailable, 3 archive). */
export const shopProducts = pgTable(
  'shop_products',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** Sold in this branch only; null: in every branch. */
    branchId: bigint('branch_id', { mode: 'number' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    photo: text('photo'),
    price: integer('price').notNull(),
    /** Pieces left; null: not counted. */
    stock: integer('stock'),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    check('shop_products_stock_not_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('shop_products_price_positive', sql`${t.price} > 0`),
    tenantIsolation(t),
  ],
);

/**
 * A student's order (spec §4: 0 pending, 1 confirmed by the student's 5-digit code, 2 cancelled). The price
 * is the product's when ordered; `code` is shown only to the student; wrong codes lock it for a while.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    /** The branch that hands it over: the product's, or the student's main branch for an every-branch one. */
    branchId: bigint('branch_id', { mode: 'number' }),
    price: integer('price').notNull(),
    status: smallint('status').notNull().default(0),
    code: text('code').notNull(),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    responsibleId: bigint('responsible_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.productId], foreignColumns: [shopProducts.companyId, shopProducts.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.responsibleId], foreignColumns: [users.companyId, users.id] }),
    index('shop_orders_by_status').on(t.companyId, t.status, t.id),
    index('shop_orders_by_student').on(t.companyId, t.studentId, t.id),
    index('shop_orders_by_product').on(t.companyId, t.productId),
    tenantIsolation(t),
  ],
);
