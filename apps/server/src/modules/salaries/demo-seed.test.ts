import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { seedSalariesDemo } from '../../seed/salaries-demo.js';
import { createSalariesWorld, noonOf } from './salaries-test-world.js';

const { app, database } = await openTestApp(undefined, { clock: () => noonOf('2025-04-02') });

describe('the demo salaries', () => {
  it("publish the first branch's last month through the ledger, by the rules the demo sets", async () => {
    const w = await createSalariesWorld(app, database.db, 'seed-salary');
    await w.pay(await w.addStudent(), 600_000, '2025-03-05');
    await seedSalariesDemo(database.db, w.company, { country: 'uz' }, '2025-04-02');
    const list = await w.api(w.tokens.owner, 'GET', `/salaries?branch_id=${w.main}&month=2025-03`);
    // The log-in teacher earns 35 % of the 600 000 paid for his group.
    expect(list.body.data).toEqual([expect.objectContaining({ status: 'published', amount: 210_000 })]);
    expect((await w.salaryEntries()).map((e) => e.amount)).toEqual([-210_000]);
    const mine = await w.api(w.tokens.teacher, 'GET', '/salaries');
    expect(mine.body.total).toBe(210_000);
  });
});
