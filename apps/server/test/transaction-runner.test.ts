import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../src/db/client.js';
import { rooms } from '../src/db/schema/index.js';
import { inCompany, inCompanyAfter } from '../src/platform/tenancy.js';
import {
  type CreatedCompany,
  createCompanyWithRoleUsers,
  createRoomRow,
  type RoleUsers,
} from '../src/seed/factories.js';
import { call, loginAs, openTestApp, uniqueSubdomain } from './helpers.js';

/*
 * The request transaction sends `begin`, the tenant settings and the session check in one message
 * (db/transaction-runner.ts). Its settings are transaction-local: here one connection (a pool of 1 on
 * PostgreSQL; PGlite has one anyway) serves two companies' requests, failing ones among them, and after each
 * the connection is as it was lent: no company, the owner's role, the default timeout.
 */
const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolSize: 1 });
await database.migrate();
afterAll(() => database.close());
const { app } = await openTestApp(database);

let a: CreatedCompany & { users: RoleUsers };
let b: CreatedCompany & { users: RoleUsers };
const tokens: { a: string; b: string } = { a: '', b: '' };

beforeAll(async () => {
  a = await createCompanyWithRoleUsers(database.db, { name: 'A', subdomain: uniqueSubdomain('ra'), branches: ['A'] });
  b = await createCompanyWithRoleUsers(database.db, { name: 'B', subdomain: uniqueSubdomain('rb'), branches: ['B'] });
  for (let i = 0; i < 3; i++) {
    await createRoomRow(database.db, a.id, a.branchIds[0] as number, `A-${i}`, 10);
    await createRoomRow(database.db, b.id, b.branchIds[0] as number, `B-${i}`, 10);
  }
  tokens.a = await loginAs(app, a.subdomain, '900000002');
  tokens.b = await loginAs(app, b.subdomain, '900000002');
});

interface ConnectionState {
  company: string | null;
  role: string;
  timeout: string;
}

/** What a statement outside any company transaction sees on the (only) connection. */
async function connectionState(): Promise<ConnectionState> {
  const [row] = await selectRows<ConnectionState>(
    database.db,
    sql`select nullif(current_setting('app.company_id', true), '') as company, current_user as role,
      current_setting('statement_timeout') as timeout`,
  );
  return row as ConnectionState;
}

describe('the request transaction on one pooled connection', () => {
  it('keeps two companies apart under concurrency, failing requests among them, and leaves nothing behind', async () => {
    const before = await connectionState();
    expect(before.company).toBeNull();
    const requests = Array.from({ length: 30 }, (_, i) => {
      const company = i % 2 === 0 ? 'a' : 'b';
      const sub = company === 'a' ? a.subdomain : b.subdomain;
      // Every third asks for a room that is not there: its transaction rolls back on the same connection.
      const url = i % 3 === 0 ? '/api/v1/room/999999' : '/api/v1/room';
      return call(app, { url, sub, token: tokens[company] }).then((res) => ({ res, company, url }));
    });
    for (const { res, company, url } of await Promise.all(requests)) {
      if (url.endsWith('999999')) {
        expect(res.status).toBe(404);
        continue;
      }
      expect(res.status).toBe(200);
      const names = res.body.data.map((room: { name: string }) => room.name);
      expect(names.length).toBe(3);
      expect(names.every((name: string) => name.startsWith(company === 'a' ? 'A-' : 'B-'))).toBe(true);
    }
    expect(await connectionState()).toEqual(before);
  });

  it('runs the opening as the tenant: the lead statement sees only its company, under row-level security', async () => {
    const seen = await inCompanyAfter(
      database.db,
      a.id,
      sql`select count(*)::int as rooms, current_user as role from rooms`,
      async (tx, [lead]) => ({ lead, inWork: await tx.select().from(rooms) }),
    );
    expect(seen.lead).toEqual({ rooms: 3, role: 'app_user' });
    expect(seen.inWork.map((room) => room.companyId)).toEqual([a.id, a.id, a.id]);
  });

  it('after a failing opening or failing work the connection is clean and serves the next request', async () => {
    const before = await connectionState();
    await expect(inCompanyAfter(database.db, a.id, sql`select 1 / 0`, async () => 'never')).rejects.toThrow();
    expect(await connectionState()).toEqual(before);
    await expect(
      inCompany(database.db, b.id, async (tx) => {
        await tx
          .insert(rooms)
          .values({ companyId: b.id, branchId: b.branchIds[0] as number, name: 'lost', capacity: 1 });
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await connectionState()).toEqual(before);
    const rowsOfB = await inCompany(database.db, b.id, (tx) => tx.select({ name: rooms.name }).from(rooms));
    expect(rowsOfB.map((room) => room.name)).not.toContain('lost');
  });

  it('keeps savepoints working inside the transaction', async () => {
    const names = await inCompany(database.db, a.id, async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner
            .insert(rooms)
            .values({ companyId: a.id, branchId: a.branchIds[0] as number, name: 'undone', capacity: 1 });
          throw new Error('roll back to the savepoint');
        })
        .catch(() => {});
      return (await tx.select({ name: rooms.name }).from(rooms)).map((room) => room.name);
    });
    expect(names).not.toContain('undone');
    expect(names.length).toBe(3);
  });
});
