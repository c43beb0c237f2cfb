import { HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { companies, historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';
import { NOW, openWorklyWorld, WORKLY_CREDENTIALS } from './workly-test-world.js';

const { app, database, logged } = await openWorklyWorld();
let centre: CreatedCompany & { users: RoleUsers };
const tokens: Record<string, string> = {};
const answers: string[] = [];

beforeAll(async () => {
  centre = await createCompanyWithRoleUsers(database.db, {
    name: 'Registon',
    subdomain: uniqueSubdomain('registon'),
    branches: ['Chilonzor'],
    datas: { gamification: true },
  });
  for (const [role, phone] of Object.entries({ owner: '08', director: '09', admin: '02', teacher: '06' }))
    tokens[role] = await loginAs(app, centre.subdomain, `9000000${phone}`);
});

const request = async (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) => {
  const res = await call(app, { method, url: `/api/v1${url}`, sub: centre.subdomain, token, body });
  answers.push(JSON.stringify(res.body));
  return res;
};
const storedDatas = () =>
  inCompany(database.db, centre.id, async (tx) => {
    const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, centre.id));
    return row?.datas as Record<string, unknown>;
  });
const settingsEvents = () =>
  inCompany(database.db, centre.id, (tx) =>
    tx
      .select()
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, centre.id), eq(historyEvents.type, HistoryEvent.companySettingsChanged))),
  );

describe('the Workly connection', () => {
  it('is "not connected" at first; the reports, settings and staff areas may read what they may do', async () => {
    const res = await request('GET', '/workly/connection', tokens.admin);
    expect(res.body).toEqual({
      configured: false,
      client_id_masked: null,
      username_masked: null,
      connected_at: null,
      policies: { view: true, connect: false, bind: false },
    });
    expect((await request('GET', '/workly/connection', tokens.director)).body.policies).toEqual({
      view: true,
      connect: true,
      bind: false,
    });
    expect((await request('GET', '/workly/connection', tokens.teacher)).status).toBe(403);
  });

  it('saves the credentials for the settings area, answers them masked, and the reports then read Workly', async () => {
    expect((await request('PUT', '/workly/connection', tokens.admin, WORKLY_CREDENTIALS)).status).toBe(403);
    const res = await request('PUT', '/workly/connection', tokens.director, WORKLY_CREDENTIALS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      configured: true,
      client_id_masked: '•••b5c6',
      username_masked: 'h•••@registon.uz',
      connected_at: NOW.toISOString(),
      policies: { view: true, connect: true, bind: false },
    });
    expect(await storedDatas()).toMatchObject({ gamification: true, workly: WORKLY_CREDENTIALS });
    const late = await request('GET', '/workly/late_in?date=2025-03-03', tokens.admin);
    expect(late.status).toBe(200);
    // Nobody is bound yet: the four late arrivals of 2025-03-03 are counted, not shown to an administrator.
    expect(late.body.totals).toEqual({ late: 0, minutes: 0, unbound: 4 });
  });

  it('records the change in the history by the masked client id, and GET /company never shows them', async () => {
    const [event] = await settingsEvents();
    expect(event?.data).toEqual({
      before: { workly: null },
      after: { workly: { client_id: '•••b5c6', username: 'h•••@registon.uz' } },
    });
    const company = await request('GET', `/company/${centre.id}`, tokens.owner);
    expect(company.status).toBe(200);
    expect(JSON.stringify(company.body)).not.toContain('workly');
  });

  it('refuses a missing or blank credential and a key it does not know (400)', async () => {
    const { password: _password, ...noPassword } = WORKLY_CREDENTIALS;
    for (const body of [noPassword, { ...WORKLY_CREDENTIALS, client_id: '  ' }, { ...WORKLY_CREDENTIALS, url: 'x' }]) {
      expect((await request('PUT', '/workly/connection', tokens.owner, body)).status).toBe(400);
    }
  });

  it('removes the credentials: not connected again, and recorded', async () => {
    const res = await request('DELETE', '/workly/connection', tokens.owner);
    expect(res.body).toMatchObject({ configured: false, client_id_masked: null });
    expect((await storedDatas()).workly).toBeUndefined();
    expect((await request('GET', '/workly/at_work/today', tokens.admin)).body.error.code).toBe('workly_not_connected');
    expect((await settingsEvents()).map((e) => e.data)).toContainEqual({
      before: { workly: { client_id: '•••b5c6', username: 'h•••@registon.uz' } },
      after: { workly: null },
    });
  });

  it('never answered, logged or recorded the secret or the password', async () => {
    const history = JSON.stringify(await settingsEvents());
    const said = `${answers.join('\n')}\n${logged.join('\n')}\n${history}`;
    expect(said).not.toContain(WORKLY_CREDENTIALS.client_secret);
    expect(said).not.toContain(WORKLY_CREDENTIALS.password);
  });
});
