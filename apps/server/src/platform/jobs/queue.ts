import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { keyedJobId } from './boss-id.js';
import { JOB_DEFINITIONS, type JobDefinition } from './registry.js';

/** The prefix of the queues pg-boss makes for itself (its timekeeper's `__pgboss__send-it`). */
const PG_BOSS_OWN_QUEUE_PREFIX = '__pgboss__';

/** What a handler is told besides its payload. */
export interface JobContext {
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** True on the last attempt: a failure now is final. */
  lastAttempt: boolean;
  log: FastifyBaseLogger;
}

export type JobHandler<P extends z.ZodType> = (payload: z.infer<P>, context: JobContext) => Promise<unknown>;

/** Called when a job has failed for the last time (the dead letter): the failed job record is written here. */
export type DeadLetterListener = (job: JobDefinition, payload: unknown, jobId: string, error: unknown) => Promise<void>;

export interface JobQueueOptions {
  /** pg-boss's schema; tests sharing one PostgreSQL give each app its own so they never work each other's jobs. */
  schema?: string;
  /** How often an idle worker looks for work. */
  pollingSeconds?: number;
  /** Whether this process creates the scheduled jobs (pg-boss's timekeeper; safe in every process). */
  schedule?: boolean;
  /** Every job's pause before a retry (tests: 0, so a retried job does not keep a test waiting). */
  retryDelaySeconds?: number;
}

export class JobHandlerMissingError extends Error {}

/**
 * The durable job queue (decision 0022): pg-boss on the app's database — its own connections on PostgreSQL,
 * the one PGlite connection otherwise. A job runs once across any number of processes (pg-boss fetches with
 * SKIP LOCKED); it is retried with backoff and, after its last attempt, dead-lettered to a listener.
 * Sending before `start` (a test that runs no worker) throws: callers that must not fail keep an outbox.
 */
export class JobQueue {
  private boss: PgBoss | null = null;
  private readonly handlers = new Map<string, { job: JobDefinition; handler: JobHandler<z.ZodType> }>();
  private readonly deadLetterListeners: DeadLetterListener[] = [];
  /** This process's worker of each job name: woken at once when this process sends it work. */
  private readonly workers = new Map<string, string>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions = {},
  ) {}

  get started(): boolean {
    return this.boss !== null;
  }

  handle<P extends z.ZodType>(job: JobDefinition<P>, handler: JobHandler<P>): void {
    if (this.handlers.has(job.name)) throw new Error(`job ${job.name} has two handlers`);
    this.handlers.set(job.name, { job, handler: handler as JobHandler<z.ZodType> });
  }

  onDeadLetter(listener: DeadLetterListener): void {
    this.deadLetterListeners.push(listener);
  }

  /** Starts pg-boss, its queues, schedules and workers; refuses when a job has no handler. */
  async start(): Promise<void> {
    if (this.boss) return;
    const missing = JOB_DEFINITIONS.filter((job) => !this.handlers.has(job.name)).map((job) => job.name);
    if (missing.length) throw new JobHandlerMissingError(`jobs without a handler: ${missing.join(', ')}`);
    const connection = this.database.jobsConnection;
    const boss = new PgBoss({
      ...('connectionString' in connection
        ? { connectionString: connection.connectionString, max: 3 }
        : { db: { executeSql: (text: string, values: unknown[]) => connection.executeSql(text, values) } }),
      schema: this.options.schema ?? 'pgboss',
      schedule: this.options.schedule ?? true,
      application_name: 'crm-jobs',
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    await boss.start();
    await this.refuseUnknownNames(boss);
    for (const job of JOB_DEFINITIONS) await this.prepareQueue(boss, job);
    this.boss = boss;
    for (const { job } of this.handlers.values()) {
      const workerId = await boss.work(
        job.name,
        { includeMetadata: true, pollingIntervalSeconds: this.options.pollingSeconds ?? 2, batchSize: 1 },
        (jobs) => this.run(job, jobs),
      );
      this.workers.set(job.name, workerId);
    }
  }

  /**
   * Creates (or updates) a job's queue and its schedule. Servers starting together race here: pg-boss's
   * queue creation takes locks in an order that two processes can deadlock on (seen on PostgreSQL with two
   * servers), and one may insert the queue the other just made. Both are harmless to repeat: try again.
   */
  private async prepareQueue(boss: PgBoss, job: JobDefinition, attempt = 1): Promise<void> {
    const queue = {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: this.options.retryDelaySeconds ?? job.retryDelaySeconds,
      retryBackoff: this.options.retryDelaySeconds === undefined && job.retryBackoff,
      expireInSeconds: job.expireInSeconds,
    };
    try {
      if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, queue);
      else await boss.createQueue(job.name, queue);
      if (job.cron) await boss.schedule(job.name, job.cron, {});
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      await this.prepareQueue(boss, job, attempt + 1);
    }
  }

  /**
   * A name in pg-boss's tables that this build does not know: its jobs would wait forever. pg-boss's own queues
   * (`__pgboss__send-it`, through which its cron schedules send their jobs) are its business, not unknown: a
   * restart while one of its jobs waited used to refuse to start.
   */
  private async refuseUnknownNames(boss: PgBoss): Promise<void> {
    const known = new Set(JOB_DEFINITIONS.map((job) => job.name));
    const schedules = await boss.getSchedules();
    const queues = await boss.getQueues();
    const unknown = [...schedules.map((s) => s.name), ...queues.map((q) => q.name)].filter(
      (name) => !known.has(name) && !name.startsWith(PG_BOSS_OWN_QUEUE_PREFIX),
    );
    const waiting: string[] = [];
    for (const name of new Set(unknown)) {
      if ((await boss.getQueueSize(name)) > 0) waiting.push(name);
      else if (schedules.some((s) => s.name === name)) await boss.unschedule(name);
    }
    if (waiting.length) {
      await boss.stop({ graceful: false, wait: true });
      throw new JobHandlerMissingError(`the queue holds jobs no handler knows: ${waiting.join(', ')}`);
    }
  }

  private async run(job: JobDefinition, jobs: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
    const entry = this.handlers.get(job.name);
    for (const item of jobs) {
      const payload = job.payload.parse(item.data);
      const lastAttempt = item.retryCount >= item.retryLimit;
      try {
        await entry?.handler(payload, {
          jobId: item.id,
          retryCount: item.retryCount,
          lastAttempt,
          log: this.log.child({ job: job.name, jobId: item.id }),
        });
      } catch (error) {
        this.log.warn({ err: error, job: job.name, jobId: item.id, retryCount: item.retryCount }, 'job failed');
        if (lastAttempt) {
          for (const listener of this.deadLetterListeners) {
            await listener(job, payload, item.id, error).catch((err) =>
              this.log.error({ err, job: job.name }, 'dead-letter listener failed'),
            );
          }
        }
        throw error;
      }
    }
  }

  /**
   * Queues a job. With `key`, the job is sent once per (name, key): a second send answers null. The payload
   * is checked here, so a wrong one fails at the sender, not later in a worker.
   */
  async send<P extends z.ZodType>(
    job: JobDefinition<P>,
    payload: z.input<P>,
    options: { key?: string; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    const boss = this.boss;
    if (!boss) throw new Error(`job queue not started; cannot send ${job.name}`);
    const data = job.payload.parse(payload) as object;
    const id = await boss.send(job.name, data, {
      ...(options.key ? { id: keyedJobId(job.name, options.key), singletonKey: options.key } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    // Work sent here starts here at once rather than at the next poll; other processes still poll for theirs.
    const worker = this.workers.get(job.name);
    if (id && worker && !options.startAfterSeconds) boss.notifyWorker(worker);
    return id;
  }

  /** Sends when the queue runs; else leaves the work to the sweep that finds it (an outbox row). */
  async trySend<P extends z.ZodType>(
    job: JobDefinition<P>,
    payload: z.input<P>,
    options: { key?: string; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    if (!this.boss) return null;
    try {
      return await this.send(job, payload, options);
    } catch (error) {
      this.log.warn({ err: error, job: job.name }, 'could not queue a job; the sweep will pick its work up');
      return null;
    }
  }

  /** Resolves when no job is queued or running (tests wait for the work they caused). */
  async settle(timeoutMs = 20_000): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    const schema = this.options.schema ?? 'pgboss';
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select count(*)::int as open from ${schema}.job where state in ('created', 'retry', 'active')`,
          [],
        );
      if ((rows[0] as { open: number }).open === 0) return;
      if (Date.now() > deadline) throw new Error(`jobs still open after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    this.workers.clear();
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
