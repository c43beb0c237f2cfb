import { Role } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { type CreatedCompany, createCompanyWithRoleUsers, createUser, type RoleUsers } from '../../seed/factories.js';
import { bindRows, openWorklyWorld, TODAY, WORKLY_CREDENTIALS, YESTERDAY } from './workly-test-world.js';

const { app, database, fake, logged } = await openWorklyWorld();
type Company = CreatedCompany & { users: RoleUsers };
let centre: Company;
let other: Company;
let bare: Company;
let rustam: number;
const tokens: Record<string, string> = {};
const answers: string[] = [];

beforeAll(async () => {
  const make = (name: string, datas: object) =>
    createCompanyWithRoleUsers(database.db, {
      name,
      subdomain: uniqueSubdomain(name.toLowerCase()),
      branches: [`${name} Chilonzor`, `${name} Yunusobod`],
      datas,
    });
  centre = await make('Registon', { workly: { ...WORKLY_CREDENTIALS, connected_at: '2025-03-01T08:00:00.000Z' } });
  other = await make('Other', { workly: { ...WORKLY_CREDENTIALS, connected_at: '2025-03-01T08:00:00.000Z' } });
  bare = await make('Bare', {});
  // A teacher of the second branch only.
  rustam = await createUser(database.db, centre.id, {
    name: 'Rustam Xolmatov',
    phone: '901234505',
    roles: [Role.teacher],
    branchIds: [centre.branchIds[1]!],
  });
  await bindRows(database.db, centre.id, [
    [centre.users.admin.id, 201],
    [centre.users.teacher.id, 202],
    [centre.users.branchDirector.id, 203],
    [rustam, 205],
  ]);
  // The other company binds Workly's 204 to its cashier: the centre must never learn of it.
  await bindRows(database.db, other.id, [[other.users.cashier.id, 204]]);
  tokens.owner = await loginAs(app, centre.subdomain, '900000008');
  tokens.admin = await loginAs(app, centre.subdomain, '900000002');
  tokens.teacher = await loginAs(app, centre.subdomain, '900000006');
  tokens.bare = await loginAs(app, bare.subdomain, '900000008');
});

const get = async (url: string, token = tokens.owner, company = centre) => {
  const res = await call(app, { url: `/api/v1${url}`, sub: company.subdomain, token });
  answers.push(JSON.stringify(res.body));
  return res;
};
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('GET /workly/late_in', () => {
  it('lists who came after his scheduled start, by our names, the latest first; the unbound by Workly’s', async () => {
    const res = await get(`/workly/late_in?date=${YESTERDAY}`);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      {
        date: YESTERDAY,
        workly_employee_id: '204',
        user_id: null,
        name: 'Nurmatova Aziza',
        expected_start: '09:00',
        arrived: '09:40',
        minutes_late: 40,
      },
      {
        date: YESTERDAY,
        workly_employee_id: '202',
        user_id: centre.users.teacher.id,
        name: 'Kamola Ergasheva',
        expected_start: '14:00',
        arrived: '14:25',
        minutes_late: 25,
      },
      {
        date: YESTERDAY,
        workly_employee_id: '201',
        user_id: centre.users.admin.id,
        name: 'Malika Yusupova',
        expected_start: '09:00',
        arrived: '09:12',
        minutes_late: 12,
      },
      {
        date: YESTERDAY,
        workly_employee_id: '205',
        user_id: rustam,
        name: 'Rustam Xolmatov',
        expected_start: '10:00',
        arrived: '10:03',
        minutes_late: 3,
      },
    ]);
    // The director came at 08:55: not late.
    expect(res.body.totals).toEqual({ late: 4, minutes: 80, unbound: 1 });
    expect(res.body.days).toEqual([{ date: YESTERDAY, late: 4, minutes: 80 }]);
  });

  it('shows a branch’s staff only, and counts the unbound it leaves out', async () => {
    const res = await get(`/workly/late_in?date=${YESTERDAY}&branch_id=${centre.branchIds[0]}`);
    expect(names(res.body.rows)).toEqual(['Kamola Ergasheva', 'Malika Yusupova']);
    expect(res.body.totals).toEqual({ late: 2, minutes: 37, unbound: 1 });
    const second = await get(`/workly/late_in?date=${YESTERDAY}&branch_id=${centre.branchIds[1]}`, tokens.admin);
    expect(names(second.body.rows)).toEqual(['Kamola Ergasheva', 'Malika Yusupova', 'Rustam Xolmatov']);
  });

  it('sums a period by day, and defaults to today', async () => {
    const res = await get(`/workly/late_in?from=${YESTERDAY}&till=${TODAY}`);
    expect(res.body.days).toEqual([
      { date: YESTERDAY, late: 4, minutes: 80 },
      { date: TODAY, late: 3, minutes: 35 },
    ]);
    expect(res.body.totals).toEqual({ late: 7, minutes: 115, unbound: 2 });
    const today = await get('/workly/late_in');
    expect(today.body).toMatchObject({ from: TODAY, till: TODAY });
    // 09:00:45 is not a minute late; the marketer, scheduled, never came: absent is not late.
    expect(today.body.rows.map((r: { name: string; minutes_late: number }) => [r.name, r.minutes_late])).toEqual([
      ['Jasur Toshmatov', 20],
      ['Nurmatova Aziza', 10],
      ['Kamola Ergasheva', 5],
    ]);
  });

  it('refuses a period backwards or longer than 31 days, and a branch the caller does not work in', async () => {
    expect((await get(`/workly/late_in?from=${TODAY}&till=${YESTERDAY}`)).status).toBe(400);
    expect((await get('/workly/late_in?from=2025-01-01&till=2025-02-01')).status).toBe(400);
    expect((await get('/workly/late_in?from=2025-01-01&till=2025-01-31')).status).toBe(200);
    const foreign = await get(`/workly/late_in?branch_id=${other.branchIds[0]}`, tokens.admin);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('branch_forbidden');
  });
});

describe('GET /workly/at_work/{x}', () => {
  it('says who is in now: checked in and not out again, back from lunch included', async () => {
    const res = await get(`/workly/at_work/today?branch_id=${centre.branchIds[0]}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: TODAY,
      is_today: true,
      rows: [
        {
          workly_employee_id: '201',
          user_id: centre.users.admin.id,
          name: 'Malika Yusupova',
          first_in: '09:00',
          last_out: null,
          at_work: true,
        },
        {
          workly_employee_id: '202',
          user_id: centre.users.teacher.id,
          name: 'Kamola Ergasheva',
          first_in: '09:05',
          last_out: '10:00',
          at_work: false,
        },
        {
          workly_employee_id: '203',
          user_id: centre.users.branchDirector.id,
          name: 'Jasur Toshmatov',
          first_in: '09:20',
          last_out: null,
          at_work: true,
        },
      ],
      totals: { came: 3, at_work: 2, unbound: 1 },
    });
    expect((await get(`/workly/at_work/${TODAY}`)).body.totals).toEqual({ came: 4, at_work: 3, unbound: 1 });
  });

  it('shows a past day’s check-ins and -outs, nobody "at work"', async () => {
    const res = await get(`/workly/at_work/${YESTERDAY}`, tokens.admin);
    expect(res.body.is_today).toBe(false);
    expect(
      res.body.rows.map((r: { name: string; first_in: string; last_out: string }) => [r.name, r.first_in, r.last_out]),
    ).toEqual([
      ['Jasur Toshmatov', '08:55', '18:00'],
      ['Malika Yusupova', '09:12', '18:05'],
      ['Rustam Xolmatov', '10:03', '15:00'],
      ['Kamola Ergasheva', '14:25', '19:00'],
    ]);
    expect(res.body.totals).toEqual({ came: 4, at_work: 0, unbound: 1 });
  });

  it('answers 404 for what is no day', async () => {
    for (const x of ['yesterday', '2025-02-30', '2025-3-4'])
      expect((await get(`/workly/at_work/${x}`)).status).toBe(404);
  });
});

describe('reading Workly', () => {
  it('is the reports area: a teacher is refused (403)', async () => {
    expect((await get('/workly/late_in', tokens.teacher)).status).toBe(403);
    expect((await get('/workly/at_work/today', tokens.teacher)).status).toBe(403);
  });

  it('says Workly is not connected to a company without credentials (409), asking Workly nothing', async () => {
    fake.requests.length = 0;
    for (const url of ['/workly/late_in', '/workly/at_work/today', '/workly/bindings']) {
      const res = await get(url, tokens.bare, bare);
      expect(res.status, url).toBe(409);
      expect(res.body.error.code).toBe('workly_not_connected');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('says Workly refused the credentials when they are wrong (409)', async () => {
    const wrong = await createCompanyWithRoleUsers(database.db, {
      name: 'Wrong',
      subdomain: uniqueSubdomain('wrong'),
      branches: ['W'],
      datas: { workly: { ...WORKLY_CREDENTIALS, client_secret: 'an-old-secret-5e4d', connected_at: TODAY } },
    });
    const res = await get('/workly/late_in', await loginAs(app, wrong.subdomain, '900000008'), wrong);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('workly_credentials_rejected');
  });

  it('answers 502 workly_unavailable when Workly is down, and never shows or logs a secret', async () => {
    await fake.stop();
    const res = await get('/workly/at_work/today');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('workly_unavailable');
    expect(logged.some((line) => line.includes('Workly call failed'))).toBe(true);
    const said = `${answers.join('\n')}\n${logged.join('\n')}`;
    for (const secret of [WORKLY_CREDENTIALS.client_secret, WORKLY_CREDENTIALS.password, 'an-old-secret-5e4d'])
      expect(said).not.toContain(secret);
  });
});
