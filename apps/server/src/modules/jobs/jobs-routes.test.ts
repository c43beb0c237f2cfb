import { EXPORT_IN_BACKGROUND_ROWS, Role } from '@crm/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { uploadSpreadsheet, xlsxOf } from '../../../test/spreadsheets.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';
import { insertLeads } from '../../seed/leads-factories.js';
import { insertPeople } from '../../seed/users-factories.js';
import { openJobsApp, waitForJob } from './jobs-test-world.js';

/** Issue 15: who sees which background work, and the large exports kept for download. */
const { app, database } = await openJobsApp();
type Company = CreatedCompany & { users: RoleUsers };
let a: Company;
let b: Company;
const tokens: Record<'admin' | 'cashier' | 'marketer' | 'teacher' | 'otherAdmin', string> = {
  admin: '',
  cashier: '',
  marketer: '',
  teacher: '',
  otherAdmin: '',
};
/** A students import of the cashier, and a leads import of the marketer (company A). */
let cashierJob: string;
let marketerJob: string;

const api = (token: string, url: string, method: 'GET' | 'POST' = 'GET', sub = a.subdomain) =>
  call(app, { method, url: `/api/v1${url}`, sub, token });

const upload = async (token: string, url: string, rows: unknown[][]) => {
  const res = await uploadSpreadsheet(app, { url, sub: a.subdomain, token, file: await xlsxOf(rows) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.job_id as string;
};

beforeAll(async () => {
  [a, b] = await Promise.all(
    ['Jobs home', 'Jobs away'].map((name) =>
      createCompanyWithRoleUsers(database.db, { name, subdomain: uniqueSubdomain('jobs'), branches: ['Main'] }),
    ),
  );
  a = a as Company;
  b = b as Company;
  for (const role of ['admin', 'cashier', 'marketer', 'teacher'] as const)
    tokens[role] = await loginAs(app, a.subdomain, a.users[role].phone);
  tokens.otherAdmin = await loginAs(app, b.subdomain, b.users.admin.phone);
  const branch = a.branchIds[0];
  cashierJob = await upload(tokens.cashier, `/api/v1/user/import?branch_id=${branch}`, [
    ['Name', 'Phone'],
    ['Cashier Import', '931000001'],
  ]);
  marketerJob = await upload(tokens.marketer, `/api/v1/leads/import?branch_id=${branch}`, [
    ['Name', 'Phone'],
    ['Marketer Import', '931000002'],
  ]);
  await app.jobs.settle();
});

describe('GET /jobs and /jobs/{id}', () => {
  it('shows a staff member his own work, and an administrator everyone’s', async () => {
    const own = await api(tokens.cashier, '/jobs');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ everyone: false, pagination: { total: 1 } });
    expect(own.body.data[0]).toMatchObject({
      id: cashierJob,
      name: 'students.import',
      state: 'done',
      percent: 100,
      result: { total_rows: 1, imported: 1 },
      created_by: { id: a.users.cashier.id },
    });
    expect((await api(tokens.cashier, `/jobs/${marketerJob}`)).status).toBe(404);

    const everyone = await api(tokens.admin, '/jobs?per_page=1');
    expect(everyone.body).toMatchObject({ everyone: true, pagination: { total: 2, total_pages: 2, per_page: 1 } });
    // Newest first: the marketer's import was started last.
    expect(everyone.body.data.map((job: { id: string }) => job.id)).toEqual([marketerJob]);
    const lead = await api(tokens.admin, `/jobs/${marketerJob}`);
    expect(lead.body).toMatchObject({
      name: 'leads.import',
      state: 'done',
      result: { imported: 1, added: [{ row: 2 }] },
    });
    expect((await api(tokens.admin, '/jobs?failed=1')).body.pagination.total).toBe(0);
  });

  it('refuses the teacher, who starts no background work', async () => {
    for (const url of ['/jobs', `/jobs/${cashierJob}`, `/jobs/${cashierJob}/file`]) {
      const res = await api(tokens.teacher, url);
      expect([url, res.status]).toEqual([url, 403]);
    }
  });

  it('answers 404 for another company’s job, and lists none of them', async () => {
    for (const url of [`/jobs/${cashierJob}`, `/jobs/${cashierJob}/file`]) {
      const res = await api(tokens.otherAdmin, url, 'GET', b.subdomain);
      expect([url, res.status]).toEqual([url, 404]);
    }
    expect((await api(tokens.otherAdmin, '/jobs', 'GET', b.subdomain)).body.pagination.total).toBe(0);
  });

  it('has no file to download for an import', async () => {
    expect((await api(tokens.admin, `/jobs/${cashierJob}/file`)).status).toBe(404);
  });
});

describe('the large exports', () => {
  it('downloads a small list at once and writes a large one in the background, kept for download', async () => {
    const small = await api(tokens.admin, '/user/export?user_type=student&name_or_phone=Cashier', 'POST');
    expect(small.body).toEqual({ job_id: null, rows: 1 });

    const count = EXPORT_IN_BACKGROUND_ROWS + 1;
    await insertPeople(
      database.db,
      a.id,
      [Role.student],
      Array.from({ length: count }, (_, i) => ({
        name: `Exported ${i}`,
        phone: `94${String(i).padStart(7, '0')}`,
        branchIds: a.branchIds,
      })),
    );
    const started = await api(tokens.admin, '/user/export?user_type=student&name_or_phone=Exported&lang=en', 'POST');
    expect(started.body).toMatchObject({ rows: count, job_id: expect.any(String) });
    const job = await waitForJob(app, a.subdomain, tokens.admin, started.body.job_id);
    expect(job).toMatchObject({
      name: 'users.export',
      state: 'done',
      done: count,
      total: count,
      result: { rows: count },
      file_name: 'students.xlsx',
      policies: { download: true },
    });

    const file = await app.inject({
      url: `/api/v1/jobs/${job.id}/file`,
      headers: { host: `${a.subdomain}.localhost`, authorization: `Bearer ${tokens.admin}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('students.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(count + 1);
    expect(sheet?.getRow(1).getCell(2).value).toBe('Full name');

    // The file is the starter's; a cashier who started nothing does not see it.
    expect((await api(tokens.cashier, `/jobs/${job.id}/file`)).status).toBe(404);
  }, 120_000);

  it('checks the export’s own rights before any job: the list’s area, the branch', async () => {
    expect((await api(tokens.cashier, '/user/export?user_type=staff', 'POST')).status).toBe(403);
    expect((await api(tokens.teacher, '/user/export?user_type=student', 'POST')).status).toBe(403);
    const foreignBranch = await api(tokens.marketer, `/leadExport?branch_id=${b.branchIds[0]}`, 'POST');
    expect([foreignBranch.status, foreignBranch.body.error.code]).toEqual([403, 'branch_forbidden']);
  });

  it('writes the leads of a large board in the background too', async () => {
    const branchId = a.branchIds[0] as number;
    const small = await api(tokens.marketer, `/leadExport?branch_id=${branchId}`, 'POST');
    expect(small.body).toEqual({ job_id: null, rows: 1 });
    await insertLeads(
      database.db,
      a.id,
      Array.from({ length: EXPORT_IN_BACKGROUND_ROWS }, (_, i) => ({
        branchId,
        name: `Board lead ${i}`,
        phone: `93${String(i).padStart(7, '0')}`,
      })),
    );
    const started = await api(tokens.marketer, `/leadExport?branch_id=${branchId}&lang=en`, 'POST');
    expect(started.body.rows).toBe(EXPORT_IN_BACKGROUND_ROWS + 1);
    const job = await waitForJob(app, a.subdomain, tokens.marketer, started.body.job_id);
    expect(job).toMatchObject({
      name: 'leads.export',
      state: 'done',
      file_name: 'leads.xlsx',
      policies: { download: true },
    });
  }, 120_000);
});
