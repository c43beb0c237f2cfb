import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { tenantIsolation } from './tenant.js';

/**
 * What a company sees of its background work (platform/jobs): an import's or export's progress and result,
 * and a job that failed after its retries (the dead-letter record). The queue itself is pg-boss's schema;
 * this table is ours, tenant-isolated, and keyed by pg-boss's job id.
 */
export const jobRecords = pgTable(
  'job_records',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** 'queued' | 'running' | 'done' | 'failed' */
    state: text('state').notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    /** What the job answered (counts, errors by row); a file result is `file`. */
    result: jsonb('result'),
    /** A result kept for download: a path under the files directory and the name it is downloaded as. */
    file: text('file'),
    fileName: text('file_name'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index().on(t.companyId, t.createdAt), tenantIsolation(t)],
);
