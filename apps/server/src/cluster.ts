import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from './config.js';
import { SHUTDOWN_GRACE_MS } from './shutdown.js';

/**
 * WORKERS=N (issue 23, docs/operations.md "Several processes"): one primary process and N workers on one
 * PostgreSQL, through Node's cluster module (the primary accepts connections and deals them to the workers).
 *
 * The primary prepares the database once (migrations, the demo seed) behind the start-up gate, then forks the
 * workers; each builds the app and starts the job queue's workers, and only when every one is built does the
 * primary close the gate and let them listen, so a load balancer goes from "starting" straight to ready processes.
 * Everything that must happen once already goes through the database: jobs (pg-boss), the migration lock, the
 * billing day's claim, sessions (a log-out is a row every process reads), rate limits (`request_rates`) and the
 * live board (LISTEN/NOTIFY).
 */
type PrimaryMessage = { type: 'crm:listen' } | { type: 'crm:metrics'; id: string; text: string };
type WorkerMessage = { type: 'crm:built' } | { type: 'crm:listening' } | { type: 'crm:metrics-request'; id: string };

/** How many server processes to start: WORKERS, except that the embedded database is one process's. */
export function serverProcesses(
  config: Pick<Config, 'workers' | 'databaseUrl'>,
  cpus: number,
  warn: (message: string) => void,
): number {
  const asked = config.workers === 'auto' ? cpus : config.workers;
  if (asked > 1 && !config.databaseUrl) {
    warn(
      `WORKERS=${config.workers}: the embedded PGlite database belongs to one process, so one server process starts. ` +
        'Set DATABASE_URL (PostgreSQL) to run several.',
    );
    return 1;
  }
  return asked;
}

/** A worker that ends this many times within a minute is not replaced again: the primary gives up. */
const MAX_RESTARTS_PER_MINUTE = 10;

export interface PrimaryOptions {
  count: number;
  /** The start-up gate holding the port until the workers are built. */
  closeGate(): Promise<void>;
  /** Says where the product is, once every worker listens. */
  announce(): void;
}

export async function runPrimary({ count, closeGate, announce }: PrimaryOptions): Promise<void> {
  // Answers prom-client's requests for each worker's metrics and adds them up (platform/metrics.ts).
  const aggregator = new AggregatorRegistry();
  let started = false;
  let stopping = false;
  const restarts: number[] = [];
  let onBuilt = () => {};
  let onListening = () => {};
  const built = new Set<number>();
  const listening = new Set<number>();

  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'crm:built') {
        built.add(worker.id);
        // A worker replacing one that ended is let in at once: the gate is long closed.
        if (started) worker.send({ type: 'crm:listen' } satisfies PrimaryMessage);
        onBuilt();
      } else if (message.type === 'crm:listening') {
        listening.add(worker.id);
        onListening();
      } else if (message.type === 'crm:metrics-request') {
        void aggregator
          .clusterMetrics()
          .catch((error: Error) => `# metrics unavailable: ${error.message}\n`)
          .then((text) => worker.send({ type: 'crm:metrics', id: message.id, text } satisfies PrimaryMessage));
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    built.delete(worker.id);
    listening.delete(worker.id);
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    // A worker that cannot start (bad configuration, database gone) would only end again: stop trying.
    if (!started || restarts.length > MAX_RESTARTS_PER_MINUTE) {
      console.error(`A server worker ended (${signal ?? `code ${code}`}) and is not replaced: stopping.`);
      void stopAll(1);
      return;
    }
    console.error(`A server worker ended (${signal ?? `code ${code}`}); starting another.`);
    fork();
  });

  const stopAll = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const ended = workers.map(
      (w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve()))),
    );
    // Each worker stops gracefully (shutdown.ts): its requests in flight, then its database connections.
    for (const w of workers) w.process.kill('SIGTERM');
    const limit = setTimeout(() => {
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS + 5_000);
    await Promise.all(ended);
    clearTimeout(limit);
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void stopAll(0));
  process.on('SIGINT', () => void stopAll(0));

  const allBuilt = new Promise<void>((resolve) => {
    onBuilt = () => built.size >= count && resolve();
  });
  const allListening = new Promise<void>((resolve) => {
    onListening = () => listening.size >= count && resolve();
  });
  for (let i = 0; i < count; i++) fork();
  await allBuilt;
  await closeGate();
  started = true;
  for (const worker of Object.values(cluster.workers ?? {}))
    worker?.send({ type: 'crm:listen' } satisfies PrimaryMessage);
  await allListening;
  announce();
}

/** A worker's part of the start: says it is built, listens when the primary says so, then says it listens. */
export async function listenWhenLetIn(listen: () => Promise<unknown>): Promise<void> {
  const letIn = new Promise<void>((resolve) => {
    const onMessage = (message: PrimaryMessage) => {
      if (message.type !== 'crm:listen') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
  });
  process.send?.({ type: 'crm:built' } satisfies WorkerMessage);
  await letIn;
  await listen();
  process.send?.({ type: 'crm:listening' } satisfies WorkerMessage);
}

/** Names the worker that answered (`x-served-by: worker-2`): which process a request reached, when debugging. */
export function nameServingWorker(app: FastifyInstance): void {
  const name = `worker-${cluster.worker?.id ?? 0}`;
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-served-by', name);
  });
}

/** In a worker: the metrics of every worker, added up by the primary (a scrape reaches any one of them). */
export function clusterMetrics(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary process did not answer for the metrics'));
    }, 5_000);
    const onMessage = (message: PrimaryMessage) => {
      if (message.type !== 'crm:metrics' || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(message.text);
    };
    process.on('message', onMessage);
    process.send?.({ type: 'crm:metrics-request', id } satisfies WorkerMessage);
  });
}
