import { bigint, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { tenantIsolation } from './tenant.js';

/**
 * Spec §7 POST /workly: a staff member bound to his employee record in Workly (the time-tracking service),
 * so its check-ins can be shown by our names. One binding per staff member and per Workly employee.
 */
export const worklyBindings = pgTable(
  'workly_bindings',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    worklyEmployeeId: text('workly_employee_id').notNull(),
    boundBy: bigint('bound_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    unique().on(t.companyId, t.worklyEmployeeId),
    tenantIsolation(t),
  ],
);
