import {
  ACCESS,
  CONSOLE,
  isAnyOf,
  PUBLIC,
  passesAccess,
  ROLE_IDS,
  type RoleId,
  roleNameOf,
  SIGNED_IN,
} from '@crm/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema/index.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../src/seed/factories.js';
import {
  buildTestApp,
  call,
  type ForeignRoute,
  type ForeignRows,
  loginAs,
  openTestApp,
  uniqueSubdomain,
} from './helpers.js';

/**
 * Walks every registered route against the spec §6 table: an anonymous caller
 * gets 401, every role the table does not allow gets 403, and an allowed user
 * naming another company's row gets 404. A new route is covered the day it is
 * registered; one whose path parameters have no fixture in test/foreign-rows fails this test.
 */
const FIXTURES = import.meta.glob<{ foreignRows: ForeignRows }>('./foreign-rows/*.ts', { eager: true });
const { app, database } = await openTestApp();
let home: CreatedCompany & { users: RoleUsers };
let foreign: CreatedCompany & { users: RoleUsers };
const tokens = new Map<RoleId, string>();
/** Rows of the *other* company, by route. */
const foreignRoutes: Record<string, ForeignRoute> = {};

beforeAll(async () => {
  home = await createCompanyWithRoleUsers(database.db, {
    name: 'Home',
    subdomain: uniqueSubdomain('home'),
    branches: ['H'],
  });
  // Gamification on: its routes answer 403 gamification_off otherwise, before they look for the row named.
  await database.db
    .update(companies)
    .set({ datas: sql`${companies.datas} || '{"gamification": true}'::jsonb` })
    .where(eq(companies.id, home.id));
  foreign = await createCompanyWithRoleUsers(database.db, {
    name: 'Foreign',
    subdomain: uniqueSubdomain('foreign'),
    branches: ['F'],
  });
  for (const module of Object.values(FIXTURES))
    Object.assign(foreignRoutes, await module.foreignRows(database.db, foreign));
  for (const role of ROLE_IDS) tokens.set(role, await loginAs(app, home.subdomain, home.users[roleNameOf(role)].phone));
});

// The platform console's routes take no centre token at all: modules/console/console-access.test.ts walks them.
const apiRoutes = () => app.routeAccess.filter((r) => r.url.startsWith('/api/v1/') && r.access !== CONSOLE);
const label = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

function fillPath(url: string): string {
  const params = foreignRoutes[url]?.params;
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`No fixture for :${name} of ${url}: add one in test/foreign-rows`);
    return String(value);
  });
}

describe('every API route', () => {
  it('declares an access that the spec §6 table knows', () => {
    expect(apiRoutes().length).toBeGreaterThan(5);
    for (const route of apiRoutes()) {
      const areas = isAnyOf(route.access) ? route.access.anyOf : [route.access];
      const known = areas.every((a) => a === PUBLIC || a === SIGNED_IN || a in ACCESS);
      expect(known, label(route)).toBe(true);
    }
  });

  it('refuses an anonymous caller with 401 unless public', async () => {
    for (const route of apiRoutes().filter((r) => r.access !== PUBLIC)) {
      const res = await call(app, { method: route.method as 'GET', url: fillPath(route.url), sub: home.subdomain });
      expect(res.status, label(route)).toBe(401);
      expect(res.body.error.code, label(route)).toBe('unauthorized');
    }
  });

  it('refuses with 403 every role the table does not allow', async () => {
    let refusals = 0;
    for (const route of apiRoutes().filter((r) => r.access !== PUBLIC && r.access !== SIGNED_IN)) {
      for (const role of ROLE_IDS.filter((r) => !passesAccess(route.access, [r]))) {
        const res = await call(app, {
          method: route.method as 'GET',
          url: fillPath(route.url),
          sub: home.subdomain,
          token: tokens.get(role),
        });
        expect(res.status, `${label(route)} as ${roleNameOf(role)}`).toBe(403);
        expect(res.body.error.message).toBe('Forbidden: You are not allowed to access this resource.');
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(10);
  });

  it("answers 404 to an allowed user naming another company's row", async () => {
    const owner = tokens.get(8 as RoleId);
    for (const route of apiRoutes().filter((r) => r.url.includes(':') && r.access !== PUBLIC)) {
      const res = await call(app, {
        method: route.method as 'GET',
        url: fillPath(route.url),
        sub: home.subdomain,
        token: owner,
        body: foreignRoutes[route.url]?.bodies?.[route.method as 'PUT'],
      });
      expect(res.status, label(route)).toBe(404);
    }
  });
});

describe('the server', () => {
  it('refuses to start with a route that declares no access', async () => {
    const unguarded = await buildTestApp(database);
    expect(() => unguarded.get('/api/v1/unguarded', async () => ({}))).toThrow(/declares no access/);
    await unguarded.close();
  });
});
