import { HistoryEvent, type Job, Role } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { uploadSpreadsheet, xlsxOf } from '../../../test/spreadsheets.js';
import { selectRows } from '../../db/client.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { importJobHooks } from './import-job.js';
import { openJobsApp, waitForJob } from './jobs-test-world.js';

/** Issue 15: the students import as a job — its progress, its retries, its dead letter. */
const { app, database } = await openJobsApp();
type Company = CreatedCompany & { users: RoleUsers };

const newCompany = (name: string) =>
  createCompanyWithRoleUsers(database.db, { name, subdomain: uniqueSubdomain('jobs'), branches: ['Main'] });

/** A students file: a header and `count` good rows whose phones start with `prefix` (two digits). */
const studentsFile = (count: number, prefix: string, extra: unknown[][] = []) =>
  xlsxOf([
    ['Full name', 'Phone'],
    ...Array.from({ length: count }, (_, i) => [
      `Job Student ${prefix}-${i}`,
      `${prefix}${String(i).padStart(7, '0')}`,
    ]),
    ...extra,
  ]);

async function startImport(c: Company, token: string, file: Buffer) {
  const res = await uploadSpreadsheet(app, {
    url: `/api/v1/user/import?branch_id=${c.branchIds[0]}`,
    sub: c.subdomain,
    token,
    file,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.job_id as string;
}

/** The company's students whose phone starts with `prefix`, and how many distinct phones they have. */
const studentsOf = async (c: Company, prefix: string) => {
  const [row] = await selectRows<{ n: number; phones: number }>(
    database.db,
    sql`select count(*)::int as n, count(distinct phone)::int as phones from users
        where company_id = ${c.id} and phone like ${`${prefix}%`} and ${Role.student} = any(roles)`,
  );
  return row;
};

const importEvents = (c: Company) =>
  inCompany(database.db, c.id, (tx) =>
    tx
      .select({ data: historyEvents.data })
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, c.id), eq(historyEvents.type, HistoryEvent.usersImported))),
  );

let a: Company;
let admin: string;

beforeAll(async () => {
  a = await newCompany('Jobs A');
  admin = await loginAs(app, a.subdomain, a.users.admin.phone);
});

afterEach(() => {
  importJobHooks.afterChunk = undefined;
});

describe('the students import as a job', () => {
  it('answers the job at once, shows its progress, and ends with every student and the import’s answer', async () => {
    const known = await createStudent(database.db, a.id, { name: 'Known', phone: '951999999', branchIds: a.branchIds });
    const file = await studentsFile(2_000, '95', [
      ['Twice In File', '950000007'],
      ['Known Again', '951999999'],
    ]);
    const jobId = await startImport(a, admin, file);
    const seen: Job[] = [];
    const job = await waitForJob(app, a.subdomain, admin, jobId, (answer) => seen.push(answer));

    // The bar moved: rows done between none and all were shown, never going back, and it ended full.
    const during = seen.filter((s) => s.state === 'running' && s.total !== null && s.done > 0 && s.done < s.total);
    expect(during.length, JSON.stringify(seen.map((s) => [s.state, s.done, s.total]))).toBeGreaterThan(0);
    const percents = seen.map((s) => s.percent);
    expect(percents).toEqual([...percents].sort((x, y) => x - y));
    expect(job).toMatchObject({
      state: 'done',
      name: 'students.import',
      done: 2_002,
      total: 2_002,
      percent: 100,
      attempts: 1,
      error: null,
      created_by: { id: a.users.admin.id },
      policies: { download: false },
    });
    expect(job.result).toMatchObject({ total_rows: 2_002, imported: 2_000 });
    expect(job.result && 'rejected' in job.result ? job.result.rejected : []).toEqual([
      { row: 2_002, reason: 'duplicate_in_file', name: 'Twice In File', phone: '950000007', existing_id: null },
      { row: 2_003, reason: 'student_exists', name: 'Known Again', phone: '951999999', existing_id: known },
    ]);
    expect(await studentsOf(a, '950')).toEqual({ n: 2_000, phones: 2_000 });
    const events = await importEvents(a);
    expect(events.map((e) => e.data)).toEqual([
      { branch_id: a.branchIds[0], total_rows: 2_002, imported: 2_000, rejected: 2 },
    ]);
  }, 120_000);

  it('resumes a retried job after its last written chunk: nobody is added twice', async () => {
    const c = await newCompany('Jobs retry');
    const token = await loginAs(app, c.subdomain, c.users.admin.phone);
    // The first attempt fails inside its second chunk's transaction, after that chunk's rows were inserted.
    importJobHooks.afterChunk = ({ chunk, retryCount }) => {
      if (chunk === 1 && retryCount === 0) throw new Error('the server went away');
    };
    const jobId = await startImport(c, token, await studentsFile(1_200, '96'));
    const job = await waitForJob(app, c.subdomain, token, jobId);
    expect(job).toMatchObject({ state: 'done', attempts: 2, done: 1_200, total: 1_200, percent: 100 });
    expect(job.result).toMatchObject({ total_rows: 1_200, imported: 1_200, rejected: [] });
    expect(await studentsOf(c, '96')).toEqual({ n: 1_200, phones: 1_200 });
    expect(await importEvents(c)).toHaveLength(1);
  }, 120_000);

  it('ends a job that fails every attempt as a failed record, which the administrators see among the failed', async () => {
    const c = await newCompany('Jobs dead');
    const cashier = await loginAs(app, c.subdomain, c.users.cashier.phone);
    const director = await loginAs(app, c.subdomain, c.users.branchDirector.phone);
    importJobHooks.afterChunk = () => {
      throw new Error('the disk is full');
    };
    const jobId = await startImport(c, cashier, await studentsFile(10, '97'));
    const job = await waitForJob(app, c.subdomain, cashier, jobId);
    expect(job).toMatchObject({ state: 'failed', error: 'the disk is full', error_code: null, attempts: 3 });
    expect(job.result).toBeNull();
    expect((await studentsOf(c, '97'))?.n).toBe(0);

    // A file that cannot be read fails at once, without retries, with the reason's code.
    importJobHooks.afterChunk = undefined;
    // An xlsx whose zip directory is whole but whose entries are overwritten: it passes the upload's checks.
    const notAWorkbook = await studentsFile(1, '98');
    notAWorkbook.fill(0x41, 40, Math.floor(notAWorkbook.length / 2));
    const refused = await waitForJob(app, c.subdomain, cashier, await startImport(c, cashier, notAWorkbook));
    expect(refused).toMatchObject({ state: 'failed', error_code: 'import_file_invalid', attempts: 1 });

    const failed = await call(app, { url: '/api/v1/jobs?failed=1', sub: c.subdomain, token: director });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ everyone: true, pagination: { total: 2 } });
    expect(failed.body.data[1]).toMatchObject({
      id: jobId,
      state: 'failed',
      error: 'the disk is full',
      created_by: { id: c.users.cashier.id, name: expect.any(String) },
    });
    const own = await call(app, { url: '/api/v1/jobs', sub: c.subdomain, token: cashier });
    expect(own.body).toMatchObject({ everyone: false, pagination: { total: 2 } });
  }, 120_000);
});
