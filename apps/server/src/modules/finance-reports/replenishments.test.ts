import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createFinanceReportsWorld, type FinanceReportsWorld, MARCH } from './finance-reports-test-world.js';

const { app, database } = await openTestApp();
let w: FinanceReportsWorld;

beforeAll(async () => {
  w = await createFinanceReportsWorld(app, database.db);
});

const get = (url: string, token = w.tokens.cashier) => w.api(token, 'GET', url);

describe('GET /replenishments', () => {
  it('lists the payments that still count, newest first, a page at a time, with the sum of the filter', async () => {
    const page1 = await get(`/replenishments?branch_id=${w.main}&${MARCH}&per_page=3`);
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((e: { amount: number; date: string }) => [e.date, e.amount])).toEqual([
      ['2026-03-31', 100_000],
      ['2026-03-20', 400_000],
      ['2026-03-15', 200_000],
    ]);
    expect(page1.body.pagination).toMatchObject({ total: 5, per_page: 3, total_pages: 2, count: 3 });
    expect(page1.body.total).toBe(1_500_000);
    const [latest] = page1.body.data;
    expect(latest).toMatchObject({ kind: 'payment', method: 'cash', student: { id: w.s.s4, name: 'Dilshod Four' } });
    expect(latest.author.name).toBe('Bobur Karimov');
    const page2 = await get(`/replenishments?branch_id=${w.main}&${MARCH}&per_page=3&page=2`);
    expect(page2.body.data.map((e: { amount: number }) => e.amount)).toEqual([300_000, 500_000]);
  });

  it('filters by student, method and group; a cancelled payment never shows', async () => {
    const total = async (filter: string) =>
      (await get(`/replenishments?branch_id=${w.main}&${MARCH}&${filter}`)).body.total as number;
    expect(await total(`student_id=${w.s.s2}`)).toBe(500_000);
    expect(await total('method=card')).toBe(300_000);
    expect(await total(`group_id=${w.groups.beta}`)).toBe(400_000);
    const s3 = await get(`/replenishments?branch_id=${w.main}&student_id=${w.s.s3}`);
    expect(s3.body.data.map((e: { amount: number }) => e.amount)).toEqual([400_000]);
  });

  it('refuses a teacher, a branch not the caller’s, another company’s branch and a reversed period', async () => {
    expect((await get(`/replenishments?branch_id=${w.main}`, w.tokens.teacher)).status).toBe(403);
    expect((await get(`/replenishments?branch_id=${w.main}`, w.tokens.marketer)).status).toBe(403);
    const north = await get(`/replenishments?branch_id=${w.north}`, w.tokens.mainCashier);
    expect(north.status).toBe(403);
    expect(north.body.error.code).toBe('branch_forbidden');
    expect((await get(`/replenishments?branch_id=${w.foreignBranch}`, w.tokens.owner)).status).toBe(404);
    const reversed = await get(`/replenishments?branch_id=${w.main}&from=2026-03-31&to=2026-03-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.details[0]).toMatchObject({ field: 'to', rule: 'end_before_start' });
    const badDate = await get(`/replenishments?branch_id=${w.main}&from=2026-02-30`);
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.details[0].field).toBe('from');
  });
});

describe('GET /replenishments/totals and /profit', () => {
  it('sums the period’s payments per method, biggest first', async () => {
    const res = await get(`/replenishments/totals?branch_id=${w.main}&${MARCH}`);
    expect(res.body).toEqual({
      total: 1_500_000,
      count: 5,
      by_method: [
        { method: 'cash', amount: 800_000, count: 3 },
        { method: 'transfer', amount: 400_000, count: 1 },
        { method: 'card', amount: 300_000, count: 1 },
      ],
    });
    const empty = await get(`/replenishments/totals?branch_id=${w.main}&from=2025-01-01&to=2025-01-31`);
    expect(empty.body).toEqual({ total: 0, count: 0, by_method: [] });
  });

  it('answers income, expenses, salaries and profit of the period', async () => {
    const res = await get(`/replenishments/profit?branch_id=${w.main}&${MARCH}`);
    expect(res.status).toBe(200);
    // 1 500 000 paid − 50 000 refunded; 2 300 000 spent (the deleted expense does not count); 1 000 000 salaries.
    expect(res.body).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      payments: 1_500_000,
      refunds: 50_000,
      income: 1_450_000,
      expenses: 2_300_000,
      salaries: 1_000_000,
      profit: -1_850_000,
    });
    const february = await get(`/replenishments/profit?branch_id=${w.main}&from=2026-02-01&to=2026-02-28`);
    expect(february.body).toMatchObject({ income: 250_000, expenses: 100_000, salaries: 0, profit: 150_000 });
  });

  it('requires the period and refuses outside finance', async () => {
    expect((await get(`/replenishments/profit?branch_id=${w.main}`)).status).toBe(400);
    expect((await get(`/replenishments/profit?branch_id=${w.main}&${MARCH}`, w.tokens.teacher)).status).toBe(403);
    expect((await get(`/replenishments/totals?branch_id=${w.foreignBranch}`, w.tokens.owner)).status).toBe(404);
  });
});

describe('GET /replenishments/debit_char', () => {
  it('answers every day of a month, money in on the days it came', async () => {
    const res = await get(`/replenishments/debit_char?branch_id=${w.main}&${MARCH}`);
    expect(res.status).toBe(200);
    expect(res.body.step).toBe('day');
    expect(res.body.periods).toHaveLength(31);
    expect(res.body.periods[0]).toBe('2026-03-01');
    const byDay = Object.fromEntries(
      res.body.periods.map((d: string, i: number) => [d, res.body.amounts[i]]).filter(([, a]: [string, number]) => a),
    );
    expect(byDay).toEqual({
      '2026-03-02': 800_000,
      '2026-03-15': 200_000,
      '2026-03-20': 400_000,
      '2026-03-31': 100_000,
    });
    expect(res.body.total).toBe(1_500_000);
  });

  it('answers months for a longer period and refuses more than five years', async () => {
    const res = await get(`/replenishments/debit_char?branch_id=${w.main}&from=2026-01-01&to=2026-03-31`);
    expect(res.body).toEqual({
      step: 'month',
      periods: ['2026-01', '2026-02', '2026-03'],
      amounts: [0, 250_000, 1_500_000],
      total: 1_750_000,
    });
    const long = await get(`/replenishments/debit_char?branch_id=${w.main}&from=2020-01-01&to=2026-03-31`);
    expect(long.status).toBe(400);
    expect(long.body.error.details[0]).toMatchObject({ field: 'to', rule: 'too_big' });
  });
});

describe('GET /replenishments/export', () => {
  const exportOf = (query: string, token?: string) => w.download(`/replenishments/export?${query}`, token);

  it('writes the payments in the asked language with a total row', async () => {
    const res = await exportOf(`branch_id=${w.main}&${MARCH}&lang=ru`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('payments_2026-03-01_2026-03-31.xlsx');
    const sheet = res.workbook.getWorksheet('Платежи')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Дата',
      'Студент',
      'Группа',
      'Способ оплаты',
      'Сумма (UZS)',
      'Комментарий',
      'Кассир',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      '31.03.2026',
      'Dilshod Four',
      '',
      'Наличные',
      100_000,
      '',
      'Bobur Karimov',
    ]);
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(7).getCell(1).value).toBe('Итого');
    expect(sheet.getRow(7).getCell(5).value).toBe(1_500_000);
  });

  it('speaks Uzbek by default and refuses a teacher', async () => {
    const res = await exportOf(`branch_id=${w.main}&${MARCH}`);
    expect(res.workbook.getWorksheet('Toʻlovlar')!.getRow(1).getCell(1).value).toBe('Sana');
    expect((await exportOf(`branch_id=${w.main}`, w.tokens.teacher)).status).toBe(403);
  });
});
