import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './companies.js';
import { ledgerEntries } from './money.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * Spec §7 expense_types: a company's own kinds of expense, offered beside the spec's
 * standard categories. Names are unique in a company ignoring case ("Rent" and "rent"
 * would be one type to a reader). A type that expenses name is deactivated, not deleted.
 */
export const expenseTypes = pgTable(
  'expense_types',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('expense_types_name').on(t.companyId, sql`lower(${t.name})`),
    tenantIsolation(t),
  ],
);

/**
 * Spec §3 Expense: money a branch paid out. The row keeps what the user wrote; the
 * money itself is the ledger entry `entry_id` (kind 'expense', negative amount, cause
 * 'expense'). An edit of the money reverses that entry and books a new one; a delete
 * reverses it and stamps `deleted_at` — the row is never removed (migration 0006 takes
 * DELETE away from app_user), so every ledger line keeps its explanation.
 */
export const expenses = pgTable(
  'expenses',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    /** contracts EXPENSE_CATEGORIES, or null when `type_id` names the company's own type. */
    category: text('category'),
    typeId: bigint('type_id', { mode: 'number' }),
    /** Minor units, positive. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    expenseDate: date('expense_date').notNull(),
    /** contracts PAYMENT_METHODS. */
    method: text('method').notNull(),
    payee: text('payee'),
    payeeUserId: bigint('payee_user_id', { mode: 'number' }),
    comment: text('comment'),
    /** Null only inside the transaction that creates the row (the entry names the expense as its cause). */
    entryId: bigint('entry_id', { mode: 'number' }),
    authorId: bigint('author_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.typeId], foreignColumns: [expenseTypes.companyId, expenseTypes.id] }),
    foreignKey({ columns: [t.companyId, t.payeeUserId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.entryId], foreignColumns: [ledgerEntries.companyId, ledgerEntries.id] }),
    check('expenses_amount_positive', sql`${t.amount} > 0`),
    check('expenses_one_category', sql`(${t.category} is null) <> (${t.typeId} is null)`),
    index().on(t.companyId, t.branchId, t.expenseDate),
    index().on(t.companyId, t.typeId),
    tenantIsolation(t),
  ],
);
