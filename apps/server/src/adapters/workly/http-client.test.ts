import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorklyFake } from '../../../test/fakes/workly-fake.js';
import { WorklyConnector } from './http-client.js';
import { WorklyCredentialsRejectedError, WorklyUnavailableError } from './workly-api.js';

const CREDENTIALS = {
  client_id: 'client-4f1e9a',
  client_secret: 'secret-7c2b5d0e',
  username: 'hr@centre.uz',
  password: 'Pa55-word',
};
const fake = await startWorklyFake({
  ...CREDENTIALS,
  // Two items a page at most: every listing below is read over several pages.
  maxPageSize: 2,
  employees: [
    { id: 101, full_name: 'Malika Yusupova', position_title: 'Administrator' },
    { id: 102, full_name: 'Kamola Ergasheva', position_title: 'Teacher' },
    { id: 103, full_name: 'Jasur Toshmatov' },
  ],
  days: [
    {
      employee_id: 101,
      date: '2025-03-03',
      start: '09:00:00',
      events: [
        ['in', '09:12:30'],
        ['out', '18:02:00'],
      ],
    },
    { employee_id: 102, date: '2025-03-03', start: '14:00:00', events: [['in', '13:50:00']] },
    { employee_id: 103, date: '2025-03-03', start: '09:00:00', events: [] },
    { employee_id: 101, date: '2025-03-04', start: '09:00:00', events: [['in', '08:59:00']] },
  ],
});
afterAll(() => fake.stop());

const logs: string[] = [];
const log = { warn: (details: object, message: string) => logs.push(`${message} ${JSON.stringify(details)}`) };
const connector = () => new WorklyConnector({ baseUrl: fake.url, timeoutMs: 400, retryDelayMs: 10 });

beforeEach(() => {
  fake.requests.length = 0;
  fake.delayMs = 0;
  logs.length = 0;
});

describe('the Workly HTTP client', () => {
  it('signs in with the password grant, then reads every page of the employees with its Bearer token', async () => {
    const employees = await connector().clientFor(CREDENTIALS, log).listEmployees();
    expect(employees).toEqual([
      { id: '101', fullName: 'Malika Yusupova', position: 'Administrator' },
      { id: '102', fullName: 'Kamola Ergasheva', position: 'Teacher' },
      { id: '103', fullName: 'Jasur Toshmatov', position: null },
    ]);
    const [token, ...pages] = fake.requests;
    expect(token).toMatchObject({ method: 'POST', path: '/oauth/token' });
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({ grant_type: 'password', ...CREDENTIALS });
    expect(pages.map((r) => r.query.page)).toEqual(['1', '2']);
    expect(pages.every((r) => r.authorization?.startsWith('Bearer ') && r.path === '/employees')).toBe(true);
  });

  it('reads check-ins and -outs, and each day’s scheduled start and first check-in, of a period', async () => {
    const client = connector().clientFor(CREDENTIALS, log);
    expect(await client.listCheckEvents('2025-03-03', '2025-03-03')).toEqual(
      [
        { employeeId: '102', fullName: 'Kamola Ergasheva', date: '2025-03-03', time: '13:50:00', kind: 'in' },
        { employeeId: '101', fullName: 'Malika Yusupova', date: '2025-03-03', time: '09:12:30', kind: 'in' },
        { employeeId: '101', fullName: 'Malika Yusupova', date: '2025-03-03', time: '18:02:00', kind: 'out' },
      ].sort((a, b) => a.time.localeCompare(b.time)),
    );
    const days = await client.listScheduledDays('2025-03-03', '2025-03-04');
    expect(days).toHaveLength(4);
    expect(days[0]).toEqual({
      employeeId: '101',
      fullName: 'Malika Yusupova',
      date: '2025-03-03',
      scheduledStart: '09:00:00',
      firstIn: '09:12:30',
    });
    expect(days.find((d) => d.employeeId === '103')).toMatchObject({ scheduledStart: '09:00:00', firstIn: null });
    expect(fake.requests.find((r) => r.path === '/reports/at-work')?.query).toMatchObject({
      start_date: '2025-03-03',
      end_date: '2025-03-04',
    });
  });

  it('asks for one token per company however many requests need it, and a new one when it is refused', async () => {
    const shared = connector();
    await Promise.all([
      shared.clientFor(CREDENTIALS).listEmployees(),
      shared.clientFor(CREDENTIALS).listCheckEvents('2025-03-03', '2025-03-03'),
    ]);
    expect(fake.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);
    fake.revokeTokens();
    expect(await shared.clientFor(CREDENTIALS).listEmployees()).toHaveLength(3);
    expect(fake.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(2);
  });

  it('reports refused credentials as such, and never says or logs the secret or the password', async () => {
    const wrong = { ...CREDENTIALS, client_secret: 'not-the-secret-9d8e' };
    const error = await connector()
      .clientFor(wrong, log)
      .listEmployees()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorklyCredentialsRejectedError);
    const said = `${String(error)} ${JSON.stringify(error)} ${logs.join(' ')}`;
    for (const secret of ['not-the-secret-9d8e', CREDENTIALS.password, CREDENTIALS.client_secret])
      expect(said).not.toContain(secret);
    // Only the token request carried them, in its body.
    expect(fake.requests.filter((r) => JSON.stringify(r.query).includes('not-the-secret'))).toHaveLength(0);
  });

  it('retries a call Workly fails once, and reports Workly unavailable when the retry fails too', async () => {
    const client = connector().clientFor(CREDENTIALS, log);
    fake.failNext(503, 1);
    expect(await client.listEmployees()).toHaveLength(3);
    fake.failNext(502, 2);
    const error = await client.listEmployees().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorklyUnavailableError);
    expect((error as WorklyUnavailableError).reason).toBe('/employees: status 502');
    expect(logs.filter((line) => line.startsWith('Workly call failed'))).toHaveLength(3);
  });

  it('gives up on a Workly slower than the timeout, after one retry', async () => {
    fake.delayMs = 1_000;
    const started = Date.now();
    const error = await connector()
      .clientFor(CREDENTIALS, log)
      .listEmployees()
      .catch((e: unknown) => e);
    expect((error as WorklyUnavailableError).reason).toBe('/oauth/token: timeout');
    expect(Date.now() - started).toBeLessThan(950);
  });

  it('reports a Workly that does not answer at all as unavailable', async () => {
    const nobody = new WorklyConnector({ baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 400, retryDelayMs: 10 });
    const error = await nobody
      .clientFor(CREDENTIALS, log)
      .listEmployees()
      .catch((e: unknown) => e);
    expect((error as WorklyUnavailableError).reason).toBe('/oauth/token: no connection');
  });
});
