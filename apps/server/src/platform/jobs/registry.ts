import { leadExportQuerySchema, userExportQuerySchema } from '@crm/contracts';
import { z } from 'zod';

/**
 * The one registry of background jobs (issue 15, decision 0022): every name the queue may hold, the shape
 * of its payload (checked when a job is sent and again when it is worked), how it retries, and the cron of
 * the scheduled ones. Modules register a handler per job (`app.jobs.handle`); the server refuses to start
 * while a job here has none, or while the queue holds a name that is not here.
 */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  name: string;
  payload: P;
  /** Attempts after the first; then the job is dead-lettered (a failed job record the company sees). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How long one attempt may run before it is failed and retried. */
  expireInSeconds: number;
  /** A cron (UTC) for a job the queue creates itself; its payload is `{}`. */
  cron?: string;
  /** The company sees it in its background work (imports, exports): a job record follows its progress. */
  recorded?: boolean;
}

const defineJob = <P extends z.ZodType>(
  definition: Pick<JobDefinition<P>, 'name' | 'payload'> & Partial<JobDefinition<P>>,
): JobDefinition<P> => ({
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  ...definition,
});

const companyId = z.number().int().positive();
/** Work of one company for one of its calendar days: the day is also the job's singleton key. */
export const companyDayPayload = z.object({ companyId, date: z.iso.date() });
const noPayload = z.object({});
/** Who started it (the work runs as him, with his rights when it runs), where, and the stored upload's key. */
const importPayload = z.object({
  companyId,
  userId: z.number().int().positive(),
  branchId: z.number().int().positive(),
  upload: z.string().regex(/^[0-9a-f]{32}$/),
});
/** Someone watches its progress bar: a retry comes soon, and a file that cannot be read is not retried. */
const watchedJob = { retryLimit: 2, retryDelaySeconds: 5, retryBackoff: false, recorded: true } as const;

export const JOBS = {
  /** Every 5 minutes: queue today's billing of each company whose day is not billed (docs/billing.md). */
  billingDispatch: defineJob({ name: 'billing.dispatch', payload: noPayload, cron: '*/5 * * * *', retryLimit: 0 }),
  billingCompanyDay: defineJob({ name: 'billing.company-day', payload: companyDayPayload, expireInSeconds: 60 * 60 }),
  /** Hands stored SMS to the operator (an outbox: the rows are stored first, this job only delivers them). */
  smsDeliver: defineJob({
    name: 'sms.deliver',
    payload: z.object({ companyId, messageIds: z.array(z.number().int().positive()).min(1).max(5_000) }),
    retryLimit: 5,
    retryDelaySeconds: 20,
  }),
  /** Every few minutes: stored SMS nobody delivered (a crash between commit and send), and states to poll. */
  smsSweep: defineJob({ name: 'sms.sweep', payload: noPayload, cron: '*/2 * * * *', retryLimit: 0 }),
  /** Every 5 minutes: queue the daily automatic SMS of each company whose 9:00 has come (spec §9). */
  autoSmsDispatch: defineJob({ name: 'auto-sms.dispatch', payload: noPayload, cron: '*/5 * * * *', retryLimit: 0 }),
  autoSmsCompanyDay: defineJob({ name: 'auto-sms.company-day', payload: companyDayPayload }),
  /** An event rule (payment done, activation): one student's SMS right after the event. */
  autoSmsEvent: defineJob({
    name: 'auto-sms.event',
    payload: z.object({
      companyId,
      rule: z.enum(['payment_done', 'activation']),
      studentId: z.number().int().positive(),
      /** What makes it once: the payment's or the activation's id. */
      cause: z.string().min(1).max(100),
      values: z.record(z.string(), z.string()).default({}),
    }),
  }),
  /** Every 10 minutes: the daily Telegram report of each company whose working day has ended. */
  telegramDispatch: defineJob({ name: 'telegram.dispatch', payload: noPayload, cron: '*/10 * * * *', retryLimit: 0 }),
  telegramCompanyReport: defineJob({ name: 'telegram.company-report', payload: companyDayPayload }),
  /** Issue 24: the bot tells linked students and parents of an absence today, a new grade, news (once each). */
  telegramNotice: defineJob({
    name: 'telegram.notice',
    payload: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('absence'), companyId, groupId: z.number().int().positive(), date: z.iso.date() }),
      z.object({
        kind: z.literal('grade'),
        companyId,
        groupId: z.number().int().positive(),
        studentId: z.number().int().positive(),
        date: z.iso.date(),
      }),
      z.object({ kind: z.literal('news'), companyId, postId: z.number().int().positive() }),
    ]),
    retryLimit: 3,
  }),
  /** Every 2 minutes: tell staff who linked the bot of their tasks that just fell due (once per task). */
  reminderTelegram: defineJob({ name: 'reminders.telegram', payload: noPayload, cron: '*/2 * * * *', retryLimit: 0 }),
  /** Every 30 minutes: queue today's daily coin rules (birthdays, a month without absence) of gamified companies. */
  gamificationDispatch: defineJob({
    name: 'gamification.dispatch',
    payload: noPayload,
    cron: '*/30 * * * *',
    retryLimit: 0,
  }),
  gamificationCompanyDay: defineJob({ name: 'gamification.company-day', payload: companyDayPayload }),
  /** Every 10 minutes: keep each OnlinePBX account's recent calls (issue 22: the log and the reachability report). */
  telephonySyncDispatch: defineJob({
    name: 'telephony.sync-dispatch',
    payload: noPayload,
    cron: '*/10 * * * *',
    retryLimit: 0,
  }),
  telephonyCallSync: defineJob({
    name: 'telephony.call-sync',
    payload: z.object({ companyId, accountId: z.number().int().positive() }),
    retryLimit: 2,
  }),
  /** An uploaded students or leads list, imported in chunks with its progress (modules/jobs/import-job.ts). */
  importStudents: defineJob({ name: 'students.import', payload: importPayload, ...watchedJob }),
  importLeads: defineJob({ name: 'leads.import', payload: importPayload, ...watchedJob }),
  /** A large list written to a file kept for download (modules/jobs/export-jobs.ts). */
  exportUsers: defineJob({
    name: 'users.export',
    payload: z.object({ companyId, userId: z.number().int().positive(), query: userExportQuerySchema }),
    ...watchedJob,
  }),
  exportLeads: defineJob({
    name: 'leads.export',
    payload: z.object({ companyId, userId: z.number().int().positive(), query: leadExportQuerySchema }),
    ...watchedJob,
  }),
} as const satisfies Record<string, JobDefinition>;

export type JobName = (typeof JOBS)[keyof typeof JOBS]['name'];
export const JOB_DEFINITIONS: readonly JobDefinition[] = Object.values(JOBS);
