import { Role } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOnlinePbxFake } from '../../../test/fakes/onlinepbx-fake.js';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { telephonyAccounts, telephonyCalls } from '../../db/schema/index.js';
import { cspSourceOfSocket } from '../../platform/security-headers.js';
import { inCompany } from '../../platform/tenancy.js';
import { insertLeads } from '../../seed/leads-factories.js';
import { createStaff, createStudent } from '../../seed/users-factories.js';
import { createGroupsWorld, type GroupsWorld, nextPhone } from '../groups/groups-test-world.js';
import { storeCalls, syncAccountCalls } from './call-store.js';
import { clientOf } from './pbx-access.js';

const NOW = new Date('2026-11-18T07:00:00Z');
const stamp = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const studentPhone = nextPhone();
const leadPhone = nextPhone();

const pbx = await startOnlinePbxFake({
  accounts: {
    'centre.onpbx.ru': {
      authKey: 'good-key-0001',
      extensions: [
        { num: '101', name: 'Reception', webrtc: 'sip-secret-101' },
        { num: '102', name: 'Desk phone', webrtc: null },
      ],
      calls: [
        {
          uuid: 'call-out-answered',
          caller_id_number: '101',
          destination_number: `998${studentPhone}`,
          start_stamp: stamp('2026-11-17T10:00:00Z'),
          duration: 95,
          user_talk_time: 80,
          accountcode: 'outbound',
          record: Buffer.from('ID3-fake-mp3-bytes'),
        },
        {
          uuid: 'call-in-missed',
          caller_id_number: leadPhone,
          destination_number: '101',
          start_stamp: stamp('2026-11-16T09:00:00Z'),
          duration: 20,
          user_talk_time: 0,
          accountcode: 'inbound',
        },
        {
          uuid: 'call-lead-answered',
          caller_id_number: '101',
          destination_number: leadPhone,
          start_stamp: stamp('2026-11-16T11:00:00Z'),
          duration: 70,
          user_talk_time: 55,
          accountcode: 'outbound',
        },
        {
          uuid: 'call-out-unanswered',
          caller_id_number: '101',
          destination_number: '712000000',
          start_stamp: stamp('2026-11-15T09:00:00Z'),
          duration: 30,
          user_talk_time: 0,
          accountcode: 'outbound',
        },
        {
          uuid: 'call-too-old',
          caller_id_number: '101',
          destination_number: `998${studentPhone}`,
          start_stamp: stamp('2026-11-01T09:00:00Z'),
          duration: 10,
          user_talk_time: 5,
          accountcode: 'outbound',
        },
      ],
    },
  },
});
afterAll(() => pbx.stop());

const { app, database } = await openTestApp(undefined, {
  clock: () => NOW,
  telephony: { apiUrl: pbx.url, wsUrl: 'wss://{domain}:3342' },
});
let w: GroupsWorld;
let studentId: number;
let leadId: number;

const companyAccount = (key: string | null = 'good-key-0001') => ({
  country_code: '+998',
  branch_specific: false,
  accounts: [{ branch_id: null, domain: 'centre.onpbx.ru', key }],
});

beforeAll(async () => {
  w = await createGroupsWorld(app, database.db);
  studentId = await createStudent(database.db, w.company.id, {
    name: 'Caller Student',
    phone: studentPhone,
    branchIds: [w.main],
  });
  const [lead] = await insertLeads(database.db, w.company.id, [
    { branchId: w.main, name: 'Lead Caller', phone: leadPhone, createdAt: new Date('2026-11-10T05:00:00Z') },
  ]);
  leadId = lead!.id;
});

beforeEach(async () => {
  await inCompany(database.db, w.company.id, async (tx) => {
    await tx.delete(telephonyCalls);
    await tx.delete(telephonyAccounts);
  });
});

/** What the sync job does for an account, over a chosen period (the job itself reads the last few hours). */
const syncCalls = (accountId: number, period: { from: number; till: number }) =>
  inCompany(database.db, w.company.id, async (tx) => {
    const [account] = await tx.select().from(telephonyAccounts).where(eq(telephonyAccounts.id, accountId));
    const calls = await clientOf(app, account!).history(period);
    return storeCalls(tx, w.company.id, account!, calls);
  });

describe('the telephony settings (admin/voip)', () => {
  it('tests the key with auth.json, keeps it sealed and never answers it', async () => {
    const saved = await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ country_code: '998', branch_specific: false });
    expect(saved.body.accounts).toEqual([expect.objectContaining({ domain: 'centre.onpbx.ru', branch: null })]);
    expect(JSON.stringify(saved.body)).not.toContain('good-key-0001');
    const [stored] = await inCompany(database.db, w.company.id, (tx) => tx.select().from(telephonyAccounts));
    expect(stored?.keySealed).not.toContain('good-key-0001');
    // Saved again without a key: the stored one is tried and kept.
    expect((await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount(null))).status).toBe(200);
    expect(pbx.requests.filter((r) => r.path.endsWith('/auth.json')).at(-1)?.body).toContain('auth_key=good-key-0001');
  });

  it('refuses a key the provider refuses, with its comment, and stores nothing', async () => {
    const refused = await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount('wrong-key-0001'));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'onlinepbx_refused', details: { comment: 'Invalid auth key' } });
    const settings = await w.api(w.tokens.owner, 'GET', '/voip/settings');
    expect(settings.body.accounts).toEqual([]);
    const noKey = await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount(null));
    expect(noKey.status).toBe(400);
    // Spec §6: admin/voip is the owner's and CEO's.
    expect((await w.api(w.tokens.admin, 'GET', '/voip/settings')).status).toBe(403);
  });

  it('lists the extensions and maps staff to them; a student or an unknown extension is refused', async () => {
    const saved = await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount());
    const accountId = saved.body.accounts[0].id;
    const extensions = await w.api(w.tokens.owner, 'GET', `/voip/accounts/${accountId}/extensions`);
    expect(extensions.body.data).toEqual([
      { num: '101', name: 'Reception', webrtc: true },
      { num: '102', name: 'Desk phone', webrtc: false },
    ]);
    const admin = w.company.users.admin.id;
    const map = (users: { user_id: number; extension: string }[]) =>
      w.api(w.tokens.owner, 'PUT', '/voip/users', { users: users.map((u) => ({ ...u, account_id: accountId })) });
    expect((await map([{ user_id: admin, extension: '999' }])).body.error.code).toBe('voip_extension_unknown');
    expect((await map([{ user_id: studentId, extension: '101' }])).status).toBe(400);
    const mapped = await map([{ user_id: admin, extension: '101' }]);
    expect(mapped.status).toBe(200);
    expect(mapped.body.users).toEqual([
      { user: expect.objectContaining({ id: admin }), account_id: accountId, extension: '101' },
    ]);
  });
});

describe('the caller’s own line', () => {
  it('gives only a mapped user his own SIP credentials, and transfers only his calls', async () => {
    const saved = await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount());
    const accountId = saved.body.accounts[0].id;
    await w.api(w.tokens.owner, 'PUT', '/voip/users', {
      users: [
        { user_id: w.company.users.admin.id, account_id: accountId, extension: '101' },
        { user_id: w.company.users.cashier.id, account_id: accountId, extension: '102' },
      ],
    });
    const admin = await w.api(w.tokens.admin, 'GET', '/voip/me');
    expect(admin.body).toEqual({
      configured: true,
      country_code: '998',
      sip: {
        ws_url: 'wss://centre.onpbx.ru:3342',
        uri: 'sip:101@centre.onpbx.ru',
        extension: '101',
        password: 'sip-secret-101',
        display_name: expect.any(String),
      },
    });
    // Mapped to an extension the provider does not let call from a browser: no credentials.
    const cashier = await w.api(await loginAs(app, w.sub, '900000004'), 'GET', '/voip/me');
    expect(cashier.body.sip).toBeNull();
    const teacher = await w.api(w.tokens.teacher, 'GET', '/voip/me');
    expect(teacher.body).toMatchObject({ configured: true, sip: null });
    expect(JSON.stringify(teacher.body)).not.toContain('sip-secret');

    const refused = await w.api(w.tokens.teacher, 'POST', '/call/transfer', { call_id: 'abc', destination: '102' });
    expect(refused.body.error.code).toBe('voip_not_mapped');
    expect((await w.api(w.tokens.admin, 'POST', '/call/transfer', { call_id: 'abc', destination: '102' })).status).toBe(
      200,
    );
    expect(pbx.transfers.at(-1)).toEqual({ domain: 'centre.onpbx.ru', call_id: 'abc', destination: '102' });
  });

  it('lets the app’s page open the provider’s WebSocket, whatever the account’s domain (CSP connect-src)', async () => {
    const page = await app.inject({ method: 'GET', url: '/leads', headers: { host: `${w.sub}.localhost` } });
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self' wss:\/\/\*:3342;/);
    expect(cspSourceOfSocket('ws://127.0.0.1:3194')).toBe('ws://127.0.0.1:3194');
    expect(cspSourceOfSocket('wss://{domain}')).toBe('wss://*');
  });
});

describe('branch-specific accounts', () => {
  it('gives each branch its own line and log; an administrator of one branch is refused another’s', async () => {
    pbx.accounts.set('north.onpbx.ru', {
      authKey: 'north-key-0001',
      extensions: [{ num: '201', name: 'North desk', webrtc: 'sip-secret-201' }],
      calls: [],
    });
    const saved = await w.api(w.tokens.owner, 'PUT', '/voip/settings', {
      country_code: '998',
      branch_specific: true,
      accounts: [
        { branch_id: w.main, domain: 'centre.onpbx.ru', key: 'good-key-0001' },
        { branch_id: w.north, domain: 'north.onpbx.ru', key: 'north-key-0001' },
      ],
    });
    expect(saved.status).toBe(200);
    const north = saved.body.accounts.find((a: { branch: { id: number } }) => a.branch.id === w.north);
    const northPhone = nextPhone();
    const northAdminId = await createStaff(database.db, w.company.id, {
      name: 'North Admin',
      phone: northPhone,
      roles: [Role.admin],
      branchIds: [w.north],
      password: 'north-pass-1',
    });
    const northAdmin = await loginAs(app, w.sub, northPhone, 'north-pass-1');
    await w.api(w.tokens.owner, 'PUT', '/voip/users', {
      users: [{ user_id: northAdminId, account_id: north.id, extension: '201' }],
    });

    const line = await w.api(northAdmin, 'GET', '/voip/me');
    expect(line.body.sip).toMatchObject({ uri: 'sip:201@north.onpbx.ru', extension: '201' });
    const own = await w.api(northAdmin, 'GET', '/call/history');
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([]);
    const other = await w.api(northAdmin, 'GET', `/call/history?branch_id=${w.main}`);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('branch_forbidden');
    // The main branch's administrator reads the main account's calls.
    const main = await w.api(w.tokens.admin, 'GET', `/call/history?branch_id=${w.main}`);
    expect(main.body.data.map((c: { uuid: string }) => c.uuid)).toContain('call-out-answered');
  });
});

describe('the call log', () => {
  it('shows the week’s calls typed, formatted and matched to the student and the lead', async () => {
    await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount());
    const log = await w.api(w.tokens.admin, 'GET', '/call/history');
    expect(log.status).toBe(200);
    expect(log.body.reachable).toBe(true);
    expect(
      log.body.data.map((c: { uuid: string; type: string; number: string }) => [c.uuid, c.type, c.number]),
    ).toEqual([
      ['call-out-answered', 'outbound', `+998${studentPhone}`],
      ['call-lead-answered', 'outbound', leadPhone],
      ['call-in-missed', 'missed', leadPhone],
      ['call-out-unanswered', 'not_answered', '712000000'],
    ]);
    expect(log.body.data[0]).toMatchObject({
      match: { id: studentId, role: 'student', name: 'Caller Student' },
      has_record: true,
      talk_seconds: 80,
    });
    expect(log.body.data[2].match).toEqual({ id: leadId, role: 'lead', name: 'Lead Caller' });

    // One person's calls: his number searched with the country code and bare (spec §7).
    const own = await w.api(w.tokens.admin, 'GET', `/call/history?phone=${studentPhone}`);
    expect(own.body.data.map((c: { uuid: string }) => c.uuid)).toEqual(['call-out-answered']);
    const search = pbx.requests.filter((r) => r.path.endsWith('mongo_history/search.json')).at(-1);
    expect(decodeURIComponent(search?.body ?? '')).toContain(`phone_numbers=998${studentPhone},${studentPhone}`);

    const tooLong = await w.api(w.tokens.admin, 'GET', '/call/history?from=2026-11-01&till=2026-11-18');
    expect(tooLong.body.error.code).toBe('call_period_too_long');
  });

  it('renews an expired session key, and keeps showing the calls kept when the provider fails', async () => {
    await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount());
    pbx.expireKeys();
    expect((await w.api(w.tokens.admin, 'GET', '/call/history')).body.data).toHaveLength(4);
    // Both attempts of the history call (the adapter retries a 5xx once).
    pbx.failNext(2, 503);
    const down = await w.api(w.tokens.admin, 'GET', '/call/history');
    expect(down.body.reachable).toBe(false);
    expect(down.body.data).toHaveLength(4);
  });

  it('lets the sync job be for an account whose key no longer opens (no retry would help)', async () => {
    const [account] = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .insert(telephonyAccounts)
        .values({ companyId: w.company.id, domain: 'centre.onpbx.ru', keySealed: 'v1.not-ours' })
        .returning({ id: telephonyAccounts.id }),
    );
    expect(await syncAccountCalls(app, w.company.id, account!.id)).toBe(0);
  });

  it('asks the provider for the week once; a later opening asks only the last hours again, the sync job too', async () => {
    const saved = await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount());
    const accountId = saved.body.accounts[0].id;
    const askedFrom = () => {
      const form = new URLSearchParams(pbx.requests.filter((r) => r.path.endsWith('search.json')).at(-1)?.body ?? '');
      return Number(form.get('start_stamp_from'));
    };
    const first = await w.api(w.tokens.admin, 'GET', '/call/history');
    expect(first.body.data).toHaveLength(4);
    expect(askedFrom()).toBeLessThanOrEqual(stamp('2026-11-12T00:00:00Z'));
    const again = await w.api(w.tokens.admin, 'GET', '/call/history');
    expect(again.body.data).toEqual(first.body.data);
    expect(askedFrom()).toBe(stamp('2026-11-18T04:00:00Z'));

    await syncAccountCalls(app, w.company.id, accountId);
    expect(askedFrom()).toBe(stamp('2026-11-18T04:00:00Z'));
    // Another cabinet: nothing of the old one's history counts as kept.
    pbx.accounts.set('other.onpbx.ru', { authKey: 'other-key-0001', extensions: [], calls: [] });
    await w.api(w.tokens.owner, 'PUT', '/voip/settings', {
      ...companyAccount('other-key-0001'),
      accounts: [{ branch_id: null, domain: 'other.onpbx.ru', key: 'other-key-0001' }],
    });
    await w.api(w.tokens.admin, 'GET', '/call/history');
    expect(askedFrom()).toBeLessThanOrEqual(stamp('2026-11-12T00:00:00Z'));
  });

  it('keeps the calls once however often they are synced, and counts an answered call as reaching the lead', async () => {
    const saved = await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount());
    const accountId = saved.body.accounts[0].id;
    await w.api(w.tokens.owner, 'PUT', '/voip/users', {
      users: [{ user_id: w.company.users.admin.id, account_id: accountId, extension: '101' }],
    });
    // The job reads the last hours: the provider's calls of the fake are older, so the sync reads the week here.
    const week = { from: stamp('2026-11-11T00:00:00Z'), till: stamp('2026-11-18T07:00:00Z') };
    const synced = [await syncCalls(accountId, week), await syncCalls(accountId, week)];
    expect(synced).toEqual([4, 4]);
    const kept = await inCompany(database.db, w.company.id, (tx) => tx.select().from(telephonyCalls));
    expect(kept).toHaveLength(4);
    expect(kept.find((c) => c.uuid === 'call-lead-answered')?.userId).toBe(w.company.users.admin.id);
    const report = await w.api(
      w.tokens.admin,
      'GET',
      `/reports/reachability?branch_id=${w.main}&from=2026-11-10&till=2026-11-18`,
    );
    expect(report.status).toBe(200);
    expect(report.body.counted).toContain('called');
    expect(report.body.totals).toMatchObject({ leads: 1, reached: 1 });
    expect(report.body.by_staff).toEqual([
      expect.objectContaining({ staff: expect.objectContaining({ id: w.company.users.admin.id }) }),
    ]);
  });

  it('streams a recording of the company’s own call, and nothing for another uuid', async () => {
    await w.api(w.tokens.owner, 'PUT', '/voip/settings', companyAccount());
    const audio = await app.inject({
      url: '/api/v1/call/record/call-out-answered',
      headers: { host: `${w.sub}.localhost`, authorization: `Bearer ${w.tokens.admin}` },
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.body).toBe('ID3-fake-mp3-bytes');
    const other = await app.inject({
      url: '/api/v1/call/record/someone-elses-call',
      headers: { host: `${w.sub}.localhost`, authorization: `Bearer ${w.tokens.admin}` },
    });
    expect(other.statusCode).toBe(404);
  });
});
