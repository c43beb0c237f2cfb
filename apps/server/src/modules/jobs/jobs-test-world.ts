import type { Job } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildTestApp, call, openTestDatabase, testJobs } from '../../../test/helpers.js';
import { uploadSpreadsheet } from '../../../test/spreadsheets.js';
import type { Database } from '../../db/client.js';

/** An app whose job queue runs (its own pg-boss schema, quick polling, no pause before a retry). */
export async function openJobsApp(
  database?: Database,
  options: { clock?: () => Date } = {},
): Promise<{ app: FastifyInstance; database: Database }> {
  const db = database ?? (await openTestDatabase());
  const app = await buildTestApp(db, { ...options, jobs: testJobs() });
  await app.ready();
  await app.jobs.start();
  afterAll(() => app.close());
  return { app, database: db };
}

/** GET /jobs/{id} as `token` sees it. */
export const readJob = async (app: FastifyInstance, sub: string, token: string, id: string) =>
  (await call(app, { url: `/api/v1/jobs/${id}`, sub, token })).body as Job;

export interface ImportThroughJob {
  /** The upload's status: 200 when the job was started. */
  status: number;
  /** The finished import's answer (as the synchronous import gave it), else the upload's refusal. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the import answered
  body: any;
  /** The job at its end (null when the upload was refused). */
  job: Job | null;
}

/**
 * A browser's upload to an import, then its job followed to the end: what the import dialog shows once the
 * progress bar is full.
 */
export async function importThroughJob(
  app: FastifyInstance,
  o: { url: string; sub: string; token: string; file: Buffer; filename?: string },
): Promise<ImportThroughJob> {
  const upload = await uploadSpreadsheet(app, o);
  if (upload.status !== 200) return { status: upload.status, body: upload.body, job: null };
  const job = await waitForJob(app, o.sub, o.token, upload.body.job_id);
  return { status: upload.status, body: job.state === 'done' ? job.result : { error: { code: job.error } }, job };
}

/** Polls GET /jobs/{id} as the progress bar does until the job is done or failed; `seen` hears every answer. */
export async function waitForJob(
  app: FastifyInstance,
  sub: string,
  token: string,
  id: string,
  seen?: (job: Job) => void,
): Promise<Job> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const job = await readJob(app, sub, token, id);
    seen?.(job);
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.state} after 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
