import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openTestApp } from '../../../test/helpers.js';
import { monthsBetween } from './expense-chart.js';
import { createExpensesWorld, type ExpensesWorld } from './expenses-test-world.js';

const { app, database } = await openTestApp();
let w: ExpensesWorld;
let internet: { id: number; name: string };

/**
 * The main branch's book for the reports (North gets one expense that must never show):
 *   Jan: rent 3 000 000 cash, internet 200 000 card
 *   Feb: rent 3 000 000 cash, marketing 750 000 transfer, internet 200 000 card
 *   Mar: marketing 500 000 cash, and a deleted household 999 000
 */
beforeAll(async () => {
  w = await createExpensesWorld(app, database.db, 'expense-reports');
  internet = await w.createType('Internet');
  const book = [
    { date: '2026-01-10', category: 'rent', amount: 3_000_000 },
    { date: '2026-01-15', category: null, type_id: internet.id, amount: 200_000, method: 'card' },
    { date: '2026-02-10', category: 'rent', amount: 3_000_000 },
    { date: '2026-02-12', category: 'marketing', amount: 750_000, method: 'transfer', payee: 'Instagram ads' },
    { date: '2026-02-15', category: null, type_id: internet.id, amount: 200_000, method: 'card' },
    { date: '2026-03-02', category: 'marketing', amount: 500_000, comment: 'Flyers' },
  ];
  for (const expense of book) await w.createExpense(expense);
  const deleted = await w.createExpense({ date: '2026-03-03', category: 'household', amount: 999_000 });
  await w.api(w.tokens.cashier, 'DELETE', `/expense/${deleted.id}`);
  await w.createExpense({ branch_id: w.north, date: '2026-02-01', category: 'rent', amount: 1_000_000 });
});

const period = 'from_date=2026-01-01&to_date=2026-03-31';

describe('GET /expense', () => {
  it('lists the branch’s live expenses newest first, a page at a time, with the sum of the whole filter', async () => {
    const page1 = await w.api(w.tokens.cashier, 'GET', `/expense?branch_id=${w.main}&${period}&per_page=4`);
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((e: { date: string }) => e.date)).toEqual([
      '2026-03-02',
      '2026-02-15',
      '2026-02-12',
      '2026-02-10',
    ]);
    expect(page1.body.pagination).toMatchObject({ total: 6, per_page: 4, total_pages: 2, current_page: 1, count: 4 });
    expect(page1.body.total).toBe(7_650_000);
    const page2 = await w.api(w.tokens.cashier, 'GET', `/expense?branch_id=${w.main}&${period}&per_page=4&page=2`);
    expect(page2.body.data).toHaveLength(2);
    expect(page2.body.total).toBe(7_650_000);
  });

  it('filters by period, category, own type and method', async () => {
    const list = async (filter: string) =>
      (await w.api(w.tokens.cashier, 'GET', `/expense?branch_id=${w.main}&${filter}`)).body as {
        total: number;
        data: unknown[];
      };
    expect((await list('from_date=2026-02-01&to_date=2026-02-28')).total).toBe(3_950_000);
    expect((await list('category=rent')).total).toBe(6_000_000);
    expect((await list(`type_id=${internet.id}`)).data).toHaveLength(2);
    expect((await list('method=transfer')).total).toBe(750_000);
    expect((await list('category=taxes')).data).toEqual([]);
  });

  it('refuses a reversed period, roles outside finance and a branch not the caller’s', async () => {
    const reversed = await w.api(
      w.tokens.cashier,
      'GET',
      `/expense?branch_id=${w.main}&from_date=2026-03-01&to_date=2026-01-01`,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.details[0]).toMatchObject({ field: 'to_date', rule: 'end_before_start' });
    expect((await w.api(w.tokens.cashier, 'GET', '/expense')).status).toBe(400);
    expect((await w.api(w.tokens.teacher, 'GET', `/expense?branch_id=${w.main}`)).status).toBe(403);
    expect((await w.api(w.tokens.marketer, 'GET', `/expense?branch_id=${w.main}`)).status).toBe(403);
    const north = await w.api(w.tokens.mainCashier, 'GET', `/expense?branch_id=${w.north}`);
    expect(north.status).toBe(403);
    expect(north.body.error.code).toBe('branch_forbidden');
  });
});

describe('GET /expense/totals', () => {
  it('sums the period per category and per method, biggest first, and the parts add up to the total', async () => {
    const res = await w.api(w.tokens.cashier, 'GET', `/expense/totals?branch_id=${w.main}&${period}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 7_650_000,
      count: 6,
      by_category: [
        { category: 'rent', type: null, amount: 6_000_000, count: 2 },
        { category: 'marketing', type: null, amount: 1_250_000, count: 2 },
        { category: null, type: { id: internet.id, name: 'Internet' }, amount: 400_000, count: 2 },
      ],
      by_method: [
        { method: 'cash', amount: 6_500_000, count: 3 },
        { method: 'transfer', amount: 750_000, count: 1 },
        { method: 'card', amount: 400_000, count: 2 },
      ],
    });
  });

  it('answers zeros for an empty period and refuses a branch not the caller’s', async () => {
    const empty = await w.api(
      w.tokens.cashier,
      'GET',
      `/expense/totals?branch_id=${w.main}&from_date=2025-01-01&to_date=2025-01-31`,
    );
    expect(empty.body).toEqual({ total: 0, count: 0, by_category: [], by_method: [] });
    expect((await w.api(w.tokens.mainCashier, 'GET', `/expense/totals?branch_id=${w.north}`)).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'GET', `/expense/totals?branch_id=${w.main}`)).status).toBe(403);
  });
});

describe('GET /expense/expense-chart', () => {
  it('answers every month of the period, stacked by category, summing to the months’ totals', async () => {
    const res = await w.api(
      w.tokens.cashier,
      'GET',
      `/expense/expense-chart?branch_id=${w.main}&from_date=2025-12-01&to_date=2026-03-31`,
    );
    expect(res.status).toBe(200);
    const chart = res.body;
    expect(chart.months).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    expect(chart.month_amount).toEqual([0, 3_200_000, 3_950_000, 500_000]);
    expect(chart.categories).toEqual([
      { category: 'rent', type: null },
      { category: 'marketing', type: null },
      { category: null, type: { id: internet.id, name: 'Internet' } },
    ]);
    expect(chart.category_amount).toEqual([6_000_000, 1_250_000, 400_000]);
    expect(chart.amounts).toEqual([
      [0, 3_000_000, 3_000_000, 0],
      [0, 0, 750_000, 500_000],
      [0, 200_000, 200_000, 0],
    ]);
    // Each month's bars add up to its total, each category's to its own.
    chart.months.forEach((_: string, m: number) => {
      expect(chart.amounts.reduce((acc: number, row: number[]) => acc + row[m]!, 0)).toBe(chart.month_amount[m]);
    });
  });

  it('requires both dates, refuses more than five years and a branch not the caller’s', async () => {
    expect((await w.api(w.tokens.cashier, 'GET', `/expense/expense-chart?branch_id=${w.main}`)).status).toBe(400);
    const long = await w.api(
      w.tokens.cashier,
      'GET',
      `/expense/expense-chart?branch_id=${w.main}&from_date=2020-01-01&to_date=2026-01-31`,
    );
    expect(long.body.error.details[0]).toMatchObject({ field: 'to_date', rule: 'too_big' });
    const north = await w.api(w.tokens.mainCashier, 'GET', `/expense/expense-chart?branch_id=${w.north}&${period}`);
    expect(north.body.error.code).toBe('branch_forbidden');
  });

  it('counts months across a year end', () => {
    expect(monthsBetween('2025-11-20', '2026-02-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02-10', '2026-02-11')).toEqual(['2026-02']);
  });
});

describe('GET /expense/export', () => {
  const download = (query: string, token = w.tokens.cashier) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/expense/export?${query}`,
      headers: { host: `${w.sub}.localhost`, authorization: `Bearer ${token}` },
    });

  it('writes the filtered expenses in the asked language with a total row', async () => {
    const res = await download(`branch_id=${w.main}&${period}&lang=ru`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('expenses-2026-01-01_2026-03-31.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Расходы');
    expect(sheet).toBeDefined();
    expect(sheet!.getRow(1).values).toEqual([
      undefined,
      'Дата',
      'Категория',
      'Сумма (UZS)',
      'Способ оплаты',
      'Получатель',
      'Комментарий',
      'Внёс',
    ]);
    expect(sheet!.getRow(2).values).toEqual([
      undefined,
      '02.03.2026',
      'Маркетинг',
      500_000,
      'Наличные',
      '',
      'Flyers',
      'Aziza Nurmatova',
    ]);
    expect(sheet!.getRow(4).getCell(4).value).toBe('Перевод');
    expect(sheet!.getRow(4).getCell(5).value).toBe('Instagram ads');
    expect(sheet!.getRow(3).getCell(2).value).toBe('Internet');
    expect(sheet!.rowCount).toBe(8);
    expect(sheet!.getRow(8).getCell(1).value).toBe('Итого');
    expect(sheet!.getRow(8).getCell(3).value).toBe(7_650_000);
  });

  it('speaks Uzbek by default and refuses outside finance', async () => {
    const res = await download(`branch_id=${w.main}&category=rent`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Xarajatlar')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Sana');
    expect(sheet.getRow(2).getCell(2).value).toBe('Ijara');
    expect((await download(`branch_id=${w.main}`, w.tokens.teacher)).statusCode).toBe(403);
    const north = await call(app, {
      url: `/api/v1/expense/export?branch_id=${w.north}`,
      sub: w.sub,
      token: w.tokens.mainCashier,
    });
    expect(north.body.error.code).toBe('branch_forbidden');
  });
});
