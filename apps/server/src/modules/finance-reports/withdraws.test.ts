import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createFinanceReportsWorld, type FinanceReportsWorld, MARCH } from './finance-reports-test-world.js';

const { app, database } = await openTestApp();
let w: FinanceReportsWorld;

beforeAll(async () => {
  w = await createFinanceReportsWorld(app, database.db);
});

const get = (url: string, token = w.tokens.cashier) => w.api(token, 'GET', url);
type Entry = { amount: number; reverses_id: number | null; student: { id: number }; group: { id: number } };

describe('GET /withdraws', () => {
  it('lists the charges and their reversals as such, a page at a time, with the net charged', async () => {
    const page1 = await get(`/withdraws?branch_id=${w.main}&${MARCH}&per_page=4`);
    expect(page1.status).toBe(200);
    expect(page1.body.pagination).toMatchObject({ total: 6, total_pages: 2, count: 4 });
    // 600 000 + 600 000 + 450 000 + (600 000 − 600 000) + 400 000
    expect(page1.body.total).toBe(2_050_000);
    const page2 = await get(`/withdraws?branch_id=${w.main}&${MARCH}&per_page=4&page=2`);
    const all: Entry[] = [...page1.body.data, ...page2.body.data];
    expect(all.every((e) => (e as unknown as { kind: string }).kind === 'charge')).toBe(true);
    const reversals = all.filter((e) => e.reverses_id !== null);
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({ amount: 600_000, student: { id: w.s.s3 } });
    expect(all.filter((e) => e.reverses_id === null).map((e) => e.amount)).toEqual(
      expect.arrayContaining([-600_000, -600_000, -450_000, -600_000, -400_000]),
    );
  });

  it('filters by group and student; the North branch’s charge never shows', async () => {
    const beta = await get(`/withdraws?branch_id=${w.main}&${MARCH}&group_id=${w.groups.beta}`);
    expect(beta.body.data).toHaveLength(3);
    expect(beta.body.total).toBe(400_000);
    const s1 = await get(`/withdraws?branch_id=${w.main}&student_id=${w.s.s1}`);
    expect(s1.body.data.map((e: Entry) => e.amount)).toEqual([-600_000, -600_000]);
    expect(s1.body.total).toBe(1_200_000);
    const everything = await get(`/withdraws?branch_id=${w.main}`);
    expect(everything.body.data.some((e: Entry) => e.student.id === w.s.north)).toBe(false);
  });

  it('refuses a teacher, a branch not the caller’s, another company’s branch and a reversed period', async () => {
    expect((await get(`/withdraws?branch_id=${w.main}`, w.tokens.teacher)).status).toBe(403);
    expect((await get(`/withdraws?branch_id=${w.north}`, w.tokens.mainCashier)).body.error.code).toBe(
      'branch_forbidden',
    );
    expect((await get(`/withdraws?branch_id=${w.foreignBranch}`, w.tokens.owner)).status).toBe(404);
    const reversed = await get(`/withdraws/totals?branch_id=${w.main}&from=2026-03-02&to=2026-03-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.details[0]).toMatchObject({ field: 'to', rule: 'end_before_start' });
  });
});

describe('GET /withdraws/totals and /credit_char', () => {
  it('answers what was charged, what reversals gave back, the net and the students charged', async () => {
    const res = await get(`/withdraws/totals?branch_id=${w.main}&${MARCH}`);
    expect(res.body).toEqual({
      charged: 2_650_000,
      charge_count: 5,
      reversed: 600_000,
      reversal_count: 1,
      total: 2_050_000,
      students: 3,
    });
    const empty = await get(`/withdraws/totals?branch_id=${w.main}&from=2025-01-01&to=2025-01-31`);
    expect(empty.body).toEqual({ charged: 0, charge_count: 0, reversed: 0, reversal_count: 0, total: 0, students: 0 });
  });

  it('charts the charges per day of a month and per month of a longer period', async () => {
    const march = await get(`/withdraws/credit_char?branch_id=${w.main}&${MARCH}`);
    expect(march.body.step).toBe('day');
    expect(march.body.amounts[0]).toBe(2_050_000);
    expect(march.body.amounts.slice(1).every((a: number) => a === 0)).toBe(true);
    const quarter = await get(`/withdraws/credit_char?branch_id=${w.main}&from=2026-01-01&to=2026-03-31`);
    expect(quarter.body).toEqual({
      step: 'month',
      periods: ['2026-01', '2026-02', '2026-03'],
      amounts: [0, 600_000, 2_050_000],
      total: 2_650_000,
    });
    const beta = await get(`/withdraws/credit_char?branch_id=${w.main}&${MARCH}&group_id=${w.groups.beta}`);
    expect(beta.body.total).toBe(400_000);
    expect((await get(`/withdraws/credit_char?branch_id=${w.main}&${MARCH}`, w.tokens.teacher)).status).toBe(403);
    expect((await get(`/withdraws/credit_char?branch_id=${w.main}&from=2026-03-01`)).status).toBe(400);
  });
});
