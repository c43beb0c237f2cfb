import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createFinanceReportsWorld, type FinanceReportsWorld } from './finance-reports-test-world.js';

const { app, database } = await openTestApp();
let w: FinanceReportsWorld;

beforeAll(async () => {
  w = await createFinanceReportsWorld(app, database.db);
});

const stats = (body: Record<string, unknown>, token = w.tokens.cashier) =>
  w.api(token, 'POST', '/users/balance-stats', body);

describe('POST /users/balance-stats', () => {
  it('counts and sums the branch’s students by the sign of their balance', async () => {
    const res = await stats({ branch_id: w.main });
    expect(res.status).toBe(200);
    // Aziz −500 000, Bekzod −550 000, Charos 0, Dilshod +100 000, and the company's demo student (0).
    expect(res.body).toEqual({
      positive: { count: 1, sum: 100_000 },
      zero: { count: 2, sum: 0 },
      negative: { count: 2, sum: -1_050_000 },
      total: { count: 5, sum: -950_000 },
    });
  });

  it('agrees with the debtors list on who is in debt', async () => {
    const debtors = await w.api(w.tokens.cashier, 'POST', `/user/debtors/list/${w.main}`, {});
    const res = await stats({ branch_id: w.main });
    expect(res.body.negative).toEqual({ count: debtors.body.pagination.total, sum: debtors.body.total_debt });
  });

  it('keeps the students of a group, or of a course with its levels', async () => {
    const alpha = await stats({ branch_id: w.main, group_id: w.groups.alpha });
    expect(alpha.body).toMatchObject({ negative: { count: 2, sum: -1_050_000 }, total: { count: 2 } });
    const math = await stats({ branch_id: w.main, course_id: w.math });
    expect(math.body).toMatchObject({ negative: { count: 1, sum: -550_000 }, zero: { count: 0 }, total: { count: 1 } });
    const english = await stats({ branch_id: w.main, course_id: w.english });
    expect(english.body.total).toEqual({ count: 3, sum: -1_050_000 });
    expect(english.body.zero.count).toBe(1);
  });

  it('lets admins ask too, and refuses a teacher, other branches, other companies and bad input', async () => {
    expect((await stats({ branch_id: w.main }, w.tokens.admin)).status).toBe(200);
    expect((await stats({ branch_id: w.main }, w.tokens.teacher)).status).toBe(403);
    expect((await stats({ branch_id: w.north }, w.tokens.mainCashier)).body.error.code).toBe('branch_forbidden');
    expect((await stats({ branch_id: w.foreignBranch }, w.tokens.owner)).status).toBe(404);
    // A group of the North branch is not one of Main's.
    expect((await stats({ branch_id: w.main, group_id: w.groups.north })).status).toBe(404);
    const bad = await stats({ branch_id: 'main' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('branch_id');
  });
});
