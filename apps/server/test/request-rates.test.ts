import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.js';
import { SUBDOMAIN_CHECKS_PER_MINUTE } from '../src/modules/registration/routes.js';
import { DatabaseRequestRate } from '../src/platform/request-rate.js';
import { buildTestApp, call, openTestDatabase } from './helpers.js';

/**
 * Issue 23: the public routes' rate limits hold for a deployment, not per process. On PostgreSQL every process
 * counts in `request_rates`; two apps on one database stand for two processes here (the cluster's own processes
 * are started in cluster.test.ts).
 */
const database = await openTestDatabase();
const onPostgres = database.kind === 'postgres';

const subdomainCheck = (app: Awaited<ReturnType<typeof buildTestApp>>) =>
  call(app, { url: `/api/v1/auth/register/subdomain?subdomain=centre-${randomBytes(3).toString('hex')}` });

async function openApp(scope?: string) {
  const app = await buildTestApp(database, { requestRateScope: scope });
  await app.ready();
  afterAll(() => app.close());
  return app;
}

describe('public rate limits', () => {
  it('refuse a caller past the limit with the seconds to wait', async () => {
    const app = await openApp();
    for (let i = 0; i < SUBDOMAIN_CHECKS_PER_MINUTE; i++) expect((await subdomainCheck(app)).status).toBe(200);
    const refused = await subdomainCheck(app);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_requests');
    expect(refused.body.error.details.retry_after_seconds).toBeGreaterThan(0);
    expect(refused.body.error.details.retry_after_seconds).toBeLessThanOrEqual(60);
  });

  it.runIf(onPostgres)('are one count for every process of a deployment', async () => {
    const scope = `deployment-${randomBytes(4).toString('hex')}:`;
    const [first, second] = [await openApp(scope), await openApp(scope)];
    const half = SUBDOMAIN_CHECKS_PER_MINUTE / 2;
    for (let i = 0; i < half; i++) {
      expect((await subdomainCheck(first)).status).toBe(200);
      expect((await subdomainCheck(second)).status).toBe(200);
    }
    expect((await subdomainCheck(first)).status).toBe(429);
    expect((await subdomainCheck(second)).status).toBe(429);
    // Another deployment (scope) on the same database keeps its own count.
    expect((await subdomainCheck(await openApp())).status).toBe(200);
  });

  it.runIf(onPostgres)('count concurrent requests exactly: no burst slips past the limit', async () => {
    const rate = new DatabaseRequestRate(database, `burst-${randomBytes(4).toString('hex')}`, 10);
    const now = Date.now();
    const waits = await Promise.all(Array.from({ length: 25 }, () => rate.take('198.51.100.7', now)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    // The next window starts afresh.
    expect(await rate.take('198.51.100.7', now - (now % 60_000) + 60_000)).toBe(0);
  });

  it.runIf(onPostgres)('forget windows over an hour old', async () => {
    const name = `sweep-${randomBytes(4).toString('hex')}`;
    const rate = new DatabaseRequestRate(database, name, 10);
    const now = Date.now();
    await rate.take('203.0.113.9', now - 3 * 60 * 60_000);
    const random = Math.random;
    Math.random = () => 0; // this count is the one in a thousand that sweeps
    try {
      await rate.take('203.0.113.9', now);
    } finally {
      Math.random = random;
    }
    const rows = await selectRows<{ window_start: string }>(
      database.db,
      sql`select window_start::text from request_rates where key = ${`${name}:203.0.113.9`}`,
    );
    expect(rows.map((r) => Number(r.window_start))).toEqual([now - (now % 60_000)]);
  });
});
