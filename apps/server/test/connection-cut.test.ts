import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../src/db/client.js';
import { createGroupsWorld } from '../src/modules/groups/groups-test-world.js';
import { inCompany } from '../src/platform/tenancy.js';
import { createStudent } from '../src/seed/users-factories.js';
import { buildTestApp, call, openTestDatabase } from './helpers.js';
import { startTcpProxy } from './tcp-proxy.js';

/**
 * Issue 23, on the real PostgreSQL only: the app reaches the database through a TCP proxy, which is cut while
 * payments are being taken from eight connections at once, then restored. Every payment answered 200 is stored;
 * every other answer is 503 `database_unavailable` with Retry-After; the app recovers without a restart; and a
 * failed payment sent again with its Idempotency-Key is stored exactly once — also when the cut fell between the
 * commit and its answer, the one moment no server can tell the client which way it went.
 */
const url = process.env.TEST_DATABASE_URL;
const PAYMENTS = 150;
const AMOUNT = 1_000;
const IN_FLIGHT = 8;

describe.skipIf(!url)('a database connection cut under load', () => {
  it('loses no answered write, stores nothing twice and recovers by itself', async () => {
    const direct = await openTestDatabase();
    const target = new URL(url!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    afterAll(() => proxy.close());
    target.host = `127.0.0.1:${proxy.port}`;
    const proxied = await openDatabase({ url: target.toString(), poolSize: 5 });
    const app = await buildTestApp(proxied);
    await app.ready();
    afterAll(async () => {
      await app.close();
      await proxied.close();
    });

    const w = await createGroupsWorld(app, direct.db);
    const student = await createStudent(direct.db, w.company.id, {
      name: 'Cut Payer',
      phone: '901112233',
      branchIds: [w.main],
    });
    const run = randomBytes(4).toString('hex');
    const pay = (i: number) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/payment',
        sub: w.sub,
        token: w.tokens.admin,
        body: { student_id: student, amount: AMOUNT, date: '2026-11-20', method: 'cash', comment: `cut ${i}` },
        headers: { 'idempotency-key': `cut-${run}-${i}` },
      });

    const answers: { i: number; status: number; code?: string; retryAfter?: string; id?: number }[] = [];
    let next = 0;
    let restored = false;
    const sender = async () => {
      while (next < PAYMENTS) {
        const i = next++;
        // A third of the way in, the network between the app and the database breaks…
        if (i === PAYMENTS / 3) proxy.cut();
        const res = await pay(i);
        answers.push({
          i,
          status: res.status,
          code: res.body?.error?.code,
          retryAfter: res.headers['retry-after'] as string | undefined,
          id: res.status === 200 ? res.body.id : undefined,
        });
        // …and comes back once the requests in flight and as many new ones have failed.
        if (!restored && answers.filter((a) => a.status !== 200).length >= IN_FLIGHT * 2) {
          proxy.restore();
          restored = true;
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    expect(restored).toBe(true);

    const failed = answers.filter((a) => a.status !== 200);
    const succeeded = answers.filter((a) => a.status === 200);
    // The cut hit requests in flight (else this proved nothing), and requests after it succeeded again.
    expect(failed.length).toBeGreaterThan(0);
    expect(succeeded.some((a) => a.i > PAYMENTS / 3 + IN_FLIGHT * 4)).toBe(true);
    for (const a of failed) expect(a).toMatchObject({ status: 503, code: 'database_unavailable', retryAfter: '2' });

    const stored = async () =>
      inCompany(direct.db, w.company.id, (tx) =>
        selectRows<{ id: number; comment: string }>(
          tx,
          sql`select id::int, comment from ledger_entries
              where company_id = ${w.company.id} and student_id = ${student} and kind = 'payment' order by id`,
        ),
      );
    const before = new Map((await stored()).map((row) => [row.id, row.comment]));
    for (const a of succeeded) expect(before.get(a.id!)).toBe(`cut ${a.i}`);

    // The client's part: send each failed payment again with its key. Each is then stored exactly once.
    for (const a of failed) expect((await pay(a.i)).status).toBe(200);
    const after = await stored();
    expect(after).toHaveLength(PAYMENTS);
    expect(new Set(after.map((row) => row.comment)).size).toBe(PAYMENTS);
    const balance = await call(app, { url: `/api/v1/user/${student}/balance`, sub: w.sub, token: w.tokens.admin });
    expect(balance.body.balance).toBe(PAYMENTS * AMOUNT);
  }, 120_000);
});
