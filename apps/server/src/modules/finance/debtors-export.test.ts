import { formatPhone, Role } from '@crm/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, openTestDatabase } from '../../../test/helpers.js';
import { createUser } from '../../seed/factories.js';
import { noonOf } from '../billing/billing-test-world.js';
import { createDebtorsWorld, type DebtorsWorld, debtorPhone } from './debtors-test-world.js';

/** GET /user/debtors-export/{branch_id}: the debtors of a day with the period's movements, read back from the file. */
const database = await openTestDatabase();
const app = await buildTestApp(database, { clock: () => noonOf('2025-03-15') });
await app.ready();

let w: DebtorsWorld;
let aziz: { id: number; phone: string };
let title: string;

beforeAll(async () => {
  w = await createDebtorsWorld(app, database.db);
  aziz = await w.student('Aziz Owes-All');
  const bobur = await w.student('Bobur Part-Paid');
  const dilnoza = await w.student('Dilnoza General');
  const farrukh = await w.student('Farrukh Paid');
  await w.run('2025-03-15'); // March's 600 000, dated on the group's start, 3 March
  await w.pay(bobur, 450_000, '2025-03-10', w.groupId);
  await w.refund(bobur, 50_000, '2025-03-12', w.groupId);
  await w.pay(dilnoza, 560_000, '2025-03-02');
  await w.pay(farrukh, 600_000, '2025-03-10', w.groupId);
  const list = await w.api('POST', `/user/debtors/list/${w.branchId}`, {});
  title = list.body.data[0].groups[0].group.title;
});

const download = (query: string, token = w.tokens.cashier) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/user/debtors-export/${w.branchId}?${query}`,
    headers: { host: `${w.subdomain}.localhost`, authorization: `Bearer ${token}` },
  });

async function sheetOf(res: Awaited<ReturnType<typeof download>>, name: string) {
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name);
  expect(sheet, `sheet ${name}`).toBeDefined();
  return sheet!;
}
const values = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe('the debtors export', () => {
  it('lists the debtors of date_end with their balance before date_start and the movements between, in Russian', async () => {
    const res = await download('date_start=2025-03-05&date_end=2025-03-31&lang=ru');
    expect(res.headers['content-disposition']).toContain('debtors-2025-03-05_2025-03-31.xlsx');
    const sheet = await sheetOf(res, 'Должники');
    expect(values(sheet, 1)).toEqual([
      'Студент',
      'Телефон',
      'Группы',
      'Баланс на 04.03.2025, UZS',
      'Оплачено, UZS',
      'Списано, UZS',
      'Возвраты и исправления, UZS',
      'Долг на 31.03.2025, UZS',
      'Долг в уроках',
    ]);
    expect(values(sheet, 2)).toEqual([
      'Aziz Owes-All',
      `+998 ${formatPhone(aziz.phone, 'uz')}`,
      title,
      -600_000,
      0,
      0,
      0,
      -600_000,
      `${title}: 12`,
    ]);
    // 450 000 paid and 50 000 handed back within the period: −600 000 + 450 000 − 50 000.
    expect(values(sheet, 3)).toEqual([
      'Bobur Part-Paid',
      expect.stringMatching(/^\+998 97/),
      title,
      -600_000,
      450_000,
      0,
      -50_000,
      -200_000,
      `${title}: 4`,
    ]);
    // Paid to the general balance before the period: only 40 000 of the group's debt is owed, one lesson.
    expect(values(sheet, 4)).toEqual([
      'Dilnoza General',
      expect.any(String),
      title,
      -40_000,
      0,
      0,
      0,
      -40_000,
      `${title}: 1`,
    ]);
    expect(values(sheet, 5).filter((v) => v !== undefined && v !== null)).toEqual([
      'Итого',
      -1_240_000,
      450_000,
      0,
      -50_000,
      -840_000,
    ]);
    expect(sheet.rowCount).toBe(5);
  });

  it('speaks Uzbek by default, starts the period on the first of the month, and sees no debt before the charge', async () => {
    const march = await sheetOf(await download('date_end=2025-03-31'), 'Qarzdorlar');
    expect(march.getRow(1).getCell(1).value).toBe('Oʻquvchi');
    expect(march.getRow(1).getCell(4).value).toBe('28.02.2025 holatiga balans, UZS');
    // From 1 March the charge of 3 March is inside the period.
    expect(values(march, 2).slice(3, 8)).toEqual([0, 0, 600_000, 0, -600_000]);

    const before = await sheetOf(await download('date_start=2025-03-01&date_end=2025-03-02'), 'Qarzdorlar');
    expect(before.rowCount).toBe(2);
    expect(before.getRow(2).getCell(1).value).toBe('Jami');
  });

  it('keeps the list filters', async () => {
    const sheet = await sheetOf(await download('date_end=2025-03-31&name_or_phone=bobur&lang=en'), 'Debtors');
    expect(sheet.getRow(2).getCell(1).value).toBe('Bobur Part-Paid');
    expect(sheet.rowCount).toBe(3);
  });

  it('refuses a teacher, another branch, another company and a period that ends before it starts', async () => {
    expect((await download('date_end=2025-03-31', w.tokens.teacher)).statusCode).toBe(403);
    const phone = debtorPhone();
    await createUser(database.db, w.companyId, {
      name: 'Second Cashier',
      phone,
      roles: [Role.cashier],
      branchIds: [w.branchIds[1]!],
    });
    const secondOnly = await loginAs(app, w.subdomain, phone);
    const forbidden = await download('', secondOnly);
    expect(forbidden.statusCode).toBe(403);
    expect(JSON.parse(forbidden.body).error.code).toBe('branch_forbidden');
    const other = await createDebtorsWorld(app, database.db);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/user/debtors-export/${other.branchId}`,
      headers: { host: `${w.subdomain}.localhost`, authorization: `Bearer ${w.tokens.admin}` },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await download('date_start=2025-03-31&date_end=2025-03-01');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).error.details[0].field).toBe('date_start');
  });
});

describe('the price of one lesson', () => {
  it('prices a lesson of a group that ended long ago at a twelfth of its month, as a month run in part', async () => {
    const autumn = await w.createGroup({ startDate: '2024-09-02', endDate: '2024-10-30' });
    const late = await w.student('Otabek Old-Group', { group: autumn });
    await w.api('POST', `/write-off/custom/${late.id}`, {
      amount: 120_000,
      date: '2024-10-30',
      group_id: autumn,
      comment: 'October, not charged then',
    });
    const res = await w.api('POST', `/user/debtors/list/${w.branchId}`, { name_or_phone: 'Otabek' });
    expect(res.body.data[0].groups).toEqual([
      expect.objectContaining({ balance: -120_000, lesson_price: 50_000, debt_lessons: 3, next_charge: null }),
    ]);
  });

  it('prices a lesson at a thirteenth of the month under "13"', async () => {
    await w.setSettings('monthly_calendar', '13');
    const res = await w.api('POST', `/user/debtors/list/${w.branchId}`, { name_or_phone: 'Aziz' });
    // 600 000 ÷ 13 = 46 153.85 → 46 154; 600 000 ÷ 46 154 = 12.99… → 13 lessons.
    expect(res.body.data[0].groups[0]).toMatchObject({ lesson_price: 46_154, debt_lessons: 13 });
  });
});
