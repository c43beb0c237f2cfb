import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@crm/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverProcesses } from '../src/cluster.js';
import { openDatabase } from '../src/db/client.js';
import { createCompanyWithRoleUsers, DEMO_PASSWORD, demoPhone } from '../src/seed/factories.js';
import { freePort } from './free-port.js';

/**
 * Issue 23, on the real PostgreSQL only: the server started with WORKERS=2 (Node's cluster, src/cluster.ts) on a
 * database of its own. Two keep-alive connections reach two different worker processes (`x-served-by`); a log-out
 * through one ends the session in the other at once; the public rate limit is one count for both; the metrics add
 * both workers up; a killed worker is replaced; SIGTERM stops them all.
 */
const url = process.env.TEST_DATABASE_URL;
const main = join(dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

/** One HTTP connection kept open: every request on it reaches the same worker. */
function connection(port: number, host: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
    new Promise<{ status: number; body: string; servedBy: string }>((resolve, reject) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: {
            host,
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, servedBy: String(res.headers['x-served-by'] ?? '') }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

const workerPids = (primary: number) =>
  // Only the workers (the primary's other child is tsx's esbuild service).
  execFileSync('pgrep', ['-P', String(primary), '-f', 'src/main.ts'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(Number);

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!url)('the server as two processes (WORKERS=2)', () => {
  const dbName = `crm_cluster_${randomBytes(4).toString('hex')}`;
  const dbUrl = url ? `${url.replace(/\/[^/]*$/, '')}/${dbName}` : '';
  const subdomain = `cluster-${randomBytes(3).toString('hex')}`;
  const host = `${subdomain}.localhost`;
  let port = 0;
  let primary: ChildProcess;
  let output = '';

  const admin = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    const client = await admin();
    await client.query(`create database ${dbName}`);
    await client.end();
    // The company is made before the start, by the migrated schema's owner as the seed would.
    const database = await openDatabase({ url: dbUrl, poolSize: 2 });
    await database.migrate();
    await createCompanyWithRoleUsers(database.db, { name: 'Cluster', subdomain, branches: ['Main'] });
    await database.close();

    port = await freePort();
    primary = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'cluster-test-secret-that-is-long-enough-0123456789',
        METRICS_TOKEN,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        DATA_DIR: join(tmpdir(), `crm-cluster-${randomBytes(4).toString('hex')}`),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    primary.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await until(
      'the cluster to listen',
      async () => (output.includes('2 server processes') ? true : undefined),
      120_000,
    );
  }, 180_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) primary.kill('SIGKILL');
    const client = await admin();
    await client.query(`drop database if exists ${dbName} with (force)`);
    await client.end();
  });

  /** Two connections answered by two different workers (the primary deals connections round-robin). */
  async function twoWorkers() {
    const first = connection(port, host);
    const firstName = (await first.send('GET', '/api/health')).servedBy;
    for (let attempt = 0; attempt < 8; attempt++) {
      const second = connection(port, host);
      const secondName = (await second.send('GET', '/api/health')).servedBy;
      if (secondName !== firstName) return { first, second, names: [firstName, secondName] };
      second.close();
    }
    throw new Error('every connection reached the same worker');
  }

  it('serves from two processes, and a log-out in one ends the session in the other at once', async () => {
    const { first, second, names } = await twoWorkers();
    expect(names.every((name) => /^worker-\d+$/.test(name))).toBe(true);
    expect(workerPids(primary.pid!)).toHaveLength(2);

    const login = await first.send('POST', '/api/v1/auth/login', {
      body: { phone: demoPhone(Role.admin), password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = JSON.parse(login.body).access_token as string;
    expect((await second.send('POST', '/api/v1/auth/me', { token })).status).toBe(200);

    expect((await first.send('POST', '/api/v1/auth/logout', { token })).status).toBe(200);
    const after = await second.send('POST', '/api/v1/auth/me', { token });
    expect(after.servedBy).toBe(names[1]);
    expect(after.status).toBe(401);
    first.close();
    second.close();
  });

  it('counts a public rate limit once for both processes, and adds both up in the metrics', async () => {
    const { first, second } = await twoWorkers();
    const check = (via: typeof first, i: number) =>
      via.send('GET', `/api/v1/auth/register/subdomain?subdomain=free-${i}`);
    for (let i = 0; i < 30; i++) {
      expect((await check(first, i)).status).toBe(200);
      expect((await check(second, i)).status).toBe(200);
    }
    expect((await check(first, 60)).status).toBe(429);
    expect((await check(second, 61)).status).toBe(429);

    const metrics = await first.send('GET', '/metrics', { token: METRICS_TOKEN });
    expect(metrics.status, metrics.body).toBe(200);
    // Each worker answered 30 of the 60 allowed checks: only the sum of both says 60.
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{(?=[^}]*route="\/api\/v1\/auth\/register\/subdomain")(?=[^}]*status="200")[^}]*\} 60\n/,
    );
    first.close();
    second.close();
  });

  it('replaces a worker that dies, and stops every process on SIGTERM', async () => {
    const [victim] = workerPids(primary.pid!);
    process.kill(victim!, 'SIGKILL');
    await until('a replacement worker', async () => {
      const pids = workerPids(primary.pid!);
      return pids.length === 2 && !pids.includes(victim!) ? pids : undefined;
    });
    const { first, second } = await until('both workers answering', () => twoWorkers());
    first.close();
    second.close();

    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);
});

describe('how many server processes start', () => {
  const warnings: string[] = [];
  const count = (workers: number | 'auto', databaseUrl?: string) =>
    serverProcesses({ workers, databaseUrl }, 4, (message) => warnings.push(message));

  it('follows WORKERS on PostgreSQL, auto being one per CPU', () => {
    expect(count(3, 'postgres://db/crm')).toBe(3);
    expect(count('auto', 'postgres://db/crm')).toBe(4);
    expect(warnings).toEqual([]);
  });

  it('starts one on the embedded database, and says why', () => {
    expect(count(2)).toBe(1);
    expect(count(1)).toBe(1);
    expect(warnings).toEqual([
      expect.stringContaining('WORKERS=2: the embedded PGlite database belongs to one process'),
    ]);
  });
});
