import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { MessagingConfig, TelephonyConfig } from '../src/config.js';
import { type Database, type Db, openDatabase } from '../src/db/client.js';
import type { FileStorage } from '../src/platform/files.js';
import type { JobQueueOptions } from '../src/platform/jobs/queue.js';
import type { LogSink } from '../src/platform/log-options.js';
import { type CreatedCompany, DEMO_PASSWORD, type RoleUsers } from '../src/seed/factories.js';

/**
 * One database per test file: in-memory PGlite by default, the real PostgreSQL
 * when TEST_DATABASE_URL is set (CI runs the suite both ways). Tests never share
 * a company: each makes its own with a unique subdomain, so files run in parallel.
 */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('pgliteTemplate');
  const database = await openDatabase({
    url: process.env.TEST_DATABASE_URL,
    poolSize: 5,
    pgliteTemplate: template ? new Blob([readFileSync(template)]) : undefined,
  });
  await database.migrate();
  afterAll(() => database.close());
  return database;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** The app as a test needs it, not yet ready: a test may still add a route. */
/**
 * Job-queue settings for a test that starts workers: its own pg-boss schema (files share one PostgreSQL and
 * must never work each other's jobs), quick polling and no pause before a retry.
 */
export const testJobs = (): JobQueueOptions => ({
  schema: `pgboss_${randomBytes(5).toString('hex')}`,
  pollingSeconds: 1,
  retryDelaySeconds: 0,
  schedule: false,
});

export const buildTestApp = async (
  database: Database,
  options: {
    clock?: () => Date;
    statementTimeoutMs?: number;
    jobs?: JobQueueOptions;
    messaging?: MessagingConfig;
    /** Where OnlinePBX is: a test's fake (none: the telephony calls answer that it is not reachable). */
    telephony?: TelephonyConfig;
    /** Keeps the app's log (at info) there; none: no log. */
    logSink?: LogSink;
    metricsToken?: string;
    /** Rate limits counted with every app of this scope (default: the app's own). */
    requestRateScope?: string;
    /** Where uploads go (an S3 storage under test); none: a temporary directory of the app's own. */
    files?: FileStorage;
  } = {},
) => {
  // Created on the first upload; each app its own, so tests never see each other's bytes; gone when it closes.
  const filesDir = join(tmpdir(), 'crm-test-files', randomBytes(8).toString('hex'));
  const app = await buildApp({
    ...options,
    config: {
      baseDomain: 'localhost',
      jwtSecret: TEST_JWT_SECRET,
      logLevel: options.logSink ? 'info' : 'silent',
      messaging: options.messaging,
      telephony: options.telephony,
      metricsToken: options.metricsToken,
    },
    database,
    logger: options.logSink !== undefined,
    checkResponses: true,
    requestRateScope: options.requestRateScope ?? `test-${randomBytes(6).toString('hex')}:`,
    filesDir: options.files ?? filesDir,
  });
  app.addHook('onClose', () => rm(filesDir, { recursive: true, force: true }));
  return app;
};

export async function openTestApp(
  database?: Database,
  options: { clock?: () => Date; telephony?: TelephonyConfig } = {},
): Promise<{ app: FastifyInstance; database: Database }> {
  const db = database ?? (await openTestDatabase());
  const app = await buildTestApp(db, options);
  await app.ready();
  afterAll(() => app.close());
  return { app, database: db };
}

export const uniqueSubdomain = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Company subdomain of the host; absent: the bare base domain. */
  sub?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request as a browser on `{sub}.localhost` would send it. */
export async function call(app: FastifyInstance, o: CallOptions) {
  const res = await app.inject({
    method: o.method ?? 'GET',
    url: o.url,
    headers: {
      host: o.sub ? `${o.sub}.localhost` : 'localhost',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    },
    ...(o.body === undefined ? {} : { payload: o.body as object }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered
  const body: any = res.body ? JSON.parse(res.body) : undefined;
  return { status: res.statusCode, body, headers: res.headers };
}

export async function loginAs(app: FastifyInstance, sub: string, phone: string, password = DEMO_PASSWORD) {
  const res = await call(app, { method: 'POST', url: '/api/v1/auth/login', sub, body: { phone, password } });
  if (res.status !== 200) throw new Error(`log-in of ${phone} at ${sub} failed: ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

/** For the route walk: how to name a row of the other company in a route's path (and a valid body). */
export interface ForeignRoute {
  params: Record<string, number | string>;
  /** A valid body per method, so a 404 is not hidden behind a 400. */
  bodies?: Partial<Record<'POST' | 'PUT' | 'DELETE', unknown>>;
}

/** Each domain's `test/foreign-rows/<domain>.ts` exports one: it makes rows in `foreign` and names them by route. */
export type ForeignRows = (
  db: Db,
  foreign: CreatedCompany & { users: RoleUsers },
) => Promise<Record<string, ForeignRoute>>;
