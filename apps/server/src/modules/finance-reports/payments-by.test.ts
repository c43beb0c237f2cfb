import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createFinanceReportsWorld, type FinanceReportsWorld, MARCH } from './finance-reports-test-world.js';

const { app, database } = await openTestApp();
let w: FinanceReportsWorld;

beforeAll(async () => {
  w = await createFinanceReportsWorld(app, database.db);
});

const get = (url: string, token = w.tokens.cashier) => w.api(token, 'GET', url);
type Row = { students: number; paid: number; charged: number; balance: number };
const figures = ({ students, paid, charged, balance }: Row) => ({ students, paid, charged, balance });

describe('GET /replenishments/by-groups', () => {
  it('answers per group the students, paid, charged and balance of the period, with a total', async () => {
    const res = await get(`/replenishments/by-groups?branch_id=${w.main}&${MARCH}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { group: { title: string } }) => r.group.title)).toEqual([
      'Alpha',
      'Beta',
      'Geometry',
    ]);
    const [alpha, beta, geometry] = res.body.data;
    expect(alpha.course.name).toBe('English');
    expect(beta.course.name).toBe('English · B1');
    expect(alpha.teacher.name).toBe('Report Teacher');
    // Alpha's balance: 250 000 + 500 000 + 300 000 paid − 50 000 refunded − 3 × 600 000 charged.
    expect(figures(alpha)).toEqual({ students: 2, paid: 800_000, charged: 1_200_000, balance: -800_000 });
    // Beta: the cancelled 999 000 does not count; the recalculated charge counts at 400 000.
    expect(figures(beta)).toEqual({ students: 1, paid: 400_000, charged: 400_000, balance: 0 });
    expect(figures(geometry)).toEqual({ students: 1, paid: 200_000, charged: 450_000, balance: -250_000 });
    // Bekzod is in two groups and counts once; the payment to a general balance belongs to no group.
    expect(res.body.total).toEqual({ students: 3, paid: 1_400_000, charged: 2_050_000, balance: -1_050_000 });
  });

  it('takes a course with its levels, and an earlier period sees the balance as it stood', async () => {
    const english = await get(`/replenishments/by-groups?branch_id=${w.main}&${MARCH}&course_id=${w.english}`);
    expect(english.body.data.map((r: { group: { title: string } }) => r.group.title)).toEqual(['Alpha', 'Beta']);
    expect(english.body.total).toEqual({ students: 3, paid: 1_200_000, charged: 1_600_000, balance: -800_000 });
    const february = await get(`/replenishments/by-groups?branch_id=${w.main}&from=2026-02-01&to=2026-02-28`);
    expect(february.body.data).toHaveLength(1);
    expect(figures(february.body.data[0])).toEqual({ students: 1, paid: 250_000, charged: 600_000, balance: -350_000 });
  });

  it('refuses a teacher, a branch not the caller’s, another company’s branch and a reversed period', async () => {
    const url = (branch: number, period = MARCH) => `/replenishments/by-groups?branch_id=${branch}&${period}`;
    expect((await get(url(w.main), w.tokens.teacher)).status).toBe(403);
    expect((await get(url(w.north), w.tokens.mainCashier)).status).toBe(403);
    expect((await get(url(w.foreignBranch), w.tokens.owner)).status).toBe(404);
    expect((await get(url(w.main, 'from=2026-03-31&to=2026-03-01'))).status).toBe(400);
  });
});

describe('GET /replenishments/by-courses', () => {
  it('adds the groups up per course (a level apart), students counted once', async () => {
    const res = await get(`/replenishments/by-courses?branch_id=${w.main}&${MARCH}`);
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((r: Row & { course: { name: string }; groups: number }) => [
        r.course.name,
        r.groups,
        figures(r),
      ]),
    ).toEqual([
      ['English', 1, { students: 2, paid: 800_000, charged: 1_200_000, balance: -800_000 }],
      ['English · B1', 1, { students: 1, paid: 400_000, charged: 400_000, balance: 0 }],
      ['Math', 1, { students: 1, paid: 200_000, charged: 450_000, balance: -250_000 }],
    ]);
    expect(res.body.total).toEqual({ students: 3, paid: 1_400_000, charged: 2_050_000, balance: -1_050_000 });
    const empty = await get(`/replenishments/by-courses?branch_id=${w.main}&from=2025-01-01&to=2025-01-31`);
    expect(empty.body).toEqual({ data: [], total: { students: 0, paid: 0, charged: 0, balance: 0 } });
  });

  it('exports the table with its total row', async () => {
    const res = await w.download(`/replenishments/by-courses/export?branch_id=${w.main}&${MARCH}&lang=en`);
    expect(res.status).toBe(200);
    const sheet = res.workbook.getWorksheet('By course')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Course',
      'Groups',
      'Students',
      'Paid (UZS)',
      'Charged (UZS)',
      'Balance (UZS)',
    ]);
    expect(sheet.getRow(2).values).toEqual([undefined, 'English', 1, 2, 800_000, 1_200_000, -800_000]);
    expect(sheet.getRow(5).values).toEqual([undefined, 'Total', 3, 3, 1_400_000, 2_050_000, -1_050_000]);
    const groups = await w.download(`/replenishments/by-groups/export?branch_id=${w.main}&${MARCH}`);
    const uz = groups.workbook.getWorksheet('Guruhlar boʻyicha')!;
    expect(uz.getRow(2).values).toEqual([
      undefined,
      'Alpha',
      'English',
      'Report Teacher',
      2,
      800_000,
      1_200_000,
      -800_000,
    ]);
    expect(uz.getRow(5).values).toEqual([undefined, 'Jami', undefined, undefined, 3, 1_400_000, 2_050_000, -1_050_000]);
    expect(
      (await w.download(`/replenishments/by-groups/export?branch_id=${w.main}&${MARCH}`, w.tokens.teacher)).status,
    ).toBe(403);
  });
});
