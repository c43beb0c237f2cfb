import { TRIAL_DAYS_DEFAULT } from '@crm/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { platformAuditLog } from '../../db/schema/index.js';
import type { NewConsoleAccount } from './console-accounts.js';
import { consoleCall, freshIp, newAccount, signIn } from './console-test-world.js';
import { asPlatform } from './platform-db.js';
import { readPlatformSettings, trialDaysOf } from './platform-settings.js';

const { app, database } = await openTestApp();
const db = database.db;
let account: NewConsoleAccount;
let token: string;
let initial: Awaited<ReturnType<typeof readPlatformSettings>>;

const CHAT = { base_url: 'https://chat.example.com', website_token: 'abcDEF123456' };
const put = (body: unknown) => consoleCall(app, { method: 'PUT', url: '/console/settings', token, body });
const publicChat = (ip = freshIp()) => consoleCall(app, { url: '/platform/support-chat', sub: 'demo', ip });

beforeAll(async () => {
  initial = await asPlatform(db, readPlatformSettings);
  account = await newAccount(db);
  token = await signIn(app, account);
});
// On a shared PostgreSQL other files read these settings too: leave them as found.
afterAll(() => put(initial));

describe('platform settings', () => {
  it('start with a 14-day trial and no support chat', async () => {
    if (initial.support_chat !== null) return; // someone's database already has them set
    const res = await consoleCall(app, { url: '/console/settings', token });
    expect(res.body).toEqual({ trial_days: TRIAL_DAYS_DEFAULT, support_chat: null });
    expect(await publicChat()).toMatchObject({ status: 200, body: null });
  });

  it('are saved together, the chat’s address without its trailing slash, and the change is logged', async () => {
    const res = await put({ trial_days: 30, support_chat: { ...CHAT, base_url: 'https://chat.example.com/' } });
    expect(res.body).toEqual({ trial_days: 30, support_chat: CHAT });
    expect(await trialDaysOf(db)).toBe(30);
    const [logged] = await db
      .select({ action: platformAuditLog.action, data: platformAuditLog.data })
      .from(platformAuditLog)
      .where(eq(platformAuditLog.accountId, account.id))
      .orderBy(desc(platformAuditLog.id))
      .limit(1);
    expect(logged).toEqual({
      action: 'settings_changed',
      data: { before: initial, after: { trial_days: 30, support_chat: CHAT } },
    });
    expect((await consoleCall(app, { url: '/console/settings', token })).body).toEqual(res.body);
  });

  it('refuse a trial outside 1..90 days and a chat that is not an http(s) address with a token', async () => {
    for (const body of [
      { trial_days: 0, support_chat: null },
      { trial_days: 91, support_chat: null },
      { trial_days: 1.5, support_chat: null },
      { trial_days: 14, support_chat: { ...CHAT, base_url: 'javascript:alert(1)' } },
      { trial_days: 14, support_chat: { ...CHAT, base_url: 'ftp://chat.example.com' } },
      { trial_days: 14, support_chat: { ...CHAT, website_token: 'has spaces in it' } },
      { trial_days: 14, support_chat: { base_url: CHAT.base_url } },
    ]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the support chat', () => {
  it('is answered to every page without a log-in, and is null once turned off', async () => {
    await put({ trial_days: 14, support_chat: CHAT });
    expect((await publicChat()).body).toEqual(CHAT);
    await put({ trial_days: 14, support_chat: null });
    const off = await publicChat();
    expect(off.status).toBe(200);
    expect(off.body).toBeNull();
  });

  it('lets its address into the pages’ Content-Security-Policy only while it is on', async () => {
    const page = () => app.inject({ url: '/groups', headers: { host: 'demo.localhost' } });
    await put({ trial_days: 14, support_chat: CHAT });
    const on = String((await page()).headers['content-security-policy']);
    expect(on).toContain("script-src 'self' https://chat.example.com");
    expect(on).toMatch(/frame-src 'self'[^;]* https:\/\/chat\.example\.com/);
    expect(on).toContain("connect-src 'self' https://chat.example.com wss://chat.example.com");
    await put({ trial_days: 14, support_chat: null });
    const off = String((await page()).headers['content-security-policy']);
    expect(off).not.toContain('chat.example.com');
    expect(off).toContain("script-src 'self'");
  });

  it('is limited to 60 requests a minute per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i++) expect((await publicChat(ip)).status).toBe(200);
    const refused = await publicChat(ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_requests');
    expect((await publicChat()).status).toBe(200);
  });
});
