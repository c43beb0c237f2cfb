import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../src/db/schema/index.js';
import { inCompany } from '../src/platform/tenancy.js';
import {
  type CreatedCompany,
  createCompanyWithRoleUsers,
  createRoomRow,
  type RoleUsers,
} from '../src/seed/factories.js';
import { buildTestApp, call, loginAs, openTestApp, uniqueSubdomain } from './helpers.js';

const { app, database } = await openTestApp();
let a: CreatedCompany & { users: RoleUsers };
let b: CreatedCompany & { users: RoleUsers };

beforeAll(async () => {
  a = await createCompanyWithRoleUsers(database.db, { name: 'A', subdomain: uniqueSubdomain('ta'), branches: ['A'] });
  b = await createCompanyWithRoleUsers(database.db, { name: 'B', subdomain: uniqueSubdomain('tb'), branches: ['B'] });
  for (let i = 0; i < 5; i++) {
    await createRoomRow(database.db, a.id, a.branchIds[0]!, `A-${i}`, 10);
    await createRoomRow(database.db, b.id, b.branchIds[0]!, `B-${i}`, 10);
  }
});

describe('tenant isolation', () => {
  it('hides other companies’ rows from a query that forgot its where', async () => {
    const seen = await inCompany(database.db, a.id, (tx) => tx.select().from(rooms));
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen.every((r) => r.companyId === a.id)).toBe(true);
  });

  it('refuses to write a row of another company', async () => {
    await expect(
      inCompany(database.db, a.id, (tx) =>
        tx.insert(rooms).values({ companyId: b.id, branchId: b.branchIds[0]!, name: 'X', capacity: 1 }),
      ),
    ).rejects.toThrow();
    const changed = await inCompany(database.db, a.id, (tx) =>
      tx.update(rooms).set({ name: 'pwned' }).where(eq(rooms.companyId, b.id)).returning(),
    );
    expect(changed).toEqual([]);
  });

  it('refuses to run without a company', async () => {
    await expect(inCompany(database.db, Number.NaN, async () => 1)).rejects.toThrow(/invalid company id/);
  });

  it('never mixes rows of two companies under concurrent requests', async () => {
    const tokenA = await loginAs(app, a.subdomain, '900000002');
    const tokenB = await loginAs(app, b.subdomain, '900000002');
    const requests = Array.from({ length: 40 }, (_, i) => {
      const mine =
        i % 2 === 0
          ? { sub: a.subdomain, token: tokenA, prefix: 'A-' }
          : { sub: b.subdomain, token: tokenB, prefix: 'B-' };
      return call(app, { url: '/api/v1/room', sub: mine.sub, token: mine.token }).then((res) => ({
        res,
        prefix: mine.prefix,
      }));
    });
    for (const { res, prefix } of await Promise.all(requests)) {
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBe(5);
      expect(res.body.data.every((r: { name: string }) => r.name.startsWith(prefix))).toBe(true);
    }
  });
});

describe('a constraint the database enforces', () => {
  it('answers 409 conflict in the error shape, not 500', async () => {
    const probe = await buildTestApp(database);
    // A route that skips the service's checks, to reach the database's foreign key.
    probe.post('/api/v1/probe', { config: { access: 'public' } }, () =>
      inCompany(database.db, a.id, (tx) =>
        tx.insert(rooms).values({ companyId: a.id, branchId: 999_999, name: 'X', capacity: 1 }),
      ),
    );
    const res = await probe.inject({ method: 'POST', url: '/api/v1/probe', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body).error.code).toBe('conflict');
    await probe.close();
  });
});
