import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLeadsWorld } from '../src/modules/leads/leads-test-world.js';
import { closeGracefully } from '../src/shutdown.js';
import { buildTestApp, openTestDatabase } from './helpers.js';

/** A GET on the listening server: its status and whole body, or the connection's error. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const req = request({ port, host: '127.0.0.1', path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('close', () => resolve({ error: `closed after ${res.statusCode} ${body}` }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

/**
 * Issue 23: what the server does when told to stop (closeGracefully, which main.ts runs on SIGTERM) — a request
 * under way is answered, the live board's stream ends with a retry hint, nothing new is taken, and it is done
 * well within its grace period.
 */
describe('a graceful stop', () => {
  it('finishes the request in flight, ends the streams with a retry hint and takes nothing new', async () => {
    const database = await openTestDatabase();
    const app = await buildTestApp(database);
    let slowStarted!: () => void;
    const slowRunning = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    app.get('/api/v1/probe/slow', { config: { access: 'public' } }, async () => {
      slowStarted();
      await new Promise((resolve) => setTimeout(resolve, 700));
      return { finished: true };
    });
    await app.ready();
    const w = await createLeadsWorld(app, database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const host = `${w.sub}.localhost`;

    const stream = get(port, `/api/v1/lead-increment/stream?branch_id=${w.main}`, {
      host,
      authorization: `Bearer ${w.tokens.admin}`,
    });
    const slow = get(port, '/api/v1/probe/slow', { host });
    await slowRunning;
    const started = performance.now();
    const stopping = closeGracefully(app, database, 5_000);
    const late = await get(port, '/api/health', { host });

    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ finished: true }) });
    const streamed = await stream;
    expect(streamed).toMatchObject({ status: 200 });
    expect('body' in streamed && streamed.body).toMatch(/event: ready[\s\S]*retry: 1000\n\n$/);
    expect('error' in late || late.status === 503, `a request after the stop began: ${JSON.stringify(late)}`).toBe(
      true,
    );
    expect(await stopping).toBe('closed');
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 60_000);
});
