import { bigint, index, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { tenantIsolation } from './tenant.js';

/**
 * Spec §3 "History events", written in the transaction of the change. No foreign
 * key to the actor or entity: the record must outlive what it describes.
 */
export const historyEvents = pgTable(
  'history_events',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    type: smallint('type').notNull(),
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    branchId: bigint('branch_id', { mode: 'number' }),
    actorId: bigint('actor_id', { mode: 'number' }),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index().on(t.companyId, t.createdAt),
    index().on(t.companyId, t.entity, t.entityId),
    // The history page's "staff member" filter and the audit's per-person day totals.
    index().on(t.companyId, t.actorId, t.createdAt),
    tenantIsolation(t),
  ],
);
