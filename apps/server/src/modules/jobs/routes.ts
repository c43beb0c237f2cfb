import { JOB_FILE_PATH, JOB_READERS, jobParamsSchema, jobsRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors.js';
import { registerRoute } from '../../platform/route-table.js';
import { XLSX_TYPE } from '../../platform/spreadsheet-http.js';
import { contentDisposition } from '../courses/files-service.js';
import { registerExportJobs } from './export-jobs.js';
import { findJob, listJobs, presentJob } from './job-list.js';

/**
 * Issue 15: the company's background work — GET /jobs (the list, and the dead letters with `failed=1`),
 * GET /jobs/{id} (one job's progress bar), GET /jobs/{id}/file (a finished job's kept file) — and the large
 * exports started as jobs. The imports' jobs are registered by their modules (modules/jobs/import-job.ts).
 */
export default async function jobsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerRoute(fastify, jobsRoutes.listJobs, (req, { query }) =>
    req.tenant((tx, actor) => listJobs(tx, actor, query)),
  );

  registerRoute(fastify, jobsRoutes.getJob, (req, { params }) =>
    req.tenant(async (tx, actor) => {
      const { record, starterName } = await findJob(tx, actor, params.id);
      return presentJob(record, starterName);
    }),
  );

  app.get(
    JOB_FILE_PATH,
    {
      config: { access: JOB_READERS, work: 'export' },
      schema: {
        tags: ['jobs'],
        description: 'The file a finished job kept (an export), as xlsx.',
        params: jobParamsSchema,
      },
    },
    async (req, reply) => {
      const { record } = await req.tenant((tx, actor) => findJob(tx, actor, req.params.id));
      const bytes = record.state === 'done' && record.file ? await app.files.open(record.companyId, record.file) : null;
      if (!bytes) throw notFound();
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-length', bytes.size)
        .header('content-disposition', contentDisposition(record.fileName ?? 'export.xlsx'))
        .header('cache-control', 'private, no-store')
        .send(bytes.stream);
    },
  );

  registerExportJobs(fastify);
}
