import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setImmediate } from 'node:timers/promises';
import { type Access, importQuerySchema, jobStartedSchema } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import type { HistoryRecord } from '../../platform/history.js';
import type { JobContext } from '../../platform/jobs/queue.js';
import type { JOBS } from '../../platform/jobs/registry.js';
import { readUploadedFile } from '../../platform/spreadsheet-http.js';
import { chunks, type ImportReport, type RejectedRow } from '../../platform/spreadsheet-import.js';
import { assertSpreadsheetBytes, type SheetRow } from '../../platform/spreadsheet-read.js';
import {
  beginAttempt,
  failRecord,
  failureText,
  finishRecord,
  inBackground,
  isFinalFailure,
  type JobRecordRow,
  loadJobActor,
  lockRecord,
  progress,
  saveProgress,
  startRecordedJob,
} from './job-records.js';

/**
 * The students and the leads imports as jobs (issue 15): the upload is checked and stored, the answer is the
 * job's id at once, and the job reads the file and writes its rows chunk by chunk, each chunk in its own
 * transaction together with a checkpoint in the job record (rows done, what was refused or added so far).
 * A retried attempt resumes after the last committed chunk, so no row is written twice; and since the chunk
 * and its checkpoint commit together, a failure inside a chunk leaves neither. The import's history event
 * and its answer — the same as the synchronous import gave — are written once, with the job's end.
 */

type ImportJob = (typeof JOBS)['importStudents' | 'importLeads'];
type ImportPayload = z.infer<ImportJob['payload']>;

export interface AddedRow {
  row: number;
  name: string;
  phone: string;
}

/** What one chunk did: the rows it refused (a known student, a live lead) and, for the leads, those it added. */
export interface ChunkOutcome<Reason extends string> {
  rejected: RejectedRow<Reason>[];
  added: AddedRow[];
}

export interface ChunkedImport<Row extends SheetRow<string>, Candidate, Reason extends string> {
  job: ImportJob;
  access: Access;
  tags: string[];
  /** Reads the file's rows (in a worker thread, spreadsheet-parse.ts). */
  parse: (file: Buffer) => Promise<Row[]>;
  /** The caller's right to import into the branch: when the upload arrives, and again when the job runs. */
  authorize: (actor: Actor, branchId: number) => void;
  /** Each row's own checks and the duplicates within the file, in one transaction that writes nothing. */
  check: (
    tx: Tx,
    actor: Actor,
    branchId: number,
    rows: Row[],
    startedAt: number,
  ) => Promise<{ report: ImportReport<Reason>; candidates: Candidate[] }>;
  /** Writes one chunk of the checked rows (file order) in the chunk's transaction. */
  write: (tx: Tx, actor: Actor, branchId: number, chunk: Candidate[]) => Promise<ChunkOutcome<Reason>>;
  /** New leads land on top of a column: the last chunk is written first, so the file's first row ends on top. */
  lastChunkFirst?: boolean;
  /** The answer lists the added rows (the leads import). */
  listsAdded?: boolean;
  history: Pick<HistoryRecord, 'event' | 'entity'>;
  /** The tables it fills: their planner statistics are refreshed after it (Database.analyze). */
  fills: readonly string[];
}

/**
 * Rows per transaction: about a tenth of the file (ten steps of the progress bar), at least 250 (a small file
 * is not written in slivers) and at most 1,000 (a multi-row insert stays far below PostgreSQL's 65,535 bind
 * parameters). It depends only on the file, so a retry cuts the same chunks.
 */
export const chunkSizeFor = (rows: number) => Math.min(1_000, Math.max(250, Math.ceil(rows / 10)));

/** For tests: called inside each chunk's transaction after its checkpoint; a throw there rolls the chunk back. */
export const importJobHooks: {
  afterChunk?: (at: { jobId: string; chunk: number; retryCount: number }) => void | Promise<void>;
} = {};

interface Checkpoint<Reason extends string> {
  /** Chunks committed, in writing order. */
  chunks: number;
  imported: number;
  rejected: RejectedRow<Reason>[];
  added: AddedRow[];
}

const checkpointOf = <Reason extends string>(record: Pick<JobRecordRow, 'result'>): Checkpoint<Reason> => {
  const saved = record.result as Partial<Checkpoint<Reason>> | null;
  return {
    chunks: saved?.chunks ?? 0,
    imported: saved?.imported ?? 0,
    rejected: saved?.rejected ?? [],
    added: saved?.added ?? [],
  };
};

/**
 * POST `path`?branch_id with one .xls or .xlsx file: checks the upload (size, type, what its zip says it
 * inflates to), stores it, records the job and answers `{ job_id }`; registers the job's handler too.
 */
export function postImportJob<Row extends SheetRow<string>, Candidate, Reason extends string>(
  fastify: FastifyInstance,
  path: string,
  importer: ChunkedImport<Row, Candidate, Reason>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.handle(importer.job, (payload, context) => runImport(fastify, importer, payload, context));
  app.post(
    path,
    {
      config: { access: importer.access },
      schema: {
        tags: importer.tags,
        description:
          'multipart/form-data with one .xls or .xlsx file (field "file"). Answers the import job; GET /jobs/{id} shows its progress and, once done, its result row by row.',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: jobStartedSchema },
      },
    },
    async (req) => {
      const bytes = await readUploadedFile(req);
      assertSpreadsheetBytes(bytes);
      const companyId = req.claims?.companyId as number;
      const branchId = req.query.branch_id;
      const stored = await app.files.save(companyId, Readable.from([bytes]));
      try {
        const jobId = await startRecordedJob(req, async (_tx, actor) => {
          importer.authorize(actor, branchId);
          return { job: importer.job, payload: { companyId, userId: actor.id, branchId, upload: stored.key } };
        });
        return { job_id: jobId as string };
      } catch (error) {
        await app.files.remove(companyId, [stored.key]);
        throw error;
      }
    },
  );
}

async function readUpload(app: FastifyInstance, companyId: number, key: string): Promise<Buffer> {
  const stored = await app.files.open(companyId, key);
  // Gone: the job ended before, or this server does not share the disk the upload was stored on.
  if (!stored) throw new AppError(400, 'import_file_invalid');
  return buffer(stored.stream);
}

async function runImport<Row extends SheetRow<string>, Candidate, Reason extends string>(
  app: FastifyInstance,
  importer: ChunkedImport<Row, Candidate, Reason>,
  payload: ImportPayload,
  context: JobContext,
) {
  const { companyId, upload } = payload;
  const record = await beginAttempt(app, companyId, context.jobId, context.retryCount);
  if (!record) return;
  try {
    await importRows(app, importer, payload, context, record);
  } catch (error) {
    if (!isFinalFailure(error)) {
      // The dead-letter listener records the last attempt's failure (platform/jobs/records.ts).
      if (context.lastAttempt) await app.files.remove(companyId, [upload]);
      throw error;
    }
    context.log.info({ err: error }, 'import refused');
    await failRecord(app, companyId, context.jobId, failureText(error));
  }
  await app.files.remove(companyId, [upload]);
}

async function importRows<Row extends SheetRow<string>, Candidate, Reason extends string>(
  app: FastifyInstance,
  importer: ChunkedImport<Row, Candidate, Reason>,
  { companyId, userId, branchId, upload }: ImportPayload,
  { jobId, retryCount }: JobContext,
  record: JobRecordRow,
) {
  const startedAt = performance.now();
  const rows = await importer.parse(await readUpload(app, companyId, upload));
  const { actor, report, candidates } = await inBackground(app, companyId, async (tx) => {
    const actor = await loadJobActor(tx, companyId, userId, jobId);
    importer.authorize(actor, branchId);
    return { actor, ...(await importer.check(tx, actor, branchId, rows, startedAt)) };
  });

  const parts = chunks(candidates, chunkSizeFor(candidates.length));
  if (importer.lastChunkFirst) parts.reverse();
  // Rows refused by the first checks are done already; each chunk then adds its rows.
  const doneAfter = (written: number) =>
    rows.length - candidates.length + parts.slice(0, written).reduce((sum, part) => sum + part.length, 0);
  let checkpoint = checkpointOf<Reason>(record);
  await progress(app, companyId, jobId, doneAfter(checkpoint.chunks), rows.length);

  for (let index = checkpoint.chunks; index < parts.length; index++) {
    const part = parts[index] as Candidate[];
    checkpoint = await inBackground(app, companyId, async (tx) => {
      const saved = checkpointOf<Reason>(await lockRecord(tx, companyId, jobId));
      // Another attempt got further (an expired attempt still running): this one stops, writing nothing.
      if (saved.chunks !== index) throw new Error(`import ${jobId}: chunk ${index} already written`);
      const outcome = await importer.write(tx, actor, branchId, part);
      const next: Checkpoint<Reason> = {
        chunks: index + 1,
        imported: saved.imported + part.length - outcome.rejected.length,
        rejected: [...saved.rejected, ...outcome.rejected],
        added: [...saved.added, ...outcome.added],
      };
      await saveProgress(tx, companyId, jobId, doneAfter(index + 1), rows.length, next);
      await importJobHooks.afterChunk?.({ jobId, chunk: index, retryCount });
      return next;
    });
    // PGlite answers without I/O: its queries resolve as microtasks, so a loop of them never lets the event loop
    // turn. A turn between chunks lets the server answer others meanwhile — the progress bar's polls too.
    await setImmediate();
  }

  // Thousands of new rows make yesterday's statistics wrong for every later query of the company: they are
  // refreshed before the job says it is done, so the lists the user opens next are planned with them.
  await app.database.analyze(importer.fills);
  for (const refused of checkpoint.rejected) {
    const values = refused.name === null ? {} : { name: refused.name };
    report.reject({ row: refused.row, values }, refused.reason, refused.phone, refused.existing_id);
  }
  await inBackground(app, companyId, async (tx) => {
    if ((await lockRecord(tx, companyId, jobId)).state !== 'running') return;
    const answer = await report.finish(
      tx,
      actor,
      { ...importer.history, branchId },
      { total: rows.length, imported: checkpoint.imported },
    );
    const added = [...checkpoint.added].sort((a, b) => a.row - b.row);
    await finishRecord(tx, companyId, jobId, { result: importer.listsAdded ? { ...answer, added } : answer });
  });
}
