/**
 * One of the two server processes of two-servers.test.ts: the app on DATABASE_URL with the job queue in the
 * shared schema JOBS_SCHEMA, its SMS going to the Eskiz fake at ESKIZ_URL, its clock at AT. It runs the
 * automatic-SMS dispatch (as its cron would) three times, waits until the queue is empty, says "settled"
 * on stdout and waits to be killed.
 *
 *   tsx two-servers-child.ts <companyId>
 */
import { buildApp, OFFLINE_MESSAGING } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { dispatchAutoSms } from './auto-run.js';

const companyId = Number(process.argv[2]);
const env = process.env as Record<string, string>;
const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 3 });
const app = await buildApp({
  config: {
    baseDomain: 'localhost',
    jwtSecret: 'two-servers-secret-that-is-long-enough-0123456789',
    logLevel: 'silent',
    messaging: {
      ...OFFLINE_MESSAGING,
      sms: {
        provider: 'eskiz',
        baseUrl: env.ESKIZ_URL,
        email: env.ESKIZ_EMAIL,
        password: env.ESKIZ_PASSWORD,
        sender: '4546',
      },
    },
  },
  database,
  logger: false,
  filesDir: '/tmp/crm-two-servers',
  clock: () => new Date(env.AT),
  jobs: { schema: env.JOBS_SCHEMA, pollingSeconds: 0.5, retryDelaySeconds: 0, schedule: false },
});
await app.ready();
await app.jobs.start();
for (let round = 0; round < 3; round += 1) await dispatchAutoSms(app, [companyId]);
await app.jobs.settle(60_000);
process.stdout.write('settled\n');
