/**
 * What the bench scenarios share: a throw-away database on the real PostgreSQL,
 * the app listening on a free port, a deterministic random generator and a load
 * loop that reports throughput and percentiles.
 */
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Keep the database afterwards (for EXPLAIN); its name is printed. */
const KEEP = process.env.BENCH_KEEP === '1';

/** Runs `work` on a fresh, migrated database named `<prefix>_<time>`, dropped afterwards unless BENCH_KEEP=1. */
export async function withBenchDatabase(prefix: string, work: (database: Database) => Promise<void>): Promise<void> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), poolSize: 10 });
  try {
    await database.migrate();
    await work(database);
  } finally {
    await database.close();
    if (KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

/** The app on a free local port, and a bearer token of `phone` (password demo1234) at `subdomain`. */
export async function listeningApp(database: Database, subdomain: string, phone: string) {
  const app: FastifyInstance = await buildApp({
    config: { baseDomain: 'localhost', jwtSecret: 'b'.repeat(48), logLevel: 'silent' },
    database,
    logger: false,
    filesDir: mkdtempSync(join(tmpdir(), 'bench-files-')),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { host: `${subdomain}.localhost` },
    payload: { phone, password: 'demo1234' },
  });
  const token = JSON.parse(login.body).access_token as string;
  return { app, port, token, host: `${subdomain}.localhost` };
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

function get(port: number, path: string, host: string, token: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ port, path, agent, headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export interface LoadTarget {
  port: number;
  host: string;
  token: string;
}

/**
 * GETs `pathOf(i)` for i = 0 … requests−1 from `concurrency` clients and prints one
 * line: throughput, p50, p95, p99 and failures (any status but 200).
 */
export async function runLoad(
  label: string,
  target: LoadTarget,
  options: { concurrency: number; requests: number; pathOf: (i: number) => string },
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.requests) {
        const path = options.pathOf(next++);
        const t = performance.now();
        const status = await get(target.port, path, target.host, target.token, agent);
        latencies.push(performance.now() - t);
        if (status !== 200) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${label}, concurrency ${options.concurrency}, ${options.requests} requests: ` +
      `${(options.requests / seconds).toFixed(0)} req/s, p50 ${ms(percentile(latencies, 0.5))}, ` +
      `p95 ${ms(percentile(latencies, 0.95))}, p99 ${ms(percentile(latencies, 0.99))}, failures ${failures}`,
  );
}
