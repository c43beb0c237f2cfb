import { addDays, companyDay, StudentStatus } from '@crm/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { companies, platformAuditLog, smsMessages, users } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCompany } from '../../seed/factories.js';
import { createGroupsWorld, type GroupsWorld } from '../groups/groups-test-world.js';
import type { NewConsoleAccount } from './console-accounts.js';
import { consoleCall, newAccount, signIn } from './console-test-world.js';

const { app, database } = await openTestApp();
const db = database.db;
let w: GroupsWorld;
let account: NewConsoleAccount;
let token: string;

/** A shared-sender SMS of the centre, `parts` long, sent `at`. */
const sentSms = (companyId: number, parts: number, at: string) =>
  inCompany(db, companyId, (tx) =>
    tx.insert(smsMessages).values({
      companyId,
      recipient: 'student',
      phone: '901234567',
      text: 'Hello',
      parts,
      alphabet: 'gsm7',
      kind: 'manual',
      channel: 'shared',
      provider: 'log',
      paidFrom: 'limit',
      createdAt: sql`${at}::timestamptz`,
    }),
  );

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  consoleCall(app, { method, url, token, body });
const rowOf = async (subdomain: string) => {
  const res = await api('GET', `/console/companies?search=${subdomain}`);
  expect(res.status).toBe(200);
  return res.body.data[0];
};
const lastAudit = (companyId: number) =>
  db
    .select({ action: platformAuditLog.action, data: platformAuditLog.data, accountId: platformAuditLog.accountId })
    .from(platformAuditLog)
    .where(eq(platformAuditLog.targetCompanyId, companyId))
    .orderBy(desc(platformAuditLog.id))
    .limit(1)
    .then((rows) => rows[0]);

beforeAll(async () => {
  w = await createGroupsWorld(app, db, { tariff_student_limit: 100 });
  account = await newAccount(db);
  token = await signIn(app, account);
});

describe('the company list', () => {
  it('shows plan, licence, active students, this month’s SMS and last activity — and none of the people', async () => {
    const group = await w.createGroup();
    const [a, b, c] = w.students as [number, number, number];
    for (const student of [a, b, c]) {
      expect((await w.api(w.tokens.admin, 'POST', `/group/${group.id}/students/${student}`, {})).status).toBe(200);
    }
    for (const student of [a, b]) {
      expect(
        (await w.api(w.tokens.admin, 'PUT', `/group/${group.id}/student/${student}/${StudentStatus.active}`)).status,
      ).toBe(200);
    }
    const month = companyDay({ country: 'uz' }).slice(0, 7);
    await sentSms(w.company.id, 3, new Date().toISOString());
    await sentSms(w.company.id, 2, `${month}-01T12:00:00+05`);
    await sentSms(w.company.id, 7, '2020-01-15T12:00:00Z');
    await db
      .update(companies)
      .set({ licenceEndsOn: addDays(companyDay({ country: 'uz' }), 10) })
      .where(eq(companies.id, w.company.id));

    const res = await api('GET', `/console/companies?search=${w.sub.toUpperCase()}`);
    expect(res.body.pagination).toMatchObject({ total: 1, current_page: 1 });
    const row = res.body.data[0];
    expect(row).toMatchObject({
      id: w.company.id,
      name: 'Groups Co',
      subdomain: w.sub,
      plan_student_limit: 100,
      licence_days_left: 10,
      students_active: 2,
      sms_monthly_limit: 500,
      disabled: false,
      policies: { can_disable: true, can_enable: false },
    });
    // This month is the centre's (Tashkent's): its first day counts, January 2020 does not.
    expect(row.sms_used).toBe(5);
    expect(Date.now() - new Date(row.last_activity_at).getTime()).toBeLessThan(120_000);
    const text = JSON.stringify(res.body);
    const [person] = await inCompany(db, w.company.id, (tx) =>
      tx
        .select({ name: users.name, phone: users.phone })
        .from(users)
        .where(and(eq(users.companyId, w.company.id), eq(users.id, a))),
    );
    expect(text).not.toContain(person?.name);
    expect(text).not.toContain(person?.phone);
  });

  it('searches by name or subdomain and pages', async () => {
    const prefix = uniqueSubdomain('pg');
    for (const n of [1, 2, 3])
      await createCompany(db, { name: `Paged ${prefix} ${n}`, subdomain: `${prefix}-${n}`, branches: ['M'] });
    const first = await api('GET', `/console/companies?search=${prefix}&per_page=2`);
    expect(first.body.pagination).toMatchObject({ total: 3, total_pages: 2, per_page: 2, count: 2 });
    expect(first.body.data.map((c: { subdomain: string }) => c.subdomain)).toEqual([`${prefix}-3`, `${prefix}-2`]);
    const second = await api('GET', `/console/companies?search=${prefix}&per_page=2&page=2`);
    expect(second.body.data.map((c: { subdomain: string }) => c.subdomain)).toEqual([`${prefix}-1`]);
    expect((await api('GET', `/console/companies?search=Paged ${prefix} 2`)).body.data).toHaveLength(1);
    // A % typed in the box is a letter, not "anything".
    expect((await api('GET', '/console/companies?search=%25%25%25')).body.data).toEqual([]);
  });
});

describe('disabling a company', () => {
  it('refuses its users’ log-in and every request of their open sessions with company_disabled; enabling lets them back', async () => {
    const me = (token: string) => call(app, { method: 'POST', url: '/api/v1/auth/me', sub: w.sub, token });
    const before = await me(w.tokens.teacher);
    expect(before.status).toBe(200);

    const disabled = await api('POST', `/console/companies/${w.company.id}/disable`, { note: 'unpaid since March' });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ disabled: true, policies: { can_disable: false, can_enable: true } });
    expect(await lastAudit(w.company.id)).toEqual({
      action: 'company_disabled',
      data: { note: 'unpaid since March' },
      accountId: account.id,
    });

    for (const [method, url] of [
      ['POST', '/api/v1/auth/me'],
      ['GET', '/api/v1/reminder/counts'],
      ['GET', `/api/v1/user/${w.students[0]}`],
    ] as const) {
      const res = await call(app, { method, url, sub: w.sub, token: w.tokens.admin });
      expect(res.status, url).toBe(403);
      expect(res.body.error.code).toBe('company_disabled');
    }
    const login = await call(app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      sub: w.sub,
      body: { phone: '900000002', password: 'demo1234' },
    });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('company_disabled');

    const enabled = await api('POST', `/console/companies/${w.company.id}/enable`, {});
    expect(enabled.body.disabled).toBe(false);
    expect((await lastAudit(w.company.id))?.action).toBe('company_enabled');
    expect((await me(w.tokens.teacher)).status).toBe(200);
    expect(await loginAs(app, w.sub, '900000002')).toEqual(expect.any(String));
  });

  it('answers 404 for a company that does not exist', async () => {
    for (const action of ['disable', 'enable']) {
      expect((await api('POST', `/console/companies/999999999/${action}`, {})).status).toBe(404);
    }
    expect((await api('POST', '/console/companies/999999999/licence', { days: 3, note: 'x' })).status).toBe(404);
    expect((await api('PUT', '/console/companies/999999999/sms-limit', { monthly_limit: 3 })).status).toBe(404);
  });
});

describe('extending a licence by hand', () => {
  const today = () => companyDay({ country: 'uz' });
  const freshCompany = async (licenceEndsOn: string | null) => {
    const company = await createCompany(db, { name: 'Licence Co', subdomain: uniqueSubdomain('lic'), branches: ['M'] });
    await db.update(companies).set({ licenceEndsOn }).where(eq(companies.id, company.id));
    return company.id;
  };
  const extend = (id: number, body: unknown) => api('POST', `/console/companies/${id}/licence`, body);

  it('adds days to a running licence, and from today to one that ran out or never was', async () => {
    const running = await freshCompany(addDays(today(), 5));
    const res = await extend(running, { days: 30, note: 'bank transfer 41 of 2025-03-01' });
    expect(res.body).toMatchObject({ licence_ends_on: addDays(today(), 35), licence_days_left: 35 });
    expect(await lastAudit(running)).toEqual({
      action: 'licence_extended',
      data: { from: addDays(today(), 5), to: addDays(today(), 35), days: 30, note: 'bank transfer 41 of 2025-03-01' },
      accountId: account.id,
    });
    const expired = await freshCompany(addDays(today(), -20));
    expect((await extend(expired, { days: 30, note: 'bank transfer' })).body.licence_ends_on).toBe(
      addDays(today(), 29),
    );
    const never = await freshCompany(null);
    expect((await extend(never, { days: 1, note: 'bank transfer' })).body.licence_ends_on).toBe(today());
  });

  it('sets a date, and wants a note and exactly one of days or date', async () => {
    const id = await freshCompany(null);
    expect((await extend(id, { until: '2031-12-31', note: 'bank transfer, 3 years' })).body.licence_ends_on).toBe(
      '2031-12-31',
    );
    for (const body of [
      { days: 3 },
      { days: 3, note: '  ' },
      { note: 'x' },
      { days: 3, until: '2031-01-01', note: 'x' },
      { days: 0, note: 'x' },
    ]) {
      const res = await extend(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await rowOf((await db.select().from(companies).where(eq(companies.id, id)))[0]!.subdomain)).licence_ends_on,
    ).toBe('2031-12-31');
  });
});

describe('changing the SMS limit', () => {
  it('sets the monthly limit the centre’s SMS module spends from, and logs the change', async () => {
    const res = await api('PUT', `/console/companies/${w.company.id}/sms-limit`, {
      monthly_limit: 2500,
      note: 'plan 300',
    });
    expect(res.status).toBe(200);
    expect(res.body.sms_monthly_limit).toBe(2500);
    expect(await lastAudit(w.company.id)).toEqual({
      action: 'sms_limit_changed',
      data: { from: 500, to: 2500, note: 'plan 300' },
      accountId: account.id,
    });
    const centre = await call(app, { url: '/api/v1/sms/settings', sub: w.sub, token: w.tokens.owner });
    expect(centre.body.usage.monthly_limit).toBe(2500);
    expect((await api('PUT', `/console/companies/${w.company.id}/sms-limit`, { monthly_limit: -1 })).status).toBe(400);
  });
});

describe('the audit log', () => {
  it('lists the console’s actions latest first, by company and by page', async () => {
    const company = await createCompany(db, { name: 'Audit Co', subdomain: uniqueSubdomain('aud'), branches: ['M'] });
    await api('POST', `/console/companies/${company.id}/disable`, {});
    await api('POST', `/console/companies/${company.id}/enable`, { note: 'paid' });
    const res = await api('GET', `/console/audit?company_id=${company.id}`);
    expect(res.body.data.map((e: { action: string }) => e.action)).toEqual(['company_enabled', 'company_disabled']);
    expect(res.body.data[0]).toMatchObject({
      account: { id: account.id, login: account.login, name: 'Operations Person' },
      company: { id: company.id, name: 'Audit Co' },
      data: { note: 'paid' },
      ip: '203.0.113.1',
    });
    const paged = await api('GET', '/console/audit?per_page=1&page=2');
    expect(paged.body.pagination).toMatchObject({ per_page: 1, current_page: 2, count: 1 });
    expect(paged.body.pagination.total).toBeGreaterThan(2);
  });
});
