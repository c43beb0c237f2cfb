import { LICENCE_SETTINGS_DEFAULT, type LicenceSettings, PLATFORM_SETTING_KEYS } from '@crm/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { platformAuditLog, platformSettings } from '../../db/schema/index.js';
import type { NewConsoleAccount } from './console-accounts.js';
import { consoleCall, newAccount, signIn } from './console-test-world.js';
import { platformMerchantOf, readLicenceSettings } from './licence-settings.js';
import { asPlatform } from './platform-db.js';

const { app, database } = await openTestApp();
const db = database.db;
let account: NewConsoleAccount;
let token: string;
let initialSettings: LicenceSettings;
let initialMerchants: unknown;

const REQUISITES = {
  name: 'EduPlatform LLC',
  address: 'Tashkent, Amir Temur 1',
  tax_id: '301234567',
  bank: 'Kapitalbank',
  account: '20208000900123456001',
  bank_code: '01088',
  phone: '+998 71 200 00 00',
};
const PAYME_KEY = 'payme-secret-Zx81#qq';
const CLICK_KEY = 'click-secret-9KmL2';

const putSettings = (body: unknown) =>
  consoleCall(app, { method: 'PUT', url: '/console/licence-settings', token, body });
const putMerchant = (provider: string, body: unknown) =>
  consoleCall(app, { method: 'PUT', url: `/console/merchants/${provider}`, token, body });
const merchants = () => consoleCall(app, { url: '/console/merchants', token });
const auditOf = (actions: string[]) =>
  db
    .select({ action: platformAuditLog.action, data: platformAuditLog.data })
    .from(platformAuditLog)
    .where(and(eq(platformAuditLog.accountId, account.id), inArray(platformAuditLog.action, actions)))
    .orderBy(desc(platformAuditLog.id));

const storedMerchants = () =>
  db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, PLATFORM_SETTING_KEYS.licenceMerchants))
    .then((rows) => rows[0]?.value);

beforeAll(async () => {
  initialSettings = await asPlatform(db, readLicenceSettings);
  initialMerchants = await storedMerchants();
  account = await newAccount(db);
  token = await signIn(app, account);
});
// On a shared PostgreSQL other files read these settings too: leave them as found.
afterAll(async () => {
  await putSettings(initialSettings);
  if (initialMerchants === undefined) {
    await db.delete(platformSettings).where(eq(platformSettings.key, PLATFORM_SETTING_KEYS.licenceMerchants));
  } else {
    await db
      .update(platformSettings)
      .set({ value: initialMerchants })
      .where(eq(platformSettings.key, PLATFORM_SETTING_KEYS.licenceMerchants));
  }
});

describe('the licence settings', () => {
  it('start at a 7-day grace, no hidden hosts and no invoice details', async () => {
    if (JSON.stringify(initialSettings) !== JSON.stringify(LICENCE_SETTINGS_DEFAULT)) return; // already set here
    const res = await consoleCall(app, { url: '/console/licence-settings', token });
    expect(res).toMatchObject({ status: 200, body: { grace_days: 7, billing_hidden_hosts: [], requisites: null } });
  });

  it('are saved with the hidden hosts lower-cased and each once, read by the licence module, and logged', async () => {
    const res = await putSettings({
      grace_days: 10,
      billing_hidden_hosts: ['CRM.Partner.UZ', ' crm.partner.uz ', 'school.example.com'],
      requisites: REQUISITES,
    });
    const saved = {
      grace_days: 10,
      billing_hidden_hosts: ['crm.partner.uz', 'school.example.com'],
      requisites: REQUISITES,
    };
    expect(res).toMatchObject({ status: 200, body: saved });
    expect(await asPlatform(db, readLicenceSettings)).toEqual(saved);
    expect((await consoleCall(app, { url: '/console/licence-settings', token })).body).toEqual(saved);
    const [logged] = await auditOf(['licence_settings_changed']);
    expect(logged).toEqual({ action: 'licence_settings_changed', data: { before: initialSettings, after: saved } });

    await putSettings(saved);
    expect(await auditOf(['licence_settings_changed']), 'the same settings again are no change to log').toHaveLength(1);

    const cleared = await putSettings({ grace_days: 0, billing_hidden_hosts: [], requisites: null });
    expect(cleared.body).toEqual({ grace_days: 0, billing_hidden_hosts: [], requisites: null });
  });

  it('refuse a grace outside 0..90 days, a host that is not a host name, and details without a name', async () => {
    const valid = { grace_days: 7, billing_hidden_hosts: [], requisites: null };
    for (const body of [
      { ...valid, grace_days: -1 },
      { ...valid, grace_days: 91 },
      { ...valid, grace_days: 2.5 },
      { ...valid, billing_hidden_hosts: ['https://crm.partner.uz'] },
      { ...valid, billing_hidden_hosts: ['crm.partner.uz:8080'] },
      { ...valid, billing_hidden_hosts: ['crm partner'] },
      { ...valid, billing_hidden_hosts: [''] },
      { ...valid, requisites: { ...REQUISITES, name: ' ' } },
    ]) {
      const res = await putSettings(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the platform’s merchant accounts', () => {
  it('are listed for every provider, unset at first', async () => {
    if (initialMerchants !== undefined) return; // already set here
    const res = await merchants();
    expect(res.body.data).toEqual([
      { provider: 'payme', configured: false, fields: {}, secrets_set: { key: false } },
      { provider: 'click', configured: false, fields: {}, secrets_set: { secret_key: false } },
      { provider: 'midtrans', configured: false, fields: {}, secrets_set: { server_key: false } },
    ]);
  });

  it('are set with their secrets answered only as set — never their value, not in the audit log either', async () => {
    const res = await putMerchant('payme', { credentials: { merchant_id: 'kassa-1', key: PAYME_KEY } });
    expect(res.body).toEqual({
      provider: 'payme',
      configured: true,
      fields: { merchant_id: 'kassa-1' },
      secrets_set: { key: true },
    });
    const listed = await merchants();
    expect(listed.body.data[0]).toEqual(res.body);
    expect(JSON.stringify(listed.body)).not.toContain(PAYME_KEY);
    // The payments module gets the key it signs with.
    expect(await asPlatform(db, (tx) => platformMerchantOf(tx, 'payme'))).toEqual({
      merchant_id: 'kassa-1',
      key: PAYME_KEY,
    });
    const [logged] = await auditOf(['merchant_changed']);
    expect(logged?.data).toEqual({ provider: 'payme', changed: ['merchant_id', 'key'] });
  });

  it('keep a stored secret left empty, and log only the fields that changed', async () => {
    const res = await putMerchant('payme', { credentials: { merchant_id: 'kassa-2', key: '' } });
    expect(res.body).toMatchObject({ fields: { merchant_id: 'kassa-2' }, secrets_set: { key: true } });
    expect(await asPlatform(db, (tx) => platformMerchantOf(tx, 'payme'))).toEqual({
      merchant_id: 'kassa-2',
      key: PAYME_KEY,
    });
    const [logged] = await auditOf(['merchant_changed']);
    expect(logged?.data).toEqual({ provider: 'payme', changed: ['merchant_id'] });
  });

  it('refuse a missing secret with none stored, a missing plain field and an unknown one, naming no value', async () => {
    // On PostgreSQL the test files share the platform's settings: another file's Click account is removed first.
    await putMerchant('click', { credentials: null });
    const click = { service_id: '101', merchant_id: '202', merchant_user_id: '303' };
    const noSecret = await putMerchant('click', { credentials: { ...click, secret_key: '' } });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.error.details).toEqual([expect.objectContaining({ field: 'credentials.secret_key' })]);

    const noPlain = await putMerchant('click', { credentials: { ...click, service_id: '', secret_key: CLICK_KEY } });
    expect(noPlain.status).toBe(400);
    expect(noPlain.body.error.details).toEqual([expect.objectContaining({ field: 'credentials.service_id' })]);
    expect(JSON.stringify(noPlain.body)).not.toContain(CLICK_KEY);

    const unknown = await putMerchant('click', { credentials: { ...click, secret_key: CLICK_KEY, pin: '1' } });
    expect(unknown.status).toBe(400);
    expect((await putMerchant('paypal', { credentials: null })).status).toBe(400);
    expect(await asPlatform(db, (tx) => platformMerchantOf(tx, 'click'))).toBeNull();
  });

  it('are removed with null, the removal logged, and the other providers kept', async () => {
    await putMerchant('midtrans', { credentials: { server_key: 'SB-Mid-server-abc', client_key: 'SB-Mid-client-x' } });
    const res = await putMerchant('payme', { credentials: null });
    expect(res.body).toEqual({ provider: 'payme', configured: false, fields: {}, secrets_set: { key: false } });
    expect(await asPlatform(db, (tx) => platformMerchantOf(tx, 'payme'))).toBeNull();
    expect(await asPlatform(db, (tx) => platformMerchantOf(tx, 'midtrans'))).toMatchObject({
      client_key: 'SB-Mid-client-x',
    });
    const [logged] = await auditOf(['merchant_changed']);
    expect(logged?.data).toEqual({ provider: 'payme', changed: ['merchant_id', 'key'], removed: true });
    const everyRow = JSON.stringify(await auditOf(['merchant_changed']));
    for (const secret of [PAYME_KEY, 'SB-Mid-server-abc']) expect(everyRow).not.toContain(secret);
  });
});
