import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { platformAccounts, platformAuditLog } from '../../db/schema/index.js';
import type { NewConsoleAccount } from './console-accounts.js';
import { CONSOLE_FAILURE_LIMIT } from './console-login.js';
import { codeOf, consoleCall, freshIp, newAccount, uniqueLogin } from './console-test-world.js';

const { app, database } = await openTestApp();
const db = database.db;

const login = (body: Record<string, unknown>, ip = freshIp()) =>
  consoleCall(app, { method: 'POST', url: '/console/login', body, ip });
const rightBody = (account: NewConsoleAccount, offset = 0) => ({
  login: account.login,
  password: account.password,
  code: codeOf(account, offset),
});

/** The audit rows written about a login (its account's or, for unknown logins, naming it in data). */
const auditOf = (loginName: string) =>
  db
    .select({ action: platformAuditLog.action, data: platformAuditLog.data, ip: platformAuditLog.ip })
    .from(platformAuditLog)
    .leftJoin(platformAccounts, eq(platformAccounts.id, platformAuditLog.accountId))
    .where(sql`${platformAccounts.login} = ${loginName} or ${platformAuditLog.data}->>'login' = ${loginName}`)
    .orderBy(desc(platformAuditLog.id));

describe('console log-in', () => {
  it('signs in with password and the current code, and logs it', async () => {
    const account = await newAccount(db);
    const ip = freshIp();
    const res = await login({ ...rightBody(account), login: `  ${account.login.toUpperCase()} ` }, ip);
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^pct_/);
    expect(res.body.account).toEqual({ id: account.id, login: account.login, name: 'Operations Person' });
    expect(new Date(res.body.expires_at).getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
    expect((await auditOf(account.login))[0]).toEqual({ action: 'login', data: {}, ip });
  });

  it('refuses a wrong password, a wrong code and an unknown login alike, and logs each with its reason', async () => {
    const account = await newAccount(db);
    const wrongPassword = await login({ ...rightBody(account), password: 'not-the-password' });
    const wrongCode = await login({ ...rightBody(account), code: codeOf(account, 5) });
    const stranger = uniqueLogin('nobody');
    const unknown = await login({ ...rightBody(account), login: stranger });
    for (const res of [wrongPassword, wrongCode, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('login_error');
    }
    expect((await auditOf(account.login)).map((r) => r.data)).toEqual([
      { login: account.login, reason: 'wrong_code' },
      { login: account.login, reason: 'wrong_password' },
    ]);
    expect(await auditOf(stranger)).toEqual([
      expect.objectContaining({ action: 'login_failed', data: { login: stranger, reason: 'unknown_login' } }),
    ]);
  });

  it('takes each code once: the same step again is refused, the next one works', async () => {
    const account = await newAccount(db);
    const body = rightBody(account);
    expect((await login(body)).status).toBe(200);
    const again = await login(body);
    expect(again.status).toBe(401);
    expect((await auditOf(account.login))[0]?.data).toEqual({ login: account.login, reason: 'wrong_code' });
    expect((await login(rightBody(account, 1))).status).toBe(200);
  });

  it('wants all three fields, the code as six digits', async () => {
    const account = await newAccount(db);
    for (const body of [
      { login: account.login, password: account.password },
      { ...rightBody(account), code: '12345' },
      { ...rightBody(account), password: '' },
    ]) {
      const res = await login(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('refuses a disabled account even with everything right', async () => {
    const account = await newAccount(db);
    await db.update(platformAccounts).set({ disabled: true }).where(eq(platformAccounts.id, account.id));
    expect((await login(rightBody(account))).status).toBe(401);
    expect((await auditOf(account.login))[0]?.data).toEqual({ login: account.login, reason: 'account_disabled' });
  });
});

describe('console log-in throttling', () => {
  it(`refuses a login after ${CONSOLE_FAILURE_LIMIT} failures in 15 minutes from anywhere, right password or not`, async () => {
    const account = await newAccount(db);
    for (let i = 0; i < CONSOLE_FAILURE_LIMIT; i++) {
      expect((await login({ ...rightBody(account), password: `guess-${i}` })).status).toBe(401);
    }
    const refused = await login(rightBody(account));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_attempts');
    expect(refused.body.error.details.retry_after_seconds).toBeGreaterThan(800);
    expect((await auditOf(account.login))[0]?.action).toBe('login_throttled');

    // The window is the audit log's: once the failures are older than 15 minutes, the login works again.
    await db
      .update(platformAuditLog)
      .set({ at: sql`now() - interval '16 minutes'` })
      .where(and(eq(platformAuditLog.accountId, account.id), eq(platformAuditLog.action, 'login_failed')));
    expect((await login(rightBody(account, 1))).status).toBe(200);
  });

  it(`refuses an address after ${CONSOLE_FAILURE_LIMIT} failures there, whichever logins it tried`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONSOLE_FAILURE_LIMIT; i++) {
      expect((await login({ login: uniqueLogin('spray'), password: 'x', code: '123456' }, ip)).status).toBe(401);
    }
    const account = await newAccount(db);
    expect((await login(rightBody(account), ip)).status).toBe(429);
    expect((await login(rightBody(account), freshIp())).status).toBe(200);
  });

  it('lets parallel guesses check no more passwords than the limit', async () => {
    const account = await newAccount(db);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login({ ...rightBody(account), password: `parallel-${i}` })),
    );
    expect(guesses.filter((g) => g.status === 401)).toHaveLength(CONSOLE_FAILURE_LIMIT);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(12 - CONSOLE_FAILURE_LIMIT);
  });
});
