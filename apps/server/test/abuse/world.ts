import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ROLE_IDS, type RoleId, roleNameOf } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type Database, selectRows } from '../../src/db/client.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../src/seed/factories.js';
import { buildTestApp, call, type ForeignRoute, type ForeignRows, openTestDatabase, testJobs } from '../helpers.js';
import { xlsxOf } from '../spreadsheets.js';
import { listOperations, type Operation } from './operations.js';
import type { IdPools } from './values.js';
import type { Markers } from './verdict.js';

/**
 * The world both abuse suites attack: one server (in process and on a real port), a home company whose
 * users of every role are signed in, and a foreign company whose rows carry marker strings, so that a
 * 2xx answer holding them, or a change to them, is a leak. The rows of both companies come from the
 * route walk's fixtures (test/foreign-rows), so every route with a path parameter has a row to name.
 */

const FIXTURES = import.meta.glob<{ foreignRows: ForeignRows }>('../foreign-rows/*.ts', { eager: true });
export type Company = CreatedCompany & { users: RoleUsers };

export interface AbuseWorld {
  app: FastifyInstance;
  database: Database;
  port: number;
  /** The server-side error behind each 5xx answer, by request id. */
  causes: Map<string, string>;
  operations: Operation[];
  home: Company;
  foreign: Company;
  /** Rows by route (the fixtures), made in each company. */
  homeRows: Record<string, ForeignRoute>;
  foreignRows: Record<string, ForeignRoute>;
  markers: Markers;
  tokens: Map<RoleId, string>;
  /** The home company's ids by the field names that refer to them. */
  pools: IdPools;
  /** A small valid spreadsheet of students or leads, for the upload routes. */
  sampleFile: Buffer;
}

async function makeRows(database: Database, company: Company): Promise<Record<string, ForeignRoute>> {
  const rows: Record<string, ForeignRoute> = {};
  for (const module of Object.values(FIXTURES)) Object.assign(rows, await module.foreignRows(database.db, company));
  return rows;
}

/** Appends the marker to every name and title of the company's rows (the company's own name carries its own). */
async function plantMarkers(database: Database, company: Company, markers: Markers) {
  const columns = await selectRows<{ table_name: string; column_name: string }>(
    database.db,
    sql`select c.table_name, c.column_name from information_schema.columns c
        where c.table_schema = 'public' and c.column_name in ('name', 'title') and c.data_type = 'text'
          and exists (select 1 from information_schema.columns k where k.table_schema = 'public'
                      and k.table_name = c.table_name and k.column_name = 'company_id')`,
  );
  for (const { table_name: table, column_name: column } of columns) {
    const marker = table === 'branches' ? markers.company : markers.rows;
    await database.db.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = coalesce(${sql.identifier(column)}, '') || ' ' || ${marker}
          where company_id = ${company.id}`,
    );
  }
}

/** The server of a suite, in process and on a real port; call at the top of the test file (it registers its closing). */
export async function openAbuseServer() {
  const database = await openTestDatabase();
  // With its job queue running: the imports answer a job (issue 15).
  const app = await buildTestApp(database, { jobs: testJobs() });
  // What really went wrong behind a 5xx, by request id: the report names the cause the client never sees.
  const causes = new Map<string, string>();
  app.addHook('onError', async (req, _reply, error) => {
    // The innermost cause: the driver's words, not Drizzle's "Failed query: …" around them.
    let root: Error & { code?: unknown } = error;
    while (root.cause instanceof Error) root = root.cause;
    causes.set(req.id, `${root.code ?? ''} ${root.message}`.trim().slice(0, 300));
  });
  await app.ready();
  await app.jobs.start();
  afterAll(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, port: (app.server.address() as AddressInfo).port, causes };
}

/** The server-side error behind a 5xx answer (by the request id it carries). */
export function causeOf(world: Pick<AbuseWorld, 'causes'>, body: Buffer): string | undefined {
  try {
    return world.causes.get(JSON.parse(body.toString()).error.request_id);
  } catch {
    return undefined;
  }
}

/** The companies, their rows and markers, and a token of every home role. */
export async function populateWorld(server: Awaited<ReturnType<typeof openAbuseServer>>): Promise<AbuseWorld> {
  const { app, database, port, causes } = server;
  const tag = randomBytes(5).toString('hex');
  const markers = { rows: `zqrow${tag}`, company: `zqco${tag}` };
  const home = await createCompanyWithRoleUsers(database.db, {
    name: 'Home',
    subdomain: `home-${tag}`,
    branches: ['Home A', 'Home B'],
  });
  const foreign = await createCompanyWithRoleUsers(database.db, {
    name: `Foreign ${markers.company}`,
    subdomain: markers.company,
    branches: ['Foreign'],
  });
  const homeRows = await makeRows(database, home);
  const foreignRows = await makeRows(database, foreign);
  await plantMarkers(database, foreign, markers);
  const tokens = new Map<RoleId, string>();
  for (const role of ROLE_IDS) {
    // Each log-in from its own address: the fuzzer's failed log-ins from 127.0.0.1 must not throttle these.
    const res = await call(app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      sub: home.subdomain,
      body: { phone: home.users[roleNameOf(role)].phone, password: 'demo1234' },
      headers: { 'x-forwarded-for': `10.9.0.${role}` },
    });
    if (res.status !== 200) throw new Error(`log-in of role ${role} failed: ${JSON.stringify(res.body)}`);
    tokens.set(role, res.body.access_token);
  }
  return {
    app,
    database,
    port,
    causes,
    operations: listOperations(app),
    home,
    foreign,
    homeRows,
    foreignRows,
    markers,
    tokens,
    pools: idPools(home, homeRows),
    sampleFile: await xlsxOf([
      ['Name', 'Phone'],
      ['Abuse Upload', '901234567'],
    ]),
  };
}

/** Ids of a company's rows by the names of the fields that refer to them. */
export function idPools(company: Company, rows: Record<string, ForeignRoute>): IdPools {
  const id = (route: string, param = 'id') => {
    const value = rows[`/api/v1/${route}`]?.params[param];
    return typeof value === 'number' ? [value] : [];
  };
  const students = [...id('user/:id'), ...id('group/:group/student/:student', 'student')];
  const groups = [...id('group/:id'), ...id('group/:group_id/students/:student_id', 'group_id')];
  const pools: IdPools = {
    branch_id: company.branchIds,
    branches: company.branchIds,
    main_branch: company.branchIds,
    company_id: [company.id],
    student_id: students,
    user_id: students,
    client_id: students,
    ids: students,
    teacher_id: [company.users.teacher.id],
    admin_id: [company.users.admin.id],
    payee_user_id: [company.users.teacher.id],
    group_id: groups,
    old_group_id: groups,
    course_id: id('course/:id'),
    room_id: id('room/:id'),
    folder_id: id('folder/:id'),
    tag_id: id('tags/:id'),
    tag_ids: id('tags/:id'),
    reason_id: [...id('archive_reasons/:id'), ...id('leads/archive-reason/:id')],
    source_id: id('leadSource/:id'),
    section_id: id('leadSection/:id'),
    type_id: id('expense_types/:id'),
    lead_id: id('leadData/:id'),
  };
  pools['*'] = [...new Set(Object.values(pools).flat())];
  return pools;
}

/**
 * Puts the home users back as the fuzzer may have left them (archived, another role, signed out,
 * the company disabled), so the rest of the run still speaks with a live token of each role.
 */
export async function repairHome(world: AbuseWorld): Promise<void> {
  const { db } = world.database;
  const { home } = world;
  const users = ROLE_IDS.map((role) => sql`(${home.users[roleNameOf(role)].id}::bigint, ${role}::smallint)`);
  await db.execute(sql`update users u set archived_at = null, roles = array[v.role]
    from (values ${sql.join(users, sql`, `)}) v(id, role) where u.company_id = ${home.id} and u.id = v.id`);
  await db.execute(sql`update sessions set revoked_at = null where company_id = ${home.id}`);
  await db.execute(sql`update companies set disabled = false where id = ${home.id}`);
}

/** A fingerprint of every table's rows of a company (log-in failures aside: a refused log-in is recorded by design). */
export async function fingerprint(world: AbuseWorld, companyId: number): Promise<Map<string, string>> {
  const tables = await selectRows<{ table_name: string }>(
    world.database.db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'company_id' and table_name <> 'login_failures'
        order by table_name`,
  );
  const parts = tables.map(
    ({ table_name: t }) =>
      sql`select ${t} as t, (select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${sql.identifier(t)} x where x.company_id = ${companyId}) as h`,
  );
  parts.push(sql`select 'companies' as t, (select md5(x::text) from companies x where x.id = ${companyId}) as h`);
  const rows = await selectRows<{ t: string; h: string }>(world.database.db, sql.join(parts, sql` union all `));
  return new Map(rows.map((r) => [r.t, r.h]));
}

/** The tables whose rows differ between two fingerprints. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);
