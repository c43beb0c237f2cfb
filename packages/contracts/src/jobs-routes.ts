import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { listOf, pageQuerySchema } from './common.js';
import { leadColumnSchema, leadImportResultSchema, leadSearchSchema } from './leads.js';
import { LANGUAGES } from './locale.js';
import { importResultSchema, userListQuerySchema } from './users.js';

/**
 * Issue 15 "a durable job queue": the company's background work as its staff see it — the students and the
 * leads imports and the large exports, with their progress, their result (a file kept for download), and the
 * jobs that failed after their retries (the dead letters an administrator sees).
 */

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * A list with more rows than this is exported in the background (POST …export answers a job); a smaller
 * one is downloaded at once by the GET, as spec §7 describes it.
 */
export const EXPORT_IN_BACKGROUND_ROWS = 2_000;

/** An export job's result: how many rows its file holds. */
export const exportResultSchema = z.object({ rows: z.number().int() });
export type ExportResult = z.infer<typeof exportResultSchema>;

export const jobSchema = z.object({
  /** The queue's job id. */
  id: z.uuid(),
  /** The registry's name: students.import, leads.import, users.export, leads.export, or any dead-lettered job. */
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Rows done of `total` (null until the job knows how many: a file being read). */
  done: z.number().int(),
  total: z.number().int().nullable(),
  /** 0–100; 100 only once the job is done. */
  percent: z.number().int(),
  /** Why it failed: an error code of spec §8 (`error_code`), else the failure's own words. */
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  /** What a finished job answered: an import's report row by row, an export's row count. */
  result: z.union([leadImportResultSchema, importResultSchema, exportResultSchema]).nullable(),
  /** The kept file's download name, when the job made one. */
  file_name: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who started it; null for the company's own scheduled work. */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  policies: z.object({ download: z.boolean() }),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** Only the jobs that failed (the dead letters). */
  failed: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional(),
});
export const jobListSchema = listOf(jobSchema).extend({
  /** Whether the caller sees every staff member's jobs (else his own only). */
  everyone: z.boolean(),
});
export type JobList = z.infer<typeof jobListSchema>;

export const jobParamsSchema = z.object({ id: z.uuid() });

/** What starting a background job answers: the id whose progress GET /jobs/{id} shows. */
export const jobStartedSchema = z.object({ job_id: z.uuid() });
export type JobStarted = z.infer<typeof jobStartedSchema>;

/** POST …export: the job, or null when the list is small enough to download at once (GET). */
export const exportStartedSchema = z.object({ job_id: z.uuid().nullable(), rows: z.number().int() });
export type ExportStarted = z.infer<typeof exportStartedSchema>;

/** GET/POST /user/export: the filters of GET /user, `archived=1` for the archive, and the headers' language. */
export const userExportQuerySchema = userListQuerySchema.extend({
  lang: z.enum(LANGUAGES).optional(),
  archived: z.enum(['0', '1']).optional(),
});
export type UserExportQuery = z.infer<typeof userExportQuerySchema>;

/**
 * GET/POST /leadExport: the spec §9 lead search, which leads (`archived`: '0' or absent the board's cards,
 * '1' the archive, 'all' every lead, students made of leads too), a column, and the language.
 */
export const leadExportQuerySchema = leadSearchSchema.extend({
  column: leadColumnSchema.optional(),
  archived: z.enum(['0', '1', 'all']).optional(),
  lang: z.string().max(5).optional(),
});
export type LeadExportQuery = z.infer<typeof leadExportQuerySchema>;

/** Who may look at background work: whoever may start it (imports, exports) and the administrators. */
export const JOB_READERS = { anyOf: ['students', 'leads', 'reports', 'settings'] } as const;

export const jobsRoutes = {
  listJobs: defineRoute({
    method: 'GET',
    path: '/jobs',
    operationId: 'listJobs',
    summary:
      'The company’s background work, newest first: the caller’s own, or everyone’s for the reports and settings areas; `failed=1` the dead letters.',
    tags: ['jobs'],
    access: JOB_READERS,
    query: jobListQuerySchema,
    body: undefined,
    response: jobListSchema,
  }),
  getJob: defineRoute({
    method: 'GET',
    path: '/jobs/:id',
    operationId: 'getJob',
    summary: 'One job’s progress and result, for its progress bar (its starter or an administrator).',
    tags: ['jobs'],
    access: JOB_READERS,
    params: jobParamsSchema,
    query: undefined,
    body: undefined,
    response: jobSchema,
  }),
  startUserExport: defineRoute({
    method: 'POST',
    path: '/user/export',
    operationId: 'startUserExport',
    summary: `The filtered list of GET /user/export as a background job when it has more than ${EXPORT_IN_BACKGROUND_ROWS} rows; else job_id null (GET it).`,
    tags: ['jobs', 'users'],
    access: { anyOf: ['students', 'teachers', 'staff'] },
    work: 'export',
    query: userExportQuerySchema,
    body: undefined,
    response: exportStartedSchema,
  }),
  startLeadExport: defineRoute({
    method: 'POST',
    path: '/leadExport',
    operationId: 'startLeadExport',
    summary: `The leads of GET /leadExport as a background job when they are more than ${EXPORT_IN_BACKGROUND_ROWS}; else job_id null (GET it).`,
    tags: ['jobs', 'leads'],
    access: 'leads',
    work: 'export',
    query: leadExportQuerySchema,
    body: undefined,
    response: exportStartedSchema,
  }),
};

/** GET /jobs/{id}/file (under /api/v1): the kept result's download, a classic route (it answers a file). */
export const JOB_FILE_PATH = '/jobs/:id/file';
