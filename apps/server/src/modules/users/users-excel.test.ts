import { randomBytes } from 'node:crypto';
import { HistoryEvent, IMPORT_MAX_ROWS, Role } from '@crm/contracts';
import { read, utils, write } from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { xlsxOf as xlsx } from '../../../test/spreadsheets.js';
import { type CreatedCompany, createCompanyWithRoleUsers, createUser, type RoleUsers } from '../../seed/factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { importThroughJob, openJobsApp } from '../jobs/jobs-test-world.js';

const { app, database } = await openJobsApp();
let company: CreatedCompany & { users: RoleUsers };
let main: number;
let north: number;
let admin: string;
let ceo: string;
const sub = () => company.subdomain;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Excel Co',
    subdomain: uniqueSubdomain('excel'),
    branches: ['Main', 'North'],
  });
  [main, north] = company.branchIds as [number, number];
  [admin, ceo] = await Promise.all(['900000002', '900000001'].map((p) => loginAs(app, sub(), p)));
});

/** A browser's upload of one file to the students import, and its job run to the end (issue 15). */
const upload = (token: string, file: Buffer, branchId = main, filename = 'students.xlsx') =>
  importThroughJob(app, { url: `/api/v1/user/import?branch_id=${branchId}`, sub: sub(), token, file, filename });

const total = async (query: string) =>
  (await call(app, { url: `/api/v1/user?user_type=student&${query}`, sub: sub(), token: ceo })).body.pagination.total;

describe('Excel import of students (POST user/import)', () => {
  it('imports 10,000 rows of an xlsx in one go, well under 15 s', async () => {
    const rows: unknown[][] = [['Full name', 'Phone', 'Birthday', 'Gender']];
    for (let i = 0; i < IMPORT_MAX_ROWS; i++) {
      rows.push([
        `Bulk Student ${i}`,
        `97${String(i).padStart(7, '0')}`,
        new Date(Date.UTC(2010, i % 12, 1 + (i % 28))),
        i % 2 ? 'f' : 'm',
      ]);
    }
    const file = await xlsx(rows);
    const started = performance.now();
    const res = await upload(admin, file, north);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `import of ${IMPORT_MAX_ROWS} rows (${(file.length / 1024).toFixed(0)} KB): ${seconds.toFixed(2)} s, server ${res.body.took_ms} ms`,
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ total_rows: IMPORT_MAX_ROWS, imported: IMPORT_MAX_ROWS, rejected: [] });
    // Issue 7's target (15 s) on the embedded database, a database of this file's own. On the shared PostgreSQL of the
    // API suite every other file's work runs beside it on two cores (45 s seen once): there the bench judges speed.
    expect(seconds).toBeLessThan(process.env.TEST_DATABASE_URL ? 60 : 15);
    expect(await total(`branch_id=${north}&name_or_phone=Bulk`)).toBe(IMPORT_MAX_ROWS);
    const [one] = (
      await call(app, { url: '/api/v1/user?user_type=student&name_or_phone=970000013', sub: sub(), token: ceo })
    ).body.data;
    expect(one).toMatchObject({ name: 'Bulk Student 13', birthday: '2010-02-14', gender: 'f', main_branch: north });
  }, 90_000);

  it('reports every bad row with its number and reason, and saves the good ones', async () => {
    const known = await createStudent(database.db, company.id, {
      name: 'Known',
      phone: '961111111',
      branchIds: [main],
    });
    const gone = await createStudent(database.db, company.id, {
      name: 'Gone',
      phone: '962222222',
      branchIds: [main],
      archived: true,
    });
    const file = await xlsx([
      ['Name', 'Phone', 'Birthday', 'Gender', "Parent's name", "Parent's phone", 'Comment'],
      [
        'Good One',
        '+998 96 300 00 01',
        new Date(Date.UTC(2012, 4, 17)),
        'erkak',
        'Mother One',
        '96 300 00 99',
        'likes chess',
      ], // 2
      ['', '963000002'], // 3 name missing
      ['Bad Phone', '12345'], // 4
      ['Good Two', 963000003, '31.12.2011', 'ayol'], // 5: phone as a number, birthday as text
      ['Twin', '963000003'], // 6 duplicate of row 5
      ['Known Again', '961111111'], // 7 a known student
      ['Gone Again', '962222222'], // 8 an archived student
      ['Bad Day', '963000004', '31.02.2011'], // 9
      ['Bad Gender', '963000005', '', 'robot'], // 10
      [], // 11 blank: skipped, not reported
      ['Good Three', '963000006'], // 12
    ]);
    const res = await upload(admin, file);
    expect(res.status).toBe(200);
    expect(res.body.total_rows).toBe(10);
    expect(res.body.imported).toBe(3);
    expect(res.body.rejected.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [3, 'name_required'],
      [4, 'phone_invalid'],
      [6, 'duplicate_in_file'],
      [7, 'student_exists'],
      [8, 'student_exists_archived'],
      [9, 'birthday_invalid'],
      [10, 'gender_invalid'],
    ]);
    expect(res.body.rejected.find((r: { row: number }) => r.row === 7).existing_id).toBe(known);
    expect(res.body.rejected.find((r: { row: number }) => r.row === 8).existing_id).toBe(gone);

    const [good] = (
      await call(app, { url: '/api/v1/user?user_type=student&name_or_phone=Good%20One', sub: sub(), token: ceo })
    ).body.data;
    expect(good).toMatchObject({
      phone: '963000001',
      birthday: '2012-05-17',
      gender: 'm',
      parent_name: 'Mother One',
      parent_phone: '963000099',
      comment: 'likes chess',
      branches: [{ id: main, name: 'Main' }],
    });
    const [two] = (await call(app, { url: '/api/v1/user?name_or_phone=963000003', sub: sub(), token: ceo })).body.data;
    expect(two).toMatchObject({ name: 'Good Two', birthday: '2011-12-31', gender: 'f' });

    const log = await call(app, {
      url: `/api/v1/company/${company.id}/history?type=${HistoryEvent.usersImported}`,
      sub: sub(),
      token: ceo,
    });
    expect(log.body.data[0].data).toEqual({ branch_id: main, total_rows: 10, imported: 3, rejected: 7 });
  });

  it('reads an .xls (BIFF8) with Russian headers in another column order', async () => {
    const sheet = utils.aoa_to_sheet([
      ['Телефон', 'ФИО', 'Пол'],
      ['964000001', 'Иван Петров', 'м'],
      ['964000002', 'Анна Смирнова', 'ж'],
    ]);
    const workbook = utils.book_new();
    utils.book_append_sheet(workbook, sheet, 'Лист1');
    const file = write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const res = await upload(admin, file, main, 'students.xls');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 2, rejected: [] });
    const [anna] = (await call(app, { url: '/api/v1/user?name_or_phone=964000002', sub: sub(), token: ceo })).body.data;
    expect(anna).toMatchObject({ name: 'Анна Смирнова', gender: 'f' });
  });

  it('takes columns in the sample order when the file has no header', async () => {
    const res = await upload(admin, await xlsx([['No Header', '965000001', '', 'f']]));
    expect(res.body).toMatchObject({ total_rows: 1, imported: 1 });
  });

  it('refuses more than 10,000 rows, an unreadable file, and a branch not his', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [
      `Over ${i}`,
      `98${String(i).padStart(7, '0')}`,
    ]);
    // The rows are counted as the job reads the file: the job ends failed, with the reason, and imports nothing.
    const tooMany = await upload(admin, await xlsx(rows));
    expect(tooMany.job).toMatchObject({ state: 'failed', error_code: 'import_too_many_rows', result: null });
    expect(await total('name_or_phone=Over')).toBe(0);

    const text = await upload(admin, Buffer.from('name,phone\nA,901234567\n'), main, 'students.csv');
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('import_file_invalid');
    const broken = await upload(admin, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(200)]));
    expect(broken.body.error.code).toBe('import_file_invalid');

    const phone = '966000001';
    await createUser(database.db, company.id, { name: 'Main admin', phone, roles: [Role.admin], branchIds: [main] });
    const mainAdmin = await loginAs(app, sub(), phone);
    const elsewhere = await upload(
      mainAdmin,
      await xlsx([
        ['Name', 'Phone'],
        ['Sneaky', '966000002'],
      ]),
      north,
    );
    expect(elsewhere.status).toBe(403);
    expect(await total('name_or_phone=Sneaky')).toBe(0);
  }, 60_000);

  it('refuses roles outside the students area', async () => {
    const teacher = await loginAs(app, sub(), '900000006');
    const res = await upload(
      teacher,
      await xlsx([
        ['Name', 'Phone'],
        ['T', '967000001'],
      ]),
    );
    expect(res.status).toBe(403);
  });
});

describe('sample and export files', () => {
  const download = (url: string) =>
    app.inject({ url: `/api/v1${url}`, headers: { host: `${sub()}.localhost`, authorization: `Bearer ${ceo}` } });

  it('serves a sample xlsx in the asked language that imports as it is', async () => {
    const res = await download('/user/import/sample?lang=ru');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('students-sample.xlsx');
    const sheet = read(res.rawPayload, { type: 'buffer' });
    const rows = utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0] as string]!, { header: 1 });
    expect(rows[0]).toEqual([
      'ФИО',
      'Телефон',
      'Дата рождения',
      'Пол',
      'Имя родителя',
      'Телефон родителя',
      'Доп. телефон',
      'Комментарий',
      'Внешний ID',
    ]);
    const imported = await upload(admin, res.rawPayload);
    expect(imported.body).toMatchObject({ total_rows: 2, imported: 2, rejected: [] });
  });

  it('exports the filtered list with the same filters as GET /user', async () => {
    await createStudent(database.db, company.id, {
      name: 'Export Me',
      phone: '968000001',
      branchIds: [main],
      gender: 'f',
    });
    const res = await download('/user/export?user_type=student&name_or_phone=Export&lang=en');
    expect(res.statusCode).toBe(200);
    const sheet = read(res.rawPayload, { type: 'buffer' });
    const rows = utils.sheet_to_json<Record<string, unknown>>(sheet.Sheets[sheet.SheetNames[0] as string]!);
    expect(rows).toEqual([
      expect.objectContaining({ 'Full name': 'Export Me', Phone: '96 800 00 01', Gender: 'female' }),
    ]);
    const cashier = await loginAs(app, sub(), '900000004');
    const staff = await app.inject({
      url: '/api/v1/user/export?user_type=staff',
      headers: { host: `${sub()}.localhost`, authorization: `Bearer ${cashier}` },
    });
    expect(staff.statusCode).toBe(403);
  });
});
