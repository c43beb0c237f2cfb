import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@crm/contracts';
import { buildApp } from './app.js';
import { listenWhenLetIn, nameServingWorker, runPrimary, serverProcesses } from './cluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { dispatchBilling } from './modules/billing/scheduler.js';
import type { FileStorage } from './platform/files.js';
import { describeFileStorage, openFileStorage } from './platform/open-file-storage.js';
import { DEMO_COMPANIES, seedDemo } from './seed/demo.js';
import { DEMO_PASSWORD, demoPhone } from './seed/factories.js';
import { closeGracefully } from './shutdown.js';
import { openStartupGate } from './startup-gate.js';

// WEB_DIST: another build of the web app (several checkouts or helpers side by side); else the workspace's.
const webDist = process.env.WEB_DIST
  ? resolve(process.env.WEB_DIST)
  : resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  if (cluster.isWorker) return serveAsWorker(config);
  const processes = serverProcesses(config, availableParallelism(), console.warn);
  const gate = await openStartupGate(config.port, config.host);
  // Before the migrations: a bucket that cannot be used stops the start at once, with its reason.
  const files = await openFileStorage(config.files);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;
  // PGlite runs no autovacuum, so its planner statistics would stay those of an empty database (a
  // foreign-key check on users then scans every user); PostgreSQL's autovacuum may be off or behind a seed.
  if (database.kind === 'pglite' || seeded) await database.analyze();
  const announce = () => console.log(banner(config, { startedAt, seeded, processes }));
  if (processes > 1) {
    // The workers open their own connections; the primary only deals out connections.
    await database.close();
    return runPrimary({ count: processes, closeGate: () => gate.close(), announce });
  }
  const app = await startApp(config, database, files, false);
  await gate.close();
  await app.listen({ port: config.port, host: config.host });
  announce();
}

/** One of WORKERS=N processes: the primary has migrated and seeded already, and lets it listen when all are built. */
async function serveAsWorker(config: Config) {
  const files = await openFileStorage(config.files);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await startApp(config, database, files, true);
  await listenWhenLetIn(() => app.listen({ port: config.port, host: config.host }));
}

/** The app with its job queue working, stopping gracefully on SIGTERM or SIGINT (once, however often signalled). */
async function startApp(config: Config, database: Database, files: FileStorage, inCluster: boolean) {
  const app = await buildApp({
    config,
    database,
    webDist: existsSync(webDist) ? webDist : undefined,
    filesDir: files,
  });
  if (inCluster) nameServingWorker(app);
  // The job queue: the daily billing run, SMS, automatic SMS, the Telegram report (platform/jobs/registry.ts).
  // It refuses to start while a job has no handler.
  await app.ready();
  await app.jobs.start();
  // The Telegram bot asks for its updates itself unless Telegram posts them (a webhook); one process only.
  if (!config.messaging.telegram.webhookSecret) {
    if (inCluster) app.log.warn('several processes: the Telegram bot needs TELEGRAM_WEBHOOK_SECRET (a webhook)');
    else app.startTelegramPolling();
  }
  // As the old in-process scheduler did: today's billing is queued at start, not only at the next 5-minute tick.
  // Under WORKERS=N every worker asks; the job's key (company and day) lets one run through.
  await dispatchBilling(app);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const outcome = await closeGracefully(app, database);
    if (outcome === 'timed_out') app.log.warn('requests still running after the grace period were cut off');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return app;
}

function banner(config: Config, run: { startedAt: number; seeded: boolean; processes: number }): string {
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${join(config.dataDir, 'pglite')}`;
  const port = config.port === 80 ? '' : `:${config.port}`;
  const processes = run.processes > 1 ? `, ${run.processes} server processes` : '';
  return [
    '',
    `Training-centre CRM is running (${Math.round(performance.now() - run.startedAt)} ms), database: ${where}${run.seeded ? ', demo data seeded' : ''}${processes}.`,
    `  Files: ${describeFileStorage(config.files)}`,
    ...(config.seedDemo
      ? [
          ...DEMO_COMPANIES.map((c) => `  ${c.name.padEnd(13)} http://${c.subdomain}.${config.baseDomain}${port}`),
          `  Log in with phone 9000000NN (NN = role id): CEO ${demoPhone(Role.ceo)}, admin ${demoPhone(Role.admin)}, teacher ${demoPhone(Role.teacher)}, owner ${demoPhone(Role.owner)}, parent ${demoPhone(Role.parent)} (or by an SMS code, in the log); password ${DEMO_PASSWORD}`,
        ]
      : []),
    `  API http://localhost${port}/api/v1 · OpenAPI http://localhost${port}/api/docs · health http://localhost${port}/api/health`,
    '',
  ].join('\n');
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
