import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type FakeDay, type FakeEmployee, startWorklyFake } from '../../../test/fakes/workly-fake.js';
import { openTestDatabase, TEST_JWT_SECRET } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { worklyBindings } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';

/**
 * The Workly of the tests: the fake's credentials, six employees (named as Workly lists them, surname first)
 * and two days of check-ins. "Now" is 2025-03-04 10:30 in Tashkent, so 2025-03-04 is today.
 */
export const WORKLY_CREDENTIALS = {
  client_id: 'c0ffee5a1b2c3d4e5f60718293a4b5c6',
  client_secret: 'S3cret-of-the-centre-9f8e7d6c',
  username: 'hr@registon.uz',
  password: 'Registon#2025',
};

export const NOW = new Date('2025-03-04T05:30:00Z');
export const YESTERDAY = '2025-03-03';
export const TODAY = '2025-03-04';

export const WORKLY_EMPLOYEES: FakeEmployee[] = [
  { id: 201, full_name: 'Yusupova Malika', position_title: 'Administrator' },
  { id: 202, full_name: 'Ergasheva Kamola', position_title: "O'qituvchi" },
  { id: 203, full_name: 'Toshmatov Jasur', position_title: 'Filial direktori' },
  { id: 204, full_name: 'Nurmatova Aziza', position_title: 'Kassir' },
  { id: 205, full_name: 'Xolmatov Rustam', position_title: "O'qituvchi" },
  { id: 206, full_name: 'Saidov Otabek', position_title: 'Marketolog' },
];

export const WORKLY_DAYS: FakeDay[] = [
  {
    employee_id: 201,
    date: YESTERDAY,
    start: '09:00:00',
    events: [
      ['in', '09:12:30'],
      ['out', '18:05:00'],
    ],
  },
  {
    employee_id: 202,
    date: YESTERDAY,
    start: '14:00:00',
    events: [
      ['in', '14:25:10'],
      ['out', '19:00:00'],
    ],
  },
  {
    employee_id: 203,
    date: YESTERDAY,
    start: '09:00:00',
    events: [
      ['in', '08:55:00'],
      ['out', '18:00:00'],
    ],
  },
  {
    employee_id: 204,
    date: YESTERDAY,
    start: '09:00:00',
    events: [
      ['in', '09:40:00'],
      ['out', '17:00:00'],
    ],
  },
  {
    employee_id: 205,
    date: YESTERDAY,
    start: '10:00:00',
    events: [
      ['in', '10:03:59'],
      ['out', '15:00:00'],
    ],
  },
  { employee_id: 201, date: TODAY, start: '09:00:00', events: [['in', '09:00:45']] },
  {
    employee_id: 202,
    date: TODAY,
    start: '09:00:00',
    events: [
      ['in', '09:05:00'],
      ['out', '10:00:00'],
    ],
  },
  {
    employee_id: 203,
    date: TODAY,
    start: '09:00:00',
    events: [
      ['in', '09:20:00'],
      ['out', '13:00:00'],
      ['in', '14:00:00'],
    ],
  },
  { employee_id: 204, date: TODAY, start: '09:00:00', events: [['in', '09:10:00']] },
  { employee_id: 206, date: TODAY, start: '09:00:00', events: [] },
];

/**
 * A Workly fake with the data above, and an app (on a fresh database) that calls it, its clock at NOW.
 * Every line the requests log is kept in `logged`, so a test can prove no secret was ever written.
 */
export async function openWorklyWorld(): Promise<{
  app: FastifyInstance;
  database: Database;
  fake: Awaited<ReturnType<typeof startWorklyFake>>;
  logged: string[];
}> {
  const fake = await startWorklyFake({ ...WORKLY_CREDENTIALS, employees: WORKLY_EMPLOYEES, days: WORKLY_DAYS });
  const database = await openTestDatabase();
  const app = await buildApp({
    config: { baseDomain: 'localhost', jwtSecret: TEST_JWT_SECRET, logLevel: 'silent', worklyApiUrl: fake.url },
    database,
    logger: false,
    filesDir: '/tmp/crm-test-files/workly',
    clock: () => NOW,
  });
  const logged: string[] = [];
  const line = (...parts: unknown[]) => {
    logged.push(parts.map((p) => (p instanceof Error ? `${p.message} ${p.stack}` : JSON.stringify(p))).join(' '));
  };
  const capture = (): FastifyBaseLogger =>
    ({
      level: 'trace',
      fatal: line,
      error: line,
      warn: line,
      info: line,
      debug: line,
      trace: line,
      silent: line,
      child: capture,
    }) as unknown as FastifyBaseLogger;
  app.addHook('onRequest', async (req) => {
    req.log = capture();
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await fake.stop();
  });
  return { app, database, fake, logged };
}

/** Binds users to Workly employees straight in the table, as POST /workly would. */
export const bindRows = (db: Database['db'], companyId: number, pairs: [userId: number, employeeId: number][]) =>
  inCompany(db, companyId, (tx) =>
    tx
      .insert(worklyBindings)
      .values(pairs.map(([userId, employeeId]) => ({ companyId, userId, worklyEmployeeId: String(employeeId) }))),
  );
