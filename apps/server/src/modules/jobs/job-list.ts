import { canAccess, ERROR_CODES, type Job, type JobList, type jobListQuerySchema, paginate } from '@crm/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { jobRecords, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import type { JobRecordRow } from './job-records.js';

/**
 * What staff see of the company's background work (GET /jobs): a staff member his own imports and exports;
 * the administrators (reports or settings area) everyone's, and the company's failed scheduled work too (a
 * dead letter names nobody).
 */
export const seesEveryonesJobs = (actor: Actor) =>
  canAccess('reports', actor.roles) || canAccess('settings', actor.roles);

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** 0–100 for the progress bar: 100 only once done, whatever the counts say before. */
function percentOf(row: Pick<JobRecordRow, 'state' | 'done' | 'total'>): number {
  if (row.state === 'done') return 100;
  if (!row.total) return 0;
  return Math.min(99, Math.floor((row.done * 100) / row.total));
}

export function presentJob(row: JobRecordRow, starterName: string | null): Job {
  return {
    id: row.id,
    name: row.name,
    state: row.state as Job['state'],
    done: row.done,
    total: row.total,
    percent: percentOf(row),
    error: row.state === 'failed' ? row.error : null,
    error_code: row.state === 'failed' && row.error && KNOWN_CODES.has(row.error) ? row.error : null,
    // While it runs, `result` holds an import's checkpoint: not a result yet.
    result: row.state === 'done' ? (row.result as Job['result']) : null,
    file_name: row.state === 'done' && row.file ? row.fileName : null,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: row.createdBy === null ? null : { id: row.createdBy, name: starterName ?? '' },
    policies: { download: row.state === 'done' && row.file !== null },
  };
}

const starter = and(eq(users.companyId, jobRecords.companyId), eq(users.id, jobRecords.createdBy));

/** The jobs the actor may see: the company's, and his own unless he sees everyone's. */
function visibleTo(actor: Actor): SQL[] {
  const where = [eq(jobRecords.companyId, actor.companyId)];
  if (!seesEveryonesJobs(actor)) where.push(eq(jobRecords.createdBy, actor.id));
  return where;
}

/** GET /jobs: newest first, a page at a time; `failed` only the failed ones. */
export async function listJobs(tx: Tx, actor: Actor, query: z.output<typeof jobListQuerySchema>): Promise<JobList> {
  const where = and(...visibleTo(actor), ...(query.failed ? [eq(jobRecords.state, 'failed')] : []));
  const [total] = await tx.select({ n: count() }).from(jobRecords).where(where);
  const rows = await tx
    .select({ record: jobRecords, starterName: users.name })
    .from(jobRecords)
    .leftJoin(users, starter)
    .where(where)
    .orderBy(desc(jobRecords.createdAt), desc(jobRecords.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: rows.map((row) => presentJob(row.record, row.starterName)),
    pagination: paginate(total?.n ?? 0, query.page, query.per_page, rows.length),
    everyone: seesEveryonesJobs(actor),
  };
}

/** One job the actor may see; 404 for another's (unless he sees everyone's) and another company's. */
export async function findJob(
  tx: Tx,
  actor: Actor,
  id: string,
): Promise<{ record: JobRecordRow; starterName: string | null }> {
  const [row] = await tx
    .select({ record: jobRecords, starterName: users.name })
    .from(jobRecords)
    .leftJoin(users, starter)
    .where(and(...visibleTo(actor), eq(jobRecords.id, id)));
  if (!row) throw notFound();
  return row;
}
