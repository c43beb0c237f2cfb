import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobRecords } from '../../db/schema/index.js';
import { inCompany } from '../tenancy.js';
import type { JobDefinition } from './registry.js';

const companyOf = (payload: unknown): number | null => {
  const id = (payload as { companyId?: unknown } | null)?.companyId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The dead letter (decision 0022): a company's job that failed its last attempt is kept as a failed job
 * record with the reason, which the company's administrators see in their background work. Platform jobs
 * (the dispatches, which name no company) are only logged. Upserted: a record that followed the job's
 * progress (an import) becomes the failed one.
 */
export function recordDeadLetter(db: Db) {
  return async (job: JobDefinition, payload: unknown, jobId: string, error: unknown) => {
    const companyId = companyOf(payload);
    if (!companyId) return;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await inCompany(db, companyId, (tx) =>
      tx
        .insert(jobRecords)
        .values({ companyId, id: jobId, name: job.name, state: 'failed', error: reason, attempts: job.retryLimit + 1 })
        .onConflictDoUpdate({
          target: [jobRecords.companyId, jobRecords.id],
          set: { state: 'failed', error: reason, attempts: job.retryLimit + 1, updatedAt: sql`now()` },
        }),
    );
  };
}
