import { Role } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, TEST_JWT_SECRET, uniqueSubdomain } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import {
  type CreatedCompany,
  createCompanyWithRoleUsers,
  createUser,
  DEMO_PASSWORD,
  type RoleUsers,
} from '../../seed/factories.js';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT_PER_IP, lockoutSeconds } from './login-throttle.js';

const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let phoneSeq = 970_000_000;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Gate',
    subdomain: uniqueSubdomain('gate'),
    branches: ['G'],
  });
});

async function newUser(): Promise<string> {
  const phone = String(phoneSeq++);
  await createUser(database.db, company.id, {
    name: `U${phone}`,
    phone,
    roles: [Role.admin],
    branchIds: company.branchIds,
  });
  return phone;
}

const attempt = (phone: string, password: string, from: string, headers: Record<string, string> = {}, server = app) =>
  server.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: from,
    headers: { host: `${company.subdomain}.localhost`, ...headers },
    payload: { phone, password },
  });

describe('log-in throttling', () => {
  it('checks at most the limit of passwords out of 200 parallel guesses for one phone', async () => {
    const phone = await newUser();
    const answers = await Promise.all(Array.from({ length: 200 }, () => attempt(phone, 'wrong-guess', '10.1.0.1')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(LOGIN_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBe(200 - LOGIN_FAILURE_LIMIT);
  });

  it('never locks the owner out of an address he has logged in from, whatever is guessed elsewhere', async () => {
    const phone = await newUser();
    expect((await attempt(phone, DEMO_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
      expect((await attempt(phone, 'guess', '10.2.0.66')).statusCode).toBe(401);
    const attacker = await attempt(phone, DEMO_PASSWORD, '10.2.0.66');
    expect(attacker.statusCode).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(LOGIN_FAILURE_LIMIT * 60);
    expect((await attempt(phone, DEMO_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('still limits guesses from a known address on their own', async () => {
    const phone = await newUser();
    expect((await attempt(phone, DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
      expect((await attempt(phone, 'typo', '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt(phone, DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(429);
  });

  it('makes each lockout from unknown addresses longer as failures grow', () => {
    expect(lockoutSeconds(5)).toBe(15 * 60);
    expect(lockoutSeconds(10)).toBe(30 * 60);
    expect(lockoutSeconds(15)).toBe(60 * 60);
    expect(lockoutSeconds(500)).toBe(24 * 60 * 60);
  });

  it('ignores X-Forwarded-For unless the sender is a configured proxy', async () => {
    const phones = await Promise.all(Array.from({ length: 8 }, () => newUser()));
    // From one address, rotating the header: the per-address limit still counts the connection's address.
    for (let i = 0; i < LOGIN_FAILURE_LIMIT_PER_IP; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i}` };
      expect((await attempt(phones[i % 8] as string, 'guess', '10.4.0.1', forged)).statusCode).toBe(401);
    }
    expect(
      (await attempt(phones[0] as string, 'guess', '10.4.0.1', { 'x-forwarded-for': '203.0.113.200' })).statusCode,
    ).toBe(429);

    // Behind a configured proxy the header names the client, so another client behind it is not refused.
    const proxied = await buildApp({
      config: { baseDomain: 'localhost', jwtSecret: TEST_JWT_SECRET, logLevel: 'silent', trustProxy: ['10.4.0.1'] },
      database,
      logger: false,
      filesDir: '/tmp/crm-test-files/proxied',
    });
    await proxied.ready();
    const viaProxy = await attempt(
      await newUser(),
      DEMO_PASSWORD,
      '10.4.0.1',
      { 'x-forwarded-for': '198.51.100.7' },
      proxied,
    );
    expect(viaProxy.statusCode).toBe(200);
    await proxied.close();
  });
});
