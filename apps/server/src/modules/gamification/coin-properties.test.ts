import { Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { selectRows } from '../../db/client.js';
import { inCompany } from '../../platform/tenancy.js';
import { createStaff } from '../../seed/users-factories.js';
import { nextPhone } from '../groups/groups-test-world.js';
import { atTashkent, clock } from '../lessons/lessons-test-world.js';
import { settleRuleAward } from './coin-ledger.js';
import { coinsOfTheDayFor } from './daily.js';
import { createGamificationWorld, type GamificationWorld } from './gamification-test-world.js';

const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: GamificationWorld;
let second: { id: number; token: string };

beforeAll(async () => {
  atTashkent('2026-11-18', '09:30');
  w = await createGamificationWorld(app, database.db);
  const phone = nextPhone();
  // A second student who logs in (createStaff gives a password, here with the student's role only).
  const id = await createStaff(database.db, w.company.id, {
    name: 'Second Buyer',
    phone,
    branchIds: [w.main],
    roles: [Role.student],
  });
  second = { id, token: await loginAs(app, w.sub, phone) };
});

/** Per student: his entries' sum, and the prices of his pending orders, read straight from the tables. */
async function ledgerOf(studentId: number) {
  const [row] = await inCompany(database.db, w.company.id, (tx) =>
    selectRows<{ entries: string; pending: string }>(
      tx,
      sql`select (select coalesce(sum(amount), 0) from coin_entries where student_id = ${studentId}) as entries,
        (select coalesce(sum(price), 0) from shop_orders where student_id = ${studentId} and status = 0) as pending`,
    ),
  );
  return { entries: Number(row?.entries), pending: Number(row?.pending) };
}

interface Placed {
  id: number;
  code: string;
  studentId: number;
  token: string;
  price: number;
  state: 'pending' | 'confirmed' | 'cancelled';
}

const step = fc.oneof(
  fc.record({ op: fc.constant('give' as const), who: fc.nat(1), amount: fc.integer({ min: -30, max: 40 }) }),
  fc.record({ op: fc.constant('order' as const), who: fc.nat(1), product: fc.nat(2) }),
  fc.record({ op: fc.constant('confirm' as const), pick: fc.nat(9) }),
  fc.record({ op: fc.constant('cancel' as const), pick: fc.nat(9), byStudent: fc.boolean() }),
);

describe('the coin ledger under random use', () => {
  it('keeps every balance the sum of its entries, never below zero, and refuses exactly what the model refuses', {
    timeout: 120_000,
  }, async () => {
    const students = () => [
      { id: w.student.id, token: w.studentToken },
      { id: second.id, token: second.token },
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await w.reset();
        await w.saveRules({ employees_give: true });
        const prices = [5, 20, 35];
        const products = [];
        for (const price of prices) products.push(await w.addProduct({ price }));
        const model = new Map(students().map((s) => [s.id, 0]));
        const orders: Placed[] = [];
        for (const s of steps) {
          if (s.op === 'give') {
            if (s.amount === 0) continue;
            const student = students()[s.who]!;
            const res = await w.api(w.tokens.admin, 'POST', `/gamification/coins/${student.id}`, {
              amount: s.amount,
              reason: 'Property',
            });
            const enough = model.get(student.id)! + s.amount >= 0;
            expect(res.status).toBe(enough ? 200 : 422);
            if (enough) model.set(student.id, model.get(student.id)! + s.amount);
          } else if (s.op === 'order') {
            const student = students()[s.who]!;
            const price = prices[s.product]!;
            const res = await w.api(student.token, 'POST', '/gamification/shop/orders', {
              product_id: products[s.product]!.id,
            });
            const enough = model.get(student.id)! >= price;
            expect(res.status).toBe(enough ? 200 : 422);
            if (!enough) continue;
            model.set(student.id, model.get(student.id)! - price);
            orders.push({
              id: res.body.id,
              code: res.body.code,
              studentId: student.id,
              token: student.token,
              price,
              state: 'pending',
            });
          } else if (orders.length) {
            const target = orders[s.pick % orders.length]!;
            if (s.op === 'confirm') {
              const res = await w.api(w.tokens.admin, 'POST', `/gamification/orders/${target.id}/confirm`, {
                code: target.code,
              });
              // Pending: handed over; handed over already: the same answer again; cancelled: refused.
              expect(res.status).toBe(target.state === 'cancelled' ? 422 : 200);
              if (target.state === 'pending') target.state = 'confirmed';
            } else {
              const token = s.byStudent ? target.token : w.tokens.admin;
              const url = s.byStudent
                ? `/gamification/shop/orders/${target.id}/cancel`
                : `/gamification/orders/${target.id}/cancel`;
              const res = await w.api(token, 'POST', url);
              // Pending: cancelled, its coins back; cancelled already: the same answer; handed over: refused.
              expect(res.status).toBe(target.state === 'confirmed' ? 422 : 200);
              if (target.state === 'pending') {
                model.set(target.studentId, model.get(target.studentId)! + target.price);
                target.state = 'cancelled';
              }
            }
          }
        }
        for (const student of students()) {
          const { entries, pending } = await ledgerOf(student.id);
          const account = await w.api(w.tokens.admin, 'GET', `/gamification/coins/${student.id}`);
          expect(account.body.balance).toBe(entries);
          expect(entries).toBe(model.get(student.id));
          expect(entries).toBeGreaterThanOrEqual(0);
          expect(account.body.reserved).toBe(pending);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('automatic awards with several runners', () => {
  it('books each award once when two runners settle the same causes at the same time', async () => {
    await w.reset();
    await w.saveRules({ birthday: { on: true, amount: 100 } });
    await inCompany(database.db, w.company.id, (tx) =>
      tx.execute(sql`update users set birthday = '2011-03-08' where id in (${w.student.id}, ${second.id})`),
    );
    const runs = await Promise.all([
      coinsOfTheDayFor(app, w.company.id, '2027-03-08'),
      coinsOfTheDayFor(app, w.company.id, '2027-03-08'),
    ]);
    expect(runs[0] + runs[1]).toBe(2);
    const award = (tx: Parameters<Parameters<typeof inCompany>[2]>[0]) =>
      settleRuleAward(tx, w.company.id, {
        studentId: second.id,
        rule: 'attendance_present',
        cause: 'att:test:concurrent',
        held: true,
        amount: 5,
        reason: 'test',
        authorId: null,
      });
    const given = await Promise.all([
      inCompany(database.db, w.company.id, award),
      inCompany(database.db, w.company.id, award),
      inCompany(database.db, w.company.id, award),
    ]);
    expect(given.filter((amount) => amount > 0)).toEqual([5]);
    expect((await ledgerOf(w.student.id)).entries).toBe(100);
    expect((await ledgerOf(second.id)).entries).toBe(105);
  });
});
