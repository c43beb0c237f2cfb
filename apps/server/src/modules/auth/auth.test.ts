import { Role } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { type CreatedCompany, createCompanyWithRoleUsers, createUser, type RoleUsers } from '../../seed/factories.js';
import { LOGIN_FAILURE_LIMIT } from './service.js';

const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let other: CreatedCompany & { users: RoleUsers };

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Alpha',
    subdomain: uniqueSubdomain('alpha'),
    branches: ['A1', 'A2'],
  });
  other = await createCompanyWithRoleUsers(database.db, {
    name: 'Beta',
    subdomain: uniqueSubdomain('beta'),
    branches: ['B1'],
  });
});

const login = (sub: string, phone: string, password: string) =>
  call(app, { method: 'POST', url: '/api/v1/auth/login', sub, body: { phone, password } });

describe('POST /auth/login', () => {
  it('answers a token and the user with current role and branch', async () => {
    const res = await login(company.subdomain, '900000002', 'demo1234');
    expect(res.status).toBe(200);
    expect(res.body.access_token).toMatch(/^ey/);
    expect(res.body.user).toMatchObject({
      name: 'Malika Yusupova',
      current_role: Role.admin,
      current_branch: company.branchIds[0],
      company: { subdomain: company.subdomain },
    });
    expect(res.body.user.branches).toHaveLength(2);
  });

  it('accepts the phone with the country prefix and spaces', async () => {
    expect((await login(company.subdomain, '+998 90 000 00 02', 'demo1234')).status).toBe(200);
  });

  it('refuses a wrong password and an unknown phone with the same error', async () => {
    const wrong = await login(company.subdomain, '900000006', 'nope');
    const unknown = await login(company.subdomain, '911111111', 'demo1234');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'wrong_credentials', message: 'Wrong phone number or password.' });
    }
  });

  it('refuses an unknown subdomain', async () => {
    const res = await login('no-such-company', '900000002', 'demo1234');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('company_not_found');
  });

  it('lets an API client without a company host name the subdomain, and refuses a wrong one', async () => {
    const post = (body: object) => call(app, { method: 'POST', url: '/api/v1/auth/login', body });
    const ok = await post({ phone: '900000002', password: 'demo1234', subdomain: company.subdomain });
    expect(ok.status).toBe(200);
    expect(ok.body.user.company.subdomain).toBe(company.subdomain);
    const wrong = await post({ phone: '900000002', password: 'demo1234', subdomain: 'no-such-company' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({
      code: 'wrong_phone_or_subdomain',
      message: 'Wrong phone number or subdomain.',
    });
    // Its token then works on the bare API host.
    const me = await call(app, { method: 'POST', url: '/api/v1/auth/me', token: ok.body.access_token });
    expect(me.status).toBe(200);
  });

  it('refuses a disabled company', async () => {
    const sub = uniqueSubdomain('off');
    await createCompanyWithRoleUsers(database.db, { name: 'Off', subdomain: sub, branches: ['X'], disabled: true });
    const res = await login(sub, '900000002', 'demo1234');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('company_disabled');
  });

  it('names the missing field', async () => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      sub: company.subdomain,
      body: { password: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'phone', rule: 'required' }));
  });

  it('refuses log-ins for a while after repeated failures, even with the right password', async () => {
    const phone = '977777777';
    await createUser(database.db, company.id, {
      name: 'Target',
      phone,
      roles: [Role.admin],
      branchIds: company.branchIds,
    });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
      expect((await login(company.subdomain, phone, 'guess')).status).toBe(401);
    const res = await login(company.subdomain, phone, 'demo1234');
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('too_many_attempts');
    expect(res.body.error.details.retry_after_seconds).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another phone of the same company is not locked out.
    expect((await login(company.subdomain, '900000004', 'demo1234')).status).toBe(200);
  });
});

describe('POST /auth/me and /auth/logout', () => {
  it('answers the signed-in user', async () => {
    const token = await loginAs(app, company.subdomain, '900000006');
    const res = await call(app, { method: 'POST', url: '/api/v1/auth/me', sub: company.subdomain, token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: company.users.teacher.id, current_role: Role.teacher });
  });

  it('owner works in the first branch, others in main_branch (spec §6)', async () => {
    const phone = '955555555';
    await createUser(database.db, company.id, {
      name: 'Second-branch admin',
      phone,
      roles: [Role.admin],
      branchIds: company.branchIds,
      mainBranchId: company.branchIds[1],
    });
    const admin = await loginAs(app, company.subdomain, phone);
    const me = await call(app, { method: 'POST', url: '/api/v1/auth/me', sub: company.subdomain, token: admin });
    expect(me.body.current_branch).toBe(company.branchIds[1]);
    const owner = await loginAs(app, company.subdomain, '900000008');
    const ownerMe = await call(app, { method: 'POST', url: '/api/v1/auth/me', sub: company.subdomain, token: owner });
    expect(ownerMe.body.current_branch).toBe(company.branchIds[0]);
  });

  it('refuses a request without a token', async () => {
    const res = await call(app, { method: 'POST', url: '/api/v1/auth/me', sub: company.subdomain });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('refuses a forged token', async () => {
    const token = await loginAs(app, company.subdomain, '900000002');
    const forged = `${token.slice(0, -4)}AAAA`;
    const res = await call(app, { method: 'POST', url: '/api/v1/auth/me', sub: company.subdomain, token: forged });
    expect(res.status).toBe(401);
  });

  it("refuses a token of one company on another company's host", async () => {
    const token = await loginAs(app, company.subdomain, '900000002');
    const res = await call(app, { method: 'POST', url: '/api/v1/auth/me', sub: other.subdomain, token });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('token_company_mismatch');
  });

  it('ends the session on logout', async () => {
    const token = await loginAs(app, company.subdomain, '900000005');
    const out = await call(app, { method: 'POST', url: '/api/v1/auth/logout', sub: company.subdomain, token });
    expect(out.status).toBe(200);
    const res = await call(app, { method: 'POST', url: '/api/v1/auth/me', sub: company.subdomain, token });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('session_expired');
  });
});
