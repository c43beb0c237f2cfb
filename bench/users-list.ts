/**
 * Scenario: the student list of a large company — GET /api/v1/user, 50 a page,
 * with a name filter — at a fixed concurrency, on the real PostgreSQL.
 *
 * Dataset (deterministic): one company with 20 branches and 30,000 students,
 * beside 200 small companies of 30 students each, so every query must find its
 * company through the index rather than by scanning.
 *
 *   npx tsx bench/users-list.ts            (creates and drops its own database)
 *   BENCH_CONCURRENCY=1 BENCH_REQUESTS=300 BENCH_KEEP=1 npx tsx bench/users-list.ts
 */
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createCompanyWithRoleUsers } from '../apps/server/src/seed/factories.js';
import { insertPeople, type PersonSpec } from '../apps/server/src/seed/users-factories.js';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STUDENTS = 30_000;
const SMALL_COMPANIES = 200;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
/** Keep the database afterwards (for EXPLAIN); its name is printed. */
const KEEP = process.env.BENCH_KEEP === '1';

const FIRST = [
  'Ali',
  'Aziz',
  'Bobur',
  'Dilnoza',
  'Farrux',
  'Gulnora',
  'Jasur',
  'Kamola',
  'Laylo',
  'Madina',
  'Nodir',
  'Otabek',
  'Rustam',
  'Sardor',
  'Shahzod',
  'Zarina',
];
const LAST = [
  'Karimov',
  'Aliyev',
  'Rashidov',
  'Toshmatov',
  'Yusupov',
  'Ergashev',
  'Qodirov',
  'Nurmatov',
  'Saidov',
  'Valiyev',
  'Usmonov',
  'Mirzayev',
];
const FRAGMENTS = ['kar', 'ali', 'ova', 'jas', 'mad', 'rash', 'zar', 'nod', 'sai', 'usm'];

/** A small deterministic generator (mulberry32), so every run measures the same data. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function students(count: number, branchIds: number[], rnd: () => number, phoneBase: number): PersonSpec[] {
  return Array.from({ length: count }, (_, i) => {
    const last = LAST[Math.floor(rnd() * LAST.length)] as string;
    const first = FIRST[Math.floor(rnd() * FIRST.length)] as string;
    return {
      name: `${last}${first.endsWith('a') ? 'a' : ''} ${first}`,
      phone: String(phoneBase + i),
      branchIds: [branchIds[i % branchIds.length] as number],
      birthday: `20${String(5 + Math.floor(rnd() * 12)).padStart(2, '0')}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`,
    };
  });
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

async function main() {
  const name = `bench_users_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), poolSize: 10 });
  try {
    await database.migrate();
    const rnd = random(42);
    let t = performance.now();
    const big = await createCompanyWithRoleUsers(database.db, {
      name: 'Big Centre',
      subdomain: 'big',
      branches: Array.from({ length: 20 }, (_, i) => `Branch ${i + 1}`),
    });
    await insertPeople(database.db, big.id, [Role.student], students(STUDENTS, big.branchIds, rnd, 900_000_000));
    for (let c = 0; c < SMALL_COMPANIES; c++) {
      const small = await createCompanyWithRoleUsers(database.db, {
        name: `Small ${c}`,
        subdomain: `small-${c}`,
        branches: ['Main'],
      });
      await insertPeople(database.db, small.id, [Role.student], students(30, small.branchIds, rnd, 930_000_000));
    }
    await database.db.execute(sql`analyze`);
    console.log(
      `dataset: ${STUDENTS} + ${SMALL_COMPANIES}×30 students in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const app = await buildApp({
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
      headers: { host: 'big.localhost' },
      payload: { phone: '900000001', password: 'demo1234' },
    });
    const token = JSON.parse(login.body).access_token as string;

    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const latencies: number[] = [];
    let next = 0;
    let failures = 0;
    t = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const fragment = FRAGMENTS[next++ % FRAGMENTS.length];
          const started = performance.now();
          const status = await get(
            port,
            `/api/v1/user?user_type=student&per_page=50&name_or_phone=${fragment}`,
            'big.localhost',
            token,
            agent,
          );
          latencies.push(performance.now() - started);
          if (status !== 200) failures++;
        }
      }),
    );
    const seconds = (performance.now() - t) / 1000;
    latencies.sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(
      `GET /user?user_type=student&per_page=50&name_or_phone=… on ${STUDENTS} students, concurrency ${CONCURRENCY}, ${REQUESTS} requests: ` +
        `${(REQUESTS / seconds).toFixed(0)} req/s, p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}, p99 ${ms(percentile(latencies, 0.99))}, failures ${failures}`,
    );
    agent.destroy();
    await app.close();
  } finally {
    await database.close();
    if (KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

await main();
