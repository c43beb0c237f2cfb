import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
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
 * The ledger (ARCHITECTURE.md "Money"): every movement of money is one row, never
 * updated or deleted. A correction is a new row that `reverses` an earlier one with
 * the opposite amount and a reason. Balances are sums of rows.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    /** contracts LEDGER_KINDS. */
    kind: text('kind').notNull(),
    /** Minor units, signed: + adds to the student's balance (payment), − takes from it (charge, refund, write-off). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The business day the money moved (the period a charge belongs to starts here). */
    entryDate: date('entry_date').notNull(),
    studentId: bigint('student_id', { mode: 'number' }),
    groupId: bigint('group_id', { mode: 'number' }),
    /** contracts PAYMENT_METHODS, for money that changed hands. */
    method: text('method'),
    comment: text('comment'),
    /** What caused it (e.g. 'billing', 'payment_edit', 'transfer') and its id, for the line-by-line explanation. */
    cause: text('cause'),
    causeId: bigint('cause_id', { mode: 'number' }),
    /** Makes a re-run book nothing twice (a charge: student, group and period or lesson). */
    naturalKey: text('natural_key'),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    reason: text('reason'),
    authorId: bigint('author_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }),
    uniqueIndex('ledger_entries_natural_key').on(t.companyId, t.naturalKey).where(sql`${t.naturalKey} is not null`),
    // An entry is reversed at most once.
    uniqueIndex('ledger_entries_reverses').on(t.companyId, t.reversesId).where(sql`${t.reversesId} is not null`),
    index().on(t.companyId, t.studentId, t.entryDate),
    index().on(t.companyId, t.branchId, t.kind, t.entryDate),
    tenantIsolation(t),
  ],
);

/**
 * Each student's balance, the sum of his ledger entries, kept by the database: a statement-level trigger on
 * `ledger_entries` adds every inserted statement's amounts (migration 0009), and the application may only read
 * it. Lists over many students (debtors) read it instead of summing a large company's ledger on every request
 * (docs/decisions/0017). The ledger stays the truth: the money property tests check the two agree.
 */
export const studentBalances = pgTable(
  'student_balances',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    /** Minor units, signed, as the ledger's amounts. */
    balance: bigint('balance', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.studentId] }),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }),
    tenantIsolation(t),
  ],
);

/**
 * Each student's balance in each group (the sum of his entries booked to it), kept beside the ledger as
 * student_balances is, by the same kind of statement-level trigger (migration 0019): the debtors lists show every
 * group of a debtor without summing his entries on each request. Read-only for the application.
 */
export const placeBalances = pgTable(
  'place_balances',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    /** Minor units, signed, as the ledger's amounts. */
    balance: bigint('balance', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.studentId, t.groupId] }),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }),
    tenantIsolation(t),
  ],
);

/**
 * Idempotency-Key of money-moving POSTs: the first answer is kept with a hash of the
 * request, so a repeat gets the same answer and books nothing, and the same key with
 * another request is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    /** `METHOD path` and a hash of the body. */
    request: text('request').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] }), tenantIsolation(t)],
);
