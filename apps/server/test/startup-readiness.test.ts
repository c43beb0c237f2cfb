import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATION_LOCK } from '../src/db/client.js';
import { freePort } from './free-port.js';

const url = process.env.TEST_DATABASE_URL;
const main = join(dirname(fileURLToPath(import.meta.url)), '../src/main.ts');

/** Asks until `done` holds of the answer (the server is starting: refused connections are part of it). */
async function until(address: string, done: (res: Response) => boolean, ms: number): Promise<Response> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await fetch(address).catch(() => null);
    if (res && done(res)) return res;
    if (Date.now() > end) throw new Error(`${address}: not as awaited within ${ms} ms (last ${res?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue 23: a server that starts while another holds the migrations (the advisory lock of db/client.ts) is alive
 * (/api/health 200) but not ready (/api/ready 503; requests 503 with Retry-After) until it has migrated.
 */
describe.skipIf(!url)('a server starting while the migrations are held', () => {
  it('is alive, not ready and turns requests away, then ready once migrated', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = `crm_ready_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const databaseUrl = url!.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-ready-'));
    const server = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      const alive = await until(`${base}/api/health`, (res) => res.status === 200, 30_000);
      expect(await alive.json()).toEqual({ status: 'starting' });
      expect((await fetch(`${base}/api/ready`)).status).toBe(503);
      const turnedAway = await fetch(`${base}/api/v1/auth/login`, { method: 'POST' });
      expect(turnedAway.status).toBe(503);
      expect(turnedAway.headers.get('retry-after')).toBe('5');

      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      const ready = await until(`${base}/api/ready`, (res) => res.status === 200, 60_000);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'up' });
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      await holder.end();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
