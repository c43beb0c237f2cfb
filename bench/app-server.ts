/**
 * The app under test, in a process of its own (started by support.ts startAppServer): the
 * database of the run, the production pool size, no log, a clock that starts at the
 * dataset's instant and runs on, and the built web app when one is given. It tells its
 * parent the port it listens on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { BENCH_JWT_SECRET } from './support.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
const offset = Date.parse(process.env.BENCH_CLOCK ?? '') - Date.now();

const filesDir = mkdtempSync(join(tmpdir(), 'bench-files-'));
const database = await openDatabase({ url, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10) });
const app = await buildApp({
  // The load comes over loopback as from a balancer: X-Forwarded-For names each visitor (the forms scenario).
  config: { baseDomain: 'localhost', jwtSecret: BENCH_JWT_SECRET, logLevel: 'silent', trustProxy: ['loopback'] },
  database,
  logger: false,
  webDist: process.env.BENCH_WEB_DIST || undefined,
  filesDir,
  clock: () => new Date(Date.now() + (Number.isNaN(offset) ? 0 : offset)),
  // The Excel import is a job (issue 15): workers run, but no schedule — a billing tick or an automatic SMS
  // run in the middle of a load scenario would measure the scheduler, not the scenario. The bench times the
  // billing run on its own.
  jobs: { schedule: false, pollingSeconds: 1 },
});
await app.ready();
await app.jobs.start();
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as AddressInfo).port });

const stop = () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => {
      rmSync(filesDir, { recursive: true, force: true });
      process.exit(0);
    });
};
process.on('SIGTERM', stop);
// The parent bench ended (or died): never outlive it.
process.on('disconnect', stop);
