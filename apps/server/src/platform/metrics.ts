import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { clusterMetrics } from '../cluster.js';
import { selectRows } from '../db/client.js';
import { AppError } from './errors.js';

/** Buckets of the request latency histogram, in seconds: the budget of a page (≤ 0.2 s) and what is too slow. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

/**
 * Node's own metrics (memory, event loop lag, GC) belong to the process, not to an app: collecting them starts an
 * event-loop-delay monitor and a GC observer that are never stopped, so they are started once per process. (Started
 * per app, a test worker that builds hundreds of apps slowed to a crawl: CI, 2026-11-29.)
 */
let processRegistry: Registry | undefined;
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics at GET /metrics (issue 23), for a scraper holding METRICS_TOKEN (a Bearer token; without the
 * setting the route answers 404, as if absent): request rate and latency by route pattern (never the raw URL, which
 * holds ids), the database pools' use, the job queue's depth by state and its failures, the open SSE streams, and
 * Node's own (memory, event loop lag, GC). Each server process answers for itself; Prometheus adds them up.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  const metricsRoute = (handler: RouteHandlerMethod) =>
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, handler);
  if (!token) {
    // Without a token nothing is measured and the route answers as if absent.
    metricsRoute(async () => {
      throw new AppError(404, 'route_not_found');
    });
    return;
  }
  const nodeMetrics = processMetrics();
  const registry = new Registry();
  // Under WORKERS=N a scrape reaches one worker, which asks the primary to add up every worker's (cluster.ts).
  // (Constructing an AggregatorRegistry is what makes prom-client answer the primary's requests in a worker.)
  if (cluster.isWorker) {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([nodeMetrics, registry]);
  }
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // Unmatched addresses (the web app's pages, probes) share one label, so a scanner cannot grow the series.
    const route = req.routeOptions.url ?? 'unmatched';
    latency.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this process by pool and state (PostgreSQL)',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const use of app.database.pools()) {
        this.set({ pool: use.pool, state: 'total' }, use.total);
        this.set({ pool: use.pool, state: 'idle' }, use.idle);
        this.set({ pool: use.pool, state: 'waiting' }, use.waiting);
      }
    },
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Background jobs in the queue by state (created, retry, active, completed, failed…)',
    labelNames: ['state'],
    // Every process counts the same shared queue: the cluster's sum would count it once per process.
    aggregator: 'first',
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await selectRows<{ state: string; n: number }>(
        app.database.background,
        sql`select state::text as state, count(*)::int as n from pgboss.job group by state`,
      ).catch(() => []);
      for (const row of rows) this.set({ state: row.state }, row.n);
    },
  });
  const failures = new Counter({
    name: 'job_failures_total',
    help: 'Background jobs that failed for good in this process (after their retries)',
    labelNames: ['job'],
    registers: [registry],
  });
  app.jobs.onDeadLetter(async (job) => failures.inc({ job: job.name }));
  new Gauge({
    name: 'sse_connections',
    help: 'Server-sent event streams open in this process (the live lead board)',
    registers: [registry],
    collect() {
      this.set(app.sessionStreams.openStreams);
    },
  });

  metricsRoute(async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) throw new AppError(401, 'unauthorized');
    const text = cluster.isWorker ? await clusterMetrics() : await Registry.merge([nodeMetrics, registry]).metrics();
    return reply.header('content-type', registry.contentType).send(text);
  });
}
