import { spawn } from 'node:child_process';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LeadUpdates } from '@crm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, TEST_JWT_SECRET } from '../../../test/helpers.js';
import { createLeadsWorld, type LeadsWorld } from './leads-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsWorld;
let port: number;

beforeAll(async () => {
  w = await createLeadsWorld(app, database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

/** A board's stream as the browser reads it: each `updates` event, parsed, with the time it arrived. */
function openStream(at: number, token: string, branch: number, from?: number) {
  const events: { at: number; body: LeadUpdates }[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let ready!: () => void;
  const opened = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const req = request(
    {
      port: at,
      host: '127.0.0.1',
      path: `/api/v1/lead-increment/stream?branch_id=${branch}${from === undefined ? '' : `&from=${from}`}`,
      headers: { host: `${w.sub}.localhost`, authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event === 'ready') ready();
          if (event === 'updates' && data) {
            events.push({ at: performance.now(), body: JSON.parse(data) });
            for (const wake of waiters.splice(0)) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      });
    },
  );
  req.end();
  const next = (count: number, timeoutMs = 5_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${events.length} events`)), timeoutMs);
      const check = () => {
        if (events.length >= count) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return { events, opened, next, close: () => req.destroy() };
}

const move = (uuid: string, column: string) =>
  w.api(w.tokens.admin, 'POST', `/lead-increment/?branch_id=${w.main}`, {
    action: 'update',
    type: 'lead',
    uuid,
    data: {},
    location: { column, section: null },
  });

describe('the board stream (Server-Sent Events)', () => {
  it("pushes a move to another administrator's open board at once, in order", async () => {
    const stream = openStream(port, w.tokens.marketer, w.main);
    await stream.opened;
    const card = await w.lead({ name: 'Pushed' });
    const sent = performance.now();
    await move(card.uuid, 'waiting');
    await move(card.uuid, 'set');
    await stream.next(1);
    const arrived = stream.events.flatMap((e) => e.body.updates);
    await (arrived.length < 2 ? stream.next(2) : Promise.resolve());
    const all = stream.events.flatMap((e) => e.body.updates);
    expect(all.map((u) => u.location?.column)).toEqual(['waiting', 'set']);
    expect(all[1]?.time).toBe((all[0]?.time ?? 0) + 1);
    expect((stream.events[0]?.at ?? Number.POSITIVE_INFINITY) - sent).toBeLessThan(1_000);
    stream.close();
  });

  it('sends a board that reconnects with `from` what it missed, and nothing of another branch', async () => {
    const card = await w.lead({ name: 'Missed' });
    const { time } = (await w.api(w.tokens.admin, 'GET', `/lead-increment/updates?branch_id=${w.main}&from=0`)).body;
    await move(card.uuid, 'set');
    const north = openStream(port, w.tokens.admin, w.north);
    const main = openStream(port, w.tokens.admin, w.main, time);
    await main.next(1);
    expect(main.events[0]?.body.updates.map((u) => u.uuid)).toEqual([card.uuid]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(north.events).toEqual([]);
    main.close();
    north.close();
  });

  it('refuses a teacher and a branch the caller does not work in', async () => {
    const res = await w.api(w.tokens.teacher, 'GET', `/lead-increment/stream?branch_id=${w.main}`);
    expect(res.status).toBe(403);
  });
});

/**
 * Issue 6: with several server processes the push goes through PostgreSQL (LISTEN/NOTIFY), not
 * memory. A second process serves the board; the move is made through this one.
 */
const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('two server processes on one PostgreSQL', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  let child: ReturnType<typeof spawn>;
  let childPort: number;

  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', join(here, 'board-child.ts')], {
      env: { ...process.env, DATABASE_URL: url, JWT_SECRET: TEST_JWT_SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    childPort = await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening (\d+)/.exec(output);
        if (found) resolve(Number(found[1]));
      });
      child.on('exit', () => reject(new Error(`the second process ended: ${output}`)));
    });
  }, 60_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('pushes a move made through one process to a board connected to the other within a second', async () => {
    const stream = openStream(childPort, w.tokens.marketer, w.main);
    await stream.opened;
    const card = await w.lead({ name: 'Across processes' });
    const sent = performance.now();
    await move(card.uuid, 'set');
    await stream.next(1);
    const delay = (stream.events[0]?.at ?? 0) - sent;
    console.log(`push delay across two processes: ${delay.toFixed(1)} ms`);
    expect(stream.events[0]?.body.updates[0]).toMatchObject({ uuid: card.uuid, location: { column: 'set' } });
    expect(delay).toBeLessThan(1_000);
    stream.close();
  });
});
