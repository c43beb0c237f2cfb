import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './companies.js';
import { tenantIsolation } from './tenant.js';

/** Spec §3 Room: id, name, capacity; rooms belong to a branch. */
export const rooms = pgTable(
  'rooms',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    index().on(t.companyId, t.branchId),
    tenantIsolation(t),
  ],
);
