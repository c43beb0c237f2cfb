import { CONSOLE, PUBLIC } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { platformAccounts } from '../../db/schema/index.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';
import type { NewConsoleAccount } from './console-accounts.js';
import { consoleCall, newAccount, signIn } from './console-test-world.js';

/**
 * The console's door (issue 16): its routes answer only its own token kind on its own host; a centre's token
 * opens none of them, and a console token opens no centre route.
 */
const { app, database } = await openTestApp();
let centre: CreatedCompany & { users: RoleUsers };
let centreToken: string;
let account: NewConsoleAccount;
let consoleToken: string;

beforeAll(async () => {
  centre = await createCompanyWithRoleUsers(database.db, {
    name: 'Door Centre',
    subdomain: uniqueSubdomain('door'),
    branches: ['Main'],
  });
  centreToken = await loginAs(app, centre.subdomain, centre.users.owner.phone);
  account = await newAccount(database.db);
  consoleToken = await signIn(app, account);
});

const routesOf = (kind: 'console' | 'centre') =>
  app.routeAccess.filter(
    (r) =>
      r.url.startsWith('/api/v1/') &&
      (kind === 'console' ? r.access === CONSOLE : r.access !== CONSOLE && r.access !== PUBLIC),
  );
/** Any value fills a path parameter: the door refuses before a row is looked for. */
const pathOf = (url: string) => url.replace('/api/v1', '').replace(/:\w+/g, '1');

describe('the console routes', () => {
  it('are declared with the console access', () => {
    expect(routesOf('console').map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/console/companies', 'POST /api/v1/console/companies/:id/disable']),
    );
  });

  it('refuse with 401 a caller without a console token: none, a centre owner’s, or a made-up one', async () => {
    const forged = `pct_${'A'.repeat(43)}`;
    for (const route of routesOf('console')) {
      for (const [token, sub] of [
        [undefined, undefined],
        [centreToken, undefined],
        [centreToken, centre.subdomain],
        [forged, undefined],
      ] as const) {
        const res = await consoleCall(app, {
          method: route.method as 'GET',
          url: pathOf(route.url),
          token,
          ...(sub ? { sub } : {}),
        });
        expect(
          res.status,
          `${route.method} ${route.url} with ${token === centreToken ? 'a centre token' : (token ?? 'nothing')}`,
        ).toBe(401);
      }
    }
  });

  it('answer a console token on the console host only: from a centre host or the bare domain, 404', async () => {
    expect((await consoleCall(app, { url: '/console/me', token: consoleToken })).body).toEqual({
      id: account.id,
      login: account.login,
      name: 'Operations Person',
    });
    for (const route of routesOf('console')) {
      for (const sub of [centre.subdomain, null]) {
        const res = await consoleCall(app, {
          method: route.method as 'GET',
          url: pathOf(route.url),
          token: consoleToken,
          sub,
        });
        expect(res.status, `${route.method} ${route.url} on ${sub ?? 'the bare domain'}`).toBe(404);
      }
    }
  });

  it('are in the OpenAPI document', async () => {
    const doc = await app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/console/settings', '/api/v1/console/companies/{id}/licence']),
    );
  });

  it('have no log-in on a centre’s host', async () => {
    const res = await consoleCall(app, {
      method: 'POST',
      url: '/console/login',
      sub: centre.subdomain,
      body: { login: account.login, password: account.password, code: '000000' },
    });
    expect(res.status).toBe(404);
  });
});

describe('a console token', () => {
  it('opens no centre route, on the centre’s host or the console’s', async () => {
    const centreRoutes = routesOf('centre');
    expect(centreRoutes.length).toBeGreaterThan(50);
    for (const route of centreRoutes) {
      for (const sub of [centre.subdomain, 'admin']) {
        const res = await consoleCall(app, {
          method: route.method as 'GET',
          url: pathOf(route.url),
          token: consoleToken,
          sub,
        });
        expect(res.status, `${route.method} ${route.url} on ${sub}`).toBe(401);
      }
    }
  });

  it('stops working at log-out, and when its account is disabled', async () => {
    const other = await newAccount(database.db);
    const first = await signIn(app, other, 0);
    const second = await signIn(app, other, 1);
    const out = await consoleCall(app, { method: 'POST', url: '/console/logout', token: first });
    expect(out.body).toEqual({ ok: true });
    expect((await consoleCall(app, { url: '/console/me', token: first })).status).toBe(401);
    expect((await consoleCall(app, { url: '/console/me', token: second })).status).toBe(200);

    await database.db.update(platformAccounts).set({ disabled: true }).where(eq(platformAccounts.id, other.id));
    expect((await consoleCall(app, { url: '/console/me', token: second })).status).toBe(401);
  });
});
