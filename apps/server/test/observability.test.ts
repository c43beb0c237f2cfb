import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupsWorld, type GroupsWorld } from '../src/modules/groups/groups-test-world.js';
import { DEMO_PASSWORD } from '../src/seed/factories.js';
import { buildTestApp, call, openTestDatabase, TEST_JWT_SECRET } from './helpers.js';

/** Issue 23: readiness, Prometheus metrics behind their token, and a log that names requests but leaks nothing. */
const METRICS_TOKEN = 'scraper-token-0123456789';
const lines: string[] = [];
const database = await openTestDatabase();
const app = await buildTestApp(database, {
  logSink: { write: (line) => lines.push(line) },
  metricsToken: METRICS_TOKEN,
});
const bare = await buildTestApp(database);
let w: GroupsWorld;

beforeAll(async () => {
  await app.ready();
  await bare.ready();
  w = await createGroupsWorld(app, database.db);
});
afterAll(async () => {
  await app.close();
  await bare.close();
});

const metrics = (token?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('readiness', () => {
  it('says the server is ready once it answers, with its database reachable', async () => {
    const ready = await call(app, { url: '/api/ready' });
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up' });
  });
});

describe('metrics', () => {
  it('are served only to the scraper with the token, and not at all without one configured', async () => {
    expect((await metrics()).statusCode).toBe(401);
    expect((await metrics('another-token-0123456789')).statusCode).toBe(401);
    expect((await bare.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('count requests by route pattern, not by address, with the pools, the queue and the streams', async () => {
    const student = w.students[0]!;
    for (let i = 0; i < 3; i++) {
      await call(app, { url: `/api/v1/user/${student}`, sub: w.sub, token: w.tokens.admin });
    }
    const answer = await metrics(METRICS_TOKEN);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const text = answer.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/user\/:id"[^}]*\} 3/);
    expect(text).not.toContain(`/api/v1/user/${student}`);
    for (const name of ['db_pool_connections', 'job_queue_jobs', 'job_failures_total', 'sse_connections 0']) {
      expect(text).toContain(name);
    }
    expect(text).toContain('process_resident_memory_bytes');
  });
});

describe('the log', () => {
  it('names each request by its id, and a signed-in one by company and user', async () => {
    await call(app, {
      method: 'POST',
      url: '/api/v1/auth/me',
      sub: w.sub,
      token: w.tokens.admin,
      headers: { 'x-request-id': 'req-obs-1' },
    });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const done = entries.find((e) => e.reqId === 'req-obs-1' && e.msg === 'request completed');
    expect(done).toMatchObject({ companyId: w.company.id, userId: w.company.users.admin.id });
  });

  it('holds no password, token, secret or phone number', async () => {
    const phone = '901234567';
    await call(app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      sub: w.sub,
      body: { phone, password: DEMO_PASSWORD },
    });
    await call(app, { url: `/api/v1/phone_search?phone=998${phone}`, sub: w.sub, token: w.tokens.admin });
    await call(app, { url: `/api/v1/user?user_type=student&search=${phone}`, sub: w.sub, token: w.tokens.admin });
    const log = lines.join('\n');
    expect(log).toContain('phone_search');
    for (const secret of [phone, DEMO_PASSWORD, w.tokens.admin, TEST_JWT_SECRET, 'Bearer ']) {
      expect(log, `the log shows ${secret}`).not.toContain(secret);
    }
  });
});
