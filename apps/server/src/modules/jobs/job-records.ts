import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { isRoleId, type RoleId } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { selectRows, type Tx } from '../../db/client.js';
import { jobRecords } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, FieldRefusal } from '../../platform/errors.js';
import { keyedJobId } from '../../platform/jobs/boss-id.js';
import type { JobDefinition } from '../../platform/jobs/registry.js';
import { BACKGROUND_STATEMENT_TIMEOUT_MS, inCompany } from '../../platform/tenancy.js';

/**
 * The job record of a recorded job (platform/jobs/registry.ts `recorded`): what the company sees of an import
 * or an export while it runs and after — its progress, its result, its kept file, or why it failed. Every write
 * runs in a tenant transaction of its own on the background connections, or in the caller's when it must commit
 * together with the work (an import's chunk and its checkpoint).
 */

export type JobRecordRow = typeof jobRecords.$inferSelect;

/** A company's work on the background connections, with their longer statement limit. */
export const inBackground = <T>(app: FastifyInstance, companyId: number, work: (tx: Tx) => Promise<T>) =>
  inCompany(app.database.background, companyId, work, { timeoutMs: BACKGROUND_STATEMENT_TIMEOUT_MS });

const ofJob = (companyId: number, jobId: string) => and(eq(jobRecords.companyId, companyId), eq(jobRecords.id, jobId));

export interface RecordedJobStart<P extends z.ZodType> {
  job: JobDefinition<P>;
  payload: z.input<P>;
  /** Rows to do, when known before the job runs. */
  total?: number | null;
}

/**
 * Starts a recorded job for a request and answers its id. `prepare` runs in the caller's transaction (his
 * rights are checked there) and names the job, or answers null when no job is needed; the record is inserted in
 * that transaction (queued) and the job is sent only after the commit. Sending inside the transaction would
 * deadlock on PGlite (the queue shares its one connection) and, on PostgreSQL, could start the job before its
 * record exists. The job id is known before the send: the queue derives it from the job's name and a key
 * (platform/jobs/boss-id.ts).
 */
export async function startRecordedJob<P extends z.ZodType>(
  req: FastifyRequest,
  prepare: (tx: Tx, actor: Actor) => Promise<RecordedJobStart<P> | null>,
): Promise<string | null> {
  const app = req.server;
  const key = randomUUID();
  const started = await req.tenant(async (tx, actor) => {
    const start = await prepare(tx, actor);
    if (!start) return null;
    if (!app.jobs.started) throw new AppError(503, 'jobs_unavailable');
    const jobId = keyedJobId(start.job.name, key);
    await tx.insert(jobRecords).values({
      companyId: actor.companyId,
      id: jobId,
      name: start.job.name,
      state: 'queued',
      total: start.total ?? null,
      createdBy: actor.id,
    });
    return { start, jobId, companyId: actor.companyId };
  });
  if (!started) return null;
  try {
    await app.jobs.send(started.start.job, started.start.payload, { key });
  } catch (error) {
    req.log.error({ err: error, job: started.start.job.name }, 'could not queue a recorded job');
    await failRecord(app, started.companyId, started.jobId, 'jobs_unavailable');
    throw new AppError(503, 'jobs_unavailable');
  }
  return started.jobId;
}

/**
 * An attempt begins: the record becomes `running` with its attempt number. Answers the record as the last
 * attempt left it (an import's checkpoint is in `result`), or null when the job is already over — a job the
 * queue delivers again after its end does nothing twice.
 */
export async function beginAttempt(
  app: FastifyInstance,
  companyId: number,
  jobId: string,
  retryCount: number,
): Promise<JobRecordRow | null> {
  return inBackground(app, companyId, async (tx) => {
    const [row] = await tx.select().from(jobRecords).where(ofJob(companyId, jobId)).for('update');
    if (!row) throw new Error(`job ${jobId} has no record`);
    if (row.state === 'done' || row.state === 'failed') return null;
    await tx
      .update(jobRecords)
      .set({ state: 'running', attempts: retryCount + 1, updatedAt: sql`now()` })
      .where(ofJob(companyId, jobId));
    return row;
  });
}

/** The record, locked until the caller's transaction ends: two attempts never write the same chunk. */
export async function lockRecord(tx: Tx, companyId: number, jobId: string): Promise<JobRecordRow> {
  const [row] = await tx.select().from(jobRecords).where(ofJob(companyId, jobId)).for('update');
  if (!row) throw new Error(`job ${jobId} has no record`);
  return row;
}

/** Rows done of `total`, in its own transaction. */
export async function progress(
  app: FastifyInstance,
  companyId: number,
  jobId: string,
  done: number,
  total: number | null,
): Promise<void> {
  await inBackground(app, companyId, (tx) => saveProgress(tx, companyId, jobId, done, total));
}

/**
 * Rows done, in the caller's transaction; `checkpoint` (what a retry resumes from) replaces the result, so it
 * commits or vanishes with the work it describes.
 */
export async function saveProgress(
  tx: Tx,
  companyId: number,
  jobId: string,
  done: number,
  total: number | null,
  checkpoint?: unknown,
): Promise<void> {
  await tx
    .update(jobRecords)
    .set({ done, total, updatedAt: sql`now()`, ...(checkpoint === undefined ? {} : { result: checkpoint }) })
    .where(and(ofJob(companyId, jobId), eq(jobRecords.state, 'running')));
}

/** A progress bar polled every ~700 ms needs no more than one write per this many ms. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * `progress` for a loop that reports often: a write at most every 250 ms, and always the last one (`final`),
 * so a fast loop costs a few writes, not one per row.
 */
export function throttledProgress(app: FastifyInstance, companyId: number, jobId: string) {
  let last = Number.NEGATIVE_INFINITY;
  return async (done: number, total: number | null, final = false) => {
    const now = performance.now();
    if (!final && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    await progress(app, companyId, jobId, done, total);
    // A turn of the event loop (PGlite's queries never give one): the server answers others, the bar's polls too.
    await setImmediate();
  };
}

export interface JobOutcome {
  result: unknown;
  /** A file kept for download: its key in app.files and the name it is downloaded as. */
  file?: { key: string; name: string };
}

/** The job is done, in the caller's transaction (with the work's last step). False when it was over already. */
export async function finishRecord(tx: Tx, companyId: number, jobId: string, outcome: JobOutcome): Promise<boolean> {
  const ended = await tx
    .update(jobRecords)
    .set({
      state: 'done',
      done: sql`coalesce(${jobRecords.total}, ${jobRecords.done})`,
      result: outcome.result,
      file: outcome.file?.key ?? null,
      fileName: outcome.file?.name ?? null,
      error: null,
      updatedAt: sql`now()`,
    })
    .where(and(ofJob(companyId, jobId), sql`${jobRecords.state} in ('queued', 'running')`))
    .returning({ id: jobRecords.id });
  return ended.length > 0;
}

/** `finishRecord` in its own transaction. */
export const finish = (app: FastifyInstance, companyId: number, jobId: string, outcome: JobOutcome) =>
  inBackground(app, companyId, (tx) => finishRecord(tx, companyId, jobId, outcome));

/** The job failed for good: `error` is a spec §8 code or the failure's words. */
export async function failRecord(app: FastifyInstance, companyId: number, jobId: string, error: string) {
  await inBackground(app, companyId, (tx) =>
    tx
      .update(jobRecords)
      .set({ state: 'failed', error: error.slice(0, 500), updatedAt: sql`now()` })
      .where(ofJob(companyId, jobId)),
  );
}

/**
 * A failure that another attempt would meet again (a file that cannot be read, a branch no longer his): the
 * job ends failed at once instead of being retried. Anything else (a lost connection) is retried.
 */
export const isFinalFailure = (error: unknown): boolean =>
  (error instanceof AppError && error.statusCode < 500) || error instanceof FieldRefusal;

/** What the record says of a failure: the spec §8 code of a refusal, else its message. */
export const failureText = (error: unknown): string =>
  error instanceof AppError ? error.code : error instanceof Error ? error.message : String(error);

interface JobActorRow {
  id: number;
  name: string;
  roles: number[];
  branch_ids: number[] | null;
  all_branches: boolean;
  company_disabled: boolean;
}

/**
 * The staff member a job works for, read when it runs (as a request reads its caller): his roles and branches
 * now, so rights taken away since the job was started are taken away from the job too. Unlike a request, no
 * session is needed — signing out does not cancel an import.
 */
export async function loadJobActor(tx: Tx, companyId: number, userId: number, jobId: string): Promise<Actor> {
  const [row] = await selectRows<JobActorRow>(
    tx,
    sql`select u.id::int as id, u.name, u.roles::int[] as roles, c.disabled as company_disabled,
      (u.roles && array[1, 8]::smallint[]) as all_branches,
      case when u.roles && array[1, 8]::smallint[]
        then (select array_agg(b.id::int order by b.id) from branches b where b.company_id = u.company_id)
        else (select array_agg(ub.branch_id::int order by ub.branch_id) from user_branches ub
              where ub.company_id = u.company_id and ub.user_id = u.id)
      end as branch_ids
    from users u join companies c on c.id = u.company_id
    where u.company_id = ${companyId} and u.id = ${userId} and u.archived_at is null`,
  );
  if (!row) throw new AppError(403, 'forbidden');
  if (row.company_disabled) throw new AppError(403, 'company_disabled');
  return {
    id: row.id,
    companyId,
    sessionId: `job:${jobId}`,
    name: row.name,
    roles: row.roles.filter(isRoleId) as RoleId[],
    branchIds: row.branch_ids ?? [],
    allBranches: row.all_branches,
  };
}
