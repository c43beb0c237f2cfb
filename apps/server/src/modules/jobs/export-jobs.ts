import { Readable } from 'node:stream';
import { EXPORT_IN_BACKGROUND_ROWS, jobsRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { JOBS, type JobDefinition } from '../../platform/jobs/registry.js';
import { registerRoute } from '../../platform/route-table.js';
import { findCompanyPublic } from '../company/service.js';
import { countLeadsForExport, leadsForExport } from '../leads/lead-excel-export.js';
import { leadsWorkbook } from '../leads/lead-excel-workbook.js';
import { buildExport } from '../users/excel.js';
import { listAllUsers, listUsers } from '../users/queries.js';
import { EXPORT_CAP as USER_EXPORT_CAP } from '../users/routes.js';
import {
  beginAttempt,
  failRecord,
  failureText,
  finish,
  inBackground,
  isFinalFailure,
  loadJobActor,
  startRecordedJob,
  throttledProgress,
} from './job-records.js';

/**
 * The large exports as jobs (issue 15): POST on the export's own path counts the rows the GET would write;
 * more than EXPORT_IN_BACKGROUND_ROWS start a job that writes the same file, reports its rows as it goes and
 * keeps the file for download (GET /jobs/{id}/file). A smaller list answers no job: the GET is quicker. A
 * retried export simply writes its file again: it changes nothing but its own record.
 */

interface ExportFile {
  buffer: Buffer;
  rows: number;
  name: string;
}

/** Rows written of the total (throttled: a write at most every 250 ms). */
type Tell = (written: number, total: number) => Promise<void>;

/** The rows are read as the starter sees them now (his branches, his areas), then written to the sheet. */
type BuildFile<P> = (app: FastifyInstance, payload: P, jobId: string, tell: Tell) => Promise<ExportFile>;

const usersFile: BuildFile<z.infer<(typeof JOBS)['exportUsers']['payload']>> = async (app, payload, jobId, tell) => {
  const { companyId, userId, query } = payload;
  const { lang, archived, ...list } = query;
  const { people, company } = await inBackground(app, companyId, async (tx) => {
    const actor = await loadJobActor(tx, companyId, userId, jobId);
    return {
      people: await listAllUsers(tx, actor, list, archived === '1', USER_EXPORT_CAP),
      company: await findCompanyPublic(tx, companyId),
    };
  });
  await tell(0, people.length);
  const buffer = await buildExport(people, lang ?? company.locale, company.country, (n) => tell(n, people.length));
  return { buffer, rows: people.length, name: `${query.user_type}s.xlsx` };
};

const leadsFile: BuildFile<z.infer<(typeof JOBS)['exportLeads']['payload']>> = async (app, payload, jobId, tell) => {
  const { companyId, userId, query } = payload;
  const { data, company } = await inBackground(app, companyId, async (tx) => {
    const actor = await loadJobActor(tx, companyId, userId, jobId);
    return { data: await leadsForExport(tx, actor, query), company: await findCompanyPublic(tx, companyId) };
  });
  const total = data.leads.length;
  await tell(0, total);
  const buffer = await leadsWorkbook(data, query.lang ?? company.locale, company.country, (n) => tell(n, total));
  return { buffer, rows: total, name: 'leads.xlsx' };
};

/** Registers an export job's handler: build the file, store it, end the record with it. */
function handleExport<P extends z.ZodType<{ companyId: number }>>(
  app: FastifyInstance,
  job: JobDefinition<P>,
  build: BuildFile<z.infer<P>>,
) {
  app.jobs.handle(job, async (payload, { jobId, retryCount, log }) => {
    const { companyId } = payload;
    if (!(await beginAttempt(app, companyId, jobId, retryCount))) return;
    const report = throttledProgress(app, companyId, jobId);
    let file: ExportFile;
    try {
      file = await build(app, payload, jobId, (written, total) => report(written, total));
    } catch (error) {
      if (!isFinalFailure(error)) throw error;
      log.info({ err: error }, 'export refused');
      await failRecord(app, companyId, jobId, failureText(error));
      return;
    }
    const stored = await app.files.save(companyId, Readable.from([file.buffer]));
    const outcome = { result: { rows: file.rows }, file: { key: stored.key, name: file.name } };
    // Ended meanwhile (another attempt): its file stands, this one goes.
    if (!(await finish(app, companyId, jobId, outcome))) await app.files.remove(companyId, [stored.key]);
  });
}

/** POST /user/export and POST /leadExport, and their jobs. */
export function registerExportJobs(app: FastifyInstance) {
  handleExport(app, JOBS.exportUsers, usersFile);
  handleExport(app, JOBS.exportLeads, leadsFile);

  registerRoute(app, jobsRoutes.startUserExport, async (req, { query }) => {
    let rows = 0;
    const jobId = await startRecordedJob(req, async (tx, actor) => {
      const { lang: _lang, archived, ...list } = query;
      // GET /user's own count (its area and branch checks included): a page of one row.
      const found = await listUsers(tx, actor, { ...list, page: 1, per_page: 1 }, archived === '1');
      rows = Math.min(found.pagination.total, USER_EXPORT_CAP);
      if (rows <= EXPORT_IN_BACKGROUND_ROWS) return null;
      return { job: JOBS.exportUsers, payload: { companyId: actor.companyId, userId: actor.id, query }, total: rows };
    });
    return { job_id: jobId, rows };
  });

  registerRoute(app, jobsRoutes.startLeadExport, async (req, { query }) => {
    let rows = 0;
    const jobId = await startRecordedJob(req, async (tx, actor) => {
      rows = await countLeadsForExport(tx, actor, query);
      if (rows <= EXPORT_IN_BACKGROUND_ROWS) return null;
      return { job: JOBS.exportLeads, payload: { companyId: actor.companyId, userId: actor.id, query }, total: rows };
    });
    return { job_id: jobId, rows };
  });
}
