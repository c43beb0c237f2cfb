import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CapturedStatement, captureStatements } from '../../src/db/client.js';
import { inCompany } from '../../src/platform/tenancy.js';
import { call, loginAs, openTestApp } from '../helpers.js';
import { type BudgetWorld, createBudgetWorld, MONTH, NOW, TODAY } from './budget-world.js';
import { type Catalogue, isRead, planOf, readCatalogue, tenantScans } from './index-check.js';

/**
 * Issue 7's budgets, checked in the normal suite on a small dataset with relative figures only:
 * each main page's request issues at most a fixed number of SQL statements, the same number on a
 * company three times bigger (no N+1), and every read it issues scans tenant tables only through
 * an index led by company_id (EXPLAIN as the request ran it). docs/performance.md explains it.
 */

type Who = 'admin' | 'cashier';
interface Endpoint {
  name: string;
  /** Statements per request, transaction control not counted. */
  budget: number;
  who: Who;
  method?: 'GET' | 'POST';
  url: (w: BudgetWorld) => string;
  body?: unknown;
}

const month = `from=${MONTH.from}&to=${MONTH.till}`;
const mainGroup = (w: BudgetWorld) => w.groups[w.main]?.[0] as number;

/**
 * Budgets in statements per request, transaction control not counted. Every request begins
 * with the same two: the SET LOCAL settings (tenant, role… in one round trip) and loading the caller
 * (session, roles, branches). Each budget is what the endpoint needs today, so one more
 * statement is a decision taken here, not an accident; "calendar" is the lesson calendar of a
 * set of groups (lessons, past teachers, holidays: 3), "pricing" the calendar plus the groups
 * with their courses, their places and status changes (6).
 */
const ENDPOINTS: Endpoint[] = [
  // + count, + the page (branches, tags and groups are subqueries of the same statement).
  { name: 'student list', budget: 4, who: 'admin', url: () => '/user?user_type=student' },
  {
    name: 'student list, filtered',
    budget: 4,
    who: 'admin',
    url: (w) => `/user?user_type=student&branch_id=${w.main}&statuses=5,4&name_or_phone=Student&sort_by_name=1`,
  },
  // + the student in the caller's branches, + the profile with groups and tags in one statement.
  { name: 'student profile', budget: 4, who: 'admin', url: (w) => `/user/${w.regular}` },
  // + the student, + balances per group.
  { name: 'student balance', budget: 4, who: 'admin', url: (w) => `/user/${w.regular}/balance` },
  // + the student, + a page of entries with their reversals, + count.
  { name: 'student ledger', budget: 5, who: 'admin', url: (w) => `/user/${w.regular}/ledger` },
  // + the group, + calendar (3), + students, + marks, + company settings, + teacher and room names.
  {
    name: 'group attendance month',
    budget: 11,
    who: 'admin',
    url: (w) => `/group/${mainGroup(w)}/attendance/${MONTH.from}/${MONTH.till}?withAttendance=1`,
  },
  // + the page (student, group, reversal joined), + totals by method.
  { name: 'payments of a month', budget: 4, who: 'cashier', url: (w) => `/payment?branch_id=${w.main}&${month}` },
  // + branch check, + company settings twice (billing context, then its clock), + debtors page with
  // totals, + their group balances, + pricing (6) for the next charge.
  {
    name: 'debtors list',
    budget: 13,
    who: 'cashier',
    method: 'POST',
    url: (w) => `/user/debtors/list/${w.main}`,
    body: {},
  },
  // As the debtors list, but pricing runs twice: for every candidate, then for the page (+6).
  {
    name: 'balance not enough',
    budget: 19,
    who: 'cashier',
    method: 'POST',
    url: (w) => `/user/debtors/not-enough/${w.main}`,
    body: {},
  },
  // + the whole board (clock, sections, counts, renamed columns, each list's first page of cards) as one JSON text.
  { name: 'lead board', budget: 3, who: 'admin', url: (w) => `/leads/?branch_id=${w.main}` },
  // + count, + the page's ids, + those leads with source, course and admin, + their tags.
  { name: 'lead list', budget: 6, who: 'admin', url: (w) => `/leadData?branch_id=${w.main}` },
  { name: 'lead search', budget: 6, who: 'admin', url: (w) => `/leadData?branch_id=${w.main}&search=Lead` },
  // + count, + the page with course, teacher, room and student counts.
  { name: 'group list', budget: 4, who: 'admin', url: (w) => `/group?branch_id=${w.main}` },
  // + groups, + rooms, + working hours.
  { name: 'timetable', budget: 5, who: 'admin', url: (w) => `/schedule?branch_id=${w.main}` },
  // The timetable (5) + the day's lessons: company clock, groups, calendar (3), teacher and room
  // names, marks so far, substitutes.
  { name: 'timetable of a day', budget: 14, who: 'admin', url: (w) => `/schedule?branch_id=${w.main}&date=${TODAY}` },
  // + company clock, + groups, + calendar (3), + places, + the places' monthly attendance summaries.
  {
    name: 'attendance report',
    budget: 9,
    who: 'admin',
    url: (w) => `/attendance_report/?branch_id=${w.main}&from=${MONTH.from}&till=${MONTH.till}`,
  },
  // + branch check, + the page, + totals.
  { name: 'replenishments', budget: 5, who: 'cashier', url: (w) => `/replenishments?branch_id=${w.main}&${month}` },
];

/** BEGIN/COMMIT: node-postgres sends them through Drizzle, PGlite by itself; a request's budget is the same on both. */
const isTransactionControl = (s: CapturedStatement) => /^\s*(begin|commit|rollback)\b/i.test(s.sql);

const { app, database } = await openTestApp(undefined, { clock: () => NOW });
const worlds: Record<'small' | 'big', { world: BudgetWorld; tokens: Record<Who, string> }> = {} as never;
let catalogue: Catalogue;

beforeAll(async () => {
  for (const [size, scale] of [
    ['small', 1],
    ['big', 3],
  ] as const) {
    const world = await createBudgetWorld(database.db, scale);
    const sub = world.company.subdomain;
    worlds[size] = {
      world,
      tokens: {
        admin: await loginAs(app, sub, world.company.users.admin.phone),
        cashier: await loginAs(app, sub, world.company.users.cashier.phone),
      },
    };
  }
  catalogue = await readCatalogue(database.db);
}, 120_000);

/**
 * The statements of one request, after the same request once before it: per-process caches
 * (the company of a host) are warm, as on a working server.
 */
async function statementsOf(endpoint: Endpoint, size: 'small' | 'big') {
  const { world, tokens } = worlds[size];
  const send = () =>
    call(app, {
      method: endpoint.method ?? 'GET',
      url: `/api/v1${endpoint.url(world)}`,
      sub: world.company.subdomain,
      token: tokens[endpoint.who],
      body: endpoint.body,
    });
  await send();
  const { result, statements } = await captureStatements(send);
  expect(result.status, `${endpoint.name}: ${JSON.stringify(result.body)}`).toBe(200);
  return statements.filter((s) => !isTransactionControl(s));
}

const measured = new Map<string, Promise<{ small: CapturedStatement[]; big: CapturedStatement[] }>>();
/** Both sizes of one endpoint, measured once for both checks. */
const measure = (endpoint: Endpoint) => {
  let both = measured.get(endpoint.name);
  if (!both) {
    both = (async () => ({ small: await statementsOf(endpoint, 'small'), big: await statementsOf(endpoint, 'big') }))();
    measured.set(endpoint.name, both);
  }
  return both;
};

describe('statements per request', () => {
  it.each(ENDPOINTS)('$name: within its budget and the same on three times the data', async (endpoint) => {
    const { small, big } = await measure(endpoint);
    const list = (statements: CapturedStatement[]) => statements.map((s) => s.sql.slice(0, 160)).join('\n');
    expect(big.length, `${endpoint.name} grows with the data:\n${list(big)}`).toBe(small.length);
    expect(small.length, `${endpoint.name} is over its budget:\n${list(small)}`).toBeLessThanOrEqual(endpoint.budget);
  });
});

describe('list reads use an index led by company_id', () => {
  it.each(ENDPOINTS)('$name', async (endpoint) => {
    const { big } = await measure(endpoint);
    const { world } = worlds.big;
    const problems: string[] = [];
    let scans = 0;
    for (const statement of big.filter(isRead)) {
      const found = tenantScans(await planOf(database.db, world.companyId, statement), catalogue);
      scans += found.length;
      const bad = found.filter((f) => !f.usesCompanyIndex);
      if (bad.length) problems.push(`${bad.map((f) => f.scan).join('; ')}\n  in: ${statement.sql.slice(0, 300)}`);
    }
    // Every one of these pages reads tenant tables: no scan found would mean the plans were not read.
    expect(scans).toBeGreaterThan(0);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('the instruments themselves', () => {
  it('capture every statement of the work, inside its transaction too, and none of work beside it', async () => {
    const work = () =>
      inCompany(database.db, worlds.small.world.companyId, async (tx) => {
        for (const n of [1, 2, 3]) await tx.execute(sql`select ${n}::int as n`);
      });
    const [{ statements }] = await Promise.all([captureStatements(work), database.db.execute(sql`select 'beside'`)]);
    expect(statements.filter((s) => !isTransactionControl(s)).map((s) => [s.sql, s.params])).toEqual([
      // The tenant settings travel with `begin` as literal SQL (db/transaction-runner.ts): no parameters.
      [expect.stringContaining(`set local app.company_id = '${worlds.small.world.companyId}'`), []],
      ['select $1::int as n', [1]],
      ['select $1::int as n', [2]],
      ['select $1::int as n', [3]],
    ]);
  });

  it('flag a sequential scan and an index led by another column, never a scan of a table without company_id', () => {
    const catalogue: Catalogue = {
      tenantTables: new Set(['users', 'leads']),
      indexes: new Map([
        ['users_company_id_id_pk', { table: 'users', firstColumn: 'company_id' }],
        ['leads_by_phone', { table: 'leads', firstColumn: 'phone' }],
      ]),
    };
    const plan = {
      'Node Type': 'Nested Loop',
      Plans: [
        { 'Node Type': 'Seq Scan', 'Relation Name': 'users' },
        { 'Node Type': 'Index Scan', 'Relation Name': 'users', 'Index Name': 'users_company_id_id_pk' },
        {
          'Node Type': 'Bitmap Heap Scan',
          'Relation Name': 'leads',
          Plans: [{ 'Node Type': 'Bitmap Index Scan', 'Index Name': 'leads_by_phone' }],
        },
        { 'Node Type': 'Seq Scan', 'Relation Name': 'companies' },
      ],
    };
    expect(tenantScans(plan, catalogue)).toEqual([
      { scan: 'Seq Scan on users', usesCompanyIndex: false },
      { scan: 'Index Scan on users using users_company_id_id_pk (led by company_id)', usesCompanyIndex: true },
      { scan: 'Bitmap Index Scan on leads using leads_by_phone (led by phone)', usesCompanyIndex: false },
    ]);
  });
});
