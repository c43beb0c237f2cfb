import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { JobHandlerMissingError } from '../src/platform/jobs/queue.js';
import { buildTestApp, openTestDatabase, testJobs } from './helpers.js';

/**
 * A server's job queue at start (platform/jobs/queue.ts): a job of a name this build has no handler for would wait
 * for ever, so the start refuses it — but pg-boss's own queue (`__pgboss__send-it`, through which cron schedules
 * send their jobs) is not such a name: a restart while one of its jobs waited refused to start (the bench, issue 23).
 */
const database = await openTestDatabase();
const jobs = testJobs();

/** pg-boss on the test's schema, as another (older or newer) server would have left it. */
async function otherBoss() {
  const connection = database.jobsConnection;
  const boss = new PgBoss({
    ...('connectionString' in connection
      ? { connectionString: connection.connectionString, max: 1 }
      : { db: { executeSql: (text: string, values: unknown[]) => connection.executeSql(text, values) } }),
    schema: jobs.schema,
    schedule: false,
    supervise: false,
  });
  await boss.start();
  afterAll(() => boss.stop({ graceful: false, wait: true }));
  return boss;
}

async function startServer() {
  const app = await buildTestApp(database, { jobs });
  await app.ready();
  try {
    await app.jobs.start();
  } finally {
    await app.close();
  }
}

describe('the job queue at start', () => {
  it("starts while pg-boss's own queue holds a job, and refuses a job no handler knows", async () => {
    await startServer();
    const boss = await otherBoss();
    await boss.createQueue('__pgboss__send-it');
    await boss.send('__pgboss__send-it', { name: 'billing-dispatch' });
    await expect(startServer()).resolves.toBeUndefined();

    await boss.createQueue('retired-report');
    await boss.send('retired-report', {});
    const refused = await startServer().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(JobHandlerMissingError);
    expect((refused as Error).message).toBe('the queue holds jobs no handler knows: retired-report');
  });
});
