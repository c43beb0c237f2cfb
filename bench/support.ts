/**
 * What the bench shares: a throw-away database on the real PostgreSQL, the app in a
 * process of its own on a free port, a deterministic random generator, one HTTP call,
 * and percentiles.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Keep the database afterwards (for EXPLAIN); its name is printed. */
const KEEP = process.env.BENCH_KEEP === '1';
/** The app server's signing secret: an app built in-process by a scenario takes the same tokens. */
export const BENCH_JWT_SECRET = 'b'.repeat(48);
/** The pool of the app under test and of the SQL baselines: the server's production default. */
export const POOL_SIZE = 10;

/** Runs `work` on a fresh, migrated database named `<prefix>_<time>`, dropped afterwards unless BENCH_KEEP=1. */
export async function withBenchDatabase(
  prefix: string,
  work: (database: Database, url: string) => Promise<void>,
): Promise<void> {
  const name = `${prefix}_${Date.now()}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url, poolSize: POOL_SIZE });
  try {
    await database.migrate();
    await work(database, url);
  } finally {
    await database.close();
    if (KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

export interface AppServer {
  port: number;
  host: string;
  stop(): Promise<void>;
}

/**
 * The app in a child process (bench/app-server.ts), so the load generator and the server do not
 * share an event loop; it listens on a free port of 127.0.0.1 and believes it is `clock`.
 */
export async function startAppServer(options: {
  url: string;
  subdomain: string;
  clock: Date;
  webDist?: string;
  /** Another checkout of the project (BENCH_BASELINE): its app instead of this one, on the same database. */
  checkout?: string;
}): Promise<AppServer> {
  const script = options.checkout
    ? join(options.checkout, 'bench', 'app-server.ts')
    : fileURLToPath(new URL('./app-server.ts', import.meta.url));
  const child: ChildProcess = fork(script, {
    cwd: options.checkout ?? process.cwd(),
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: options.url,
      BENCH_CLOCK: options.clock.toISOString(),
      BENCH_WEB_DIST: options.webDist ?? '',
      BENCH_POOL_SIZE: String(POOL_SIZE),
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the app server exited (${code}) before listening`)));
  });
  return {
    port,
    host: `${options.subdomain}.localhost`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** One request to the app (Node cannot resolve *.localhost: 127.0.0.1 with a Host header). */
export function httpCall(server: AppServer, call: HttpCall, token?: string): Promise<{ status: number; body: string }> {
  const headers: Record<string, string | number> = { host: server.host, ...call.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (call.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = Buffer.byteLength(call.body);
  }
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path: call.path, method: call.method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/** A bearer token of `phone` (password demo1234) at the server's company. */
export async function logIn(server: AppServer, phone: string): Promise<string> {
  const res = await httpCall(server, {
    method: 'POST',
    path: '/api/v1/auth/login',
    body: JSON.stringify({ phone, password: 'demo1234' }),
  });
  if (res.status !== 200) throw new Error(`log-in of ${phone}: ${res.status} ${res.body.slice(0, 200)}`);
  return JSON.parse(res.body).access_token as string;
}

/** A small deterministic generator (mulberry32), so every run measures the same data. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The p-th percentile (0…1) of ascending values. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
