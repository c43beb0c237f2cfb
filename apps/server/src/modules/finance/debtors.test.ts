import { type Debtor, Role, StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, loginAs, openTestDatabase } from '../../../test/helpers.js';
import { createUser } from '../../seed/factories.js';
import { noonOf } from '../billing/billing-test-world.js';
import { createDebtorsWorld, type DebtorsWorld, debtorPhone } from './debtors-test-world.js';

/**
 * POST /user/debtors/{list}/{branch_id} on a known centre: 600 000 sum a month, 12 held
 * lessons in March 2025 (one lesson = 50 000), today Saturday 15 March, March charged.
 */
const database = await openTestDatabase();
const app = await buildTestApp(database, { clock: () => noonOf('2025-03-15') });
await app.ready();

let w: DebtorsWorld;
const people: Record<string, { id: number; name: string; phone: string }> = {};
let otherGroup: number;

beforeAll(async () => {
  w = await createDebtorsWorld(app, database.db);
  otherGroup = await w.createGroup();
  // Debtors.
  people.aziz = await w.student('Aziz Owes-All'); // nothing paid: −600 000
  people.bobur = await w.student('Bobur Part-Paid'); // 450 000 paid, 50 000 refunded: −200 000
  people.dilnoza = await w.student('Dilnoza General'); // 560 000 to his general balance: −40 000
  people.ilhom = await w.student('Ilhom Discount', { exception: 300_000 }); // individual 300 000: −300 000
  people.jasur = await w.student('Jasur Other-Group', { group: otherGroup }); // −600 000 in the other group
  // Balance not enough for April's 600 000 (or 300 000 at his individual price).
  people.farrukh = await w.student('Farrukh Zero'); // paid 600 000: 0
  people.gulnora = await w.student('Gulnora Short'); // paid 900 000: +300 000
  people.hamid = await w.student('Hamid Discount-Zero', { exception: 300_000 }); // paid 300 000: 0
  // Neither.
  people.elyor = await w.student('Elyor Paid-Ahead'); // paid 1 200 000: +600 000, enough for April
  people.kamola = await w.student('Kamola Frozen', { status: StudentStatus.frozen }); // never charged
  people.lola = await w.student('Lola Second-Branch', { branch: w.branchIds[1] }); // −600 000 in the other branch
  await w.run('2025-03-15');

  const g = w.groupId;
  await w.pay(people.bobur!, 450_000, '2025-03-10', g);
  await w.refund(people.bobur!, 50_000, '2025-03-12', g);
  await w.pay(people.dilnoza!, 560_000, '2025-03-10');
  await w.pay(people.farrukh!, 600_000, '2025-03-10', g);
  await w.pay(people.gulnora!, 900_000, '2025-03-10', g);
  await w.pay(people.hamid!, 300_000, '2025-03-10', g);
  await w.pay(people.elyor!, 1_200_000, '2025-03-10', g);
});

const list = (name: string, body: Record<string, unknown> = {}, token = w.tokens.admin, branch = w.branchId) =>
  w.api('POST', `/user/debtors/${name}/${branch}`, body, token);
const names = (data: Debtor[]) => data.map((d) => d.student.name);

describe('the debtors list', () => {
  it("lists the branch's students below zero, deepest debt first, with exact balances and the total debt", async () => {
    const res = await list('list');
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual([
      'Aziz Owes-All',
      'Jasur Other-Group',
      'Ilhom Discount',
      'Bobur Part-Paid',
      'Dilnoza General',
    ]);
    expect(res.body.data.map((d: Debtor) => d.balance)).toEqual([-600_000, -600_000, -300_000, -200_000, -40_000]);
    expect(res.body.total_debt).toBe(-1_740_000);
    expect(res.body.total_shortfall).toBeNull();
    expect(res.body.pagination).toMatchObject({ total: 5, current_page: 1, total_pages: 1 });
  });

  it("counts each group's debt in that group's lessons for that student, rounded up", async () => {
    const res = await list('list');
    const of = (name: string) => (res.body.data as Debtor[]).find((d) => d.student.name === name)!;
    expect(of('Aziz Owes-All').groups).toEqual([
      {
        group: { id: w.groupId, title: expect.any(String) },
        balance: -600_000,
        lesson_price: 50_000,
        debt: 600_000,
        debt_lessons: 12,
        next_charge: { date: '2025-04-01', amount: 600_000 },
      },
    ]);
    expect(of('Bobur Part-Paid').groups[0]).toMatchObject({ balance: -200_000, debt: 200_000, debt_lessons: 4 });
    // His individual price: a lesson is 300 000 ÷ 12.
    expect(of('Ilhom Discount').groups[0]).toMatchObject({
      lesson_price: 25_000,
      debt_lessons: 12,
      next_charge: { date: '2025-04-01', amount: 300_000 },
    });
    // The group says −600 000, but 560 000 paid to his general balance covers most of it: 40 000 is 0.8 of a lesson.
    expect(of('Dilnoza General').groups[0]).toMatchObject({ balance: -600_000, debt: 40_000, debt_lessons: 1 });
    expect(of('Dilnoza General').next_charge).toBe(600_000);
  });

  it('pages, searches by name or phone digits, and narrows to a group', async () => {
    const first = await list('list', { per_page: 2 });
    expect(names(first.body.data)).toEqual(['Aziz Owes-All', 'Jasur Other-Group']);
    expect(first.body.pagination).toMatchObject({ total: 5, per_page: 2, total_pages: 3, count: 2 });
    expect(first.body.total_debt).toBe(-1_740_000);
    const third = await list('list', { per_page: 2, page: 3 });
    expect(names(third.body.data)).toEqual(['Dilnoza General']);

    expect(names((await list('list', { name_or_phone: 'bobur' })).body.data)).toEqual(['Bobur Part-Paid']);
    const digits = people.ilhom!.phone.slice(-6);
    expect(names((await list('list', { name_or_phone: digits })).body.data)).toEqual(['Ilhom Discount']);
    // Text that is not written like a phone searches names only: "x97" is no phone search (every phone has 97).
    expect((await list('list', { name_or_phone: 'x97' })).body.data).toEqual([]);
    expect(
      (await list('list', { name_or_phone: `+${people.aziz!.phone.slice(0, 2)} ${people.aziz!.phone.slice(2)}` })).body
        .data,
    ).toHaveLength(1);
    const grouped = await list('list', { group_id: otherGroup });
    expect(names(grouped.body.data)).toEqual(['Jasur Other-Group']);
    expect(grouped.body.total_debt).toBe(-600_000);
  });

  // Malika stays at 0 after this test: the not-enough list below counts her.
  it('drops a debtor who pays and lists a student a write-off puts below zero', async () => {
    const student = await w.student('Malika Late');
    await w.billAgain('2025-03-15'); // her March, as the day's run would have charged it
    expect(names((await list('list')).body.data)).toContain('Malika Late');
    await w.pay(student, 600_000, '2025-03-14', w.groupId);
    expect(names((await list('list')).body.data)).not.toContain('Malika Late');
    await w.api('POST', `/write-off/custom/${student.id}`, { amount: 70_000, date: '2025-03-15', comment: 'Books' });
    const after = await list('list', { name_or_phone: 'Malika' });
    expect(after.body.data).toHaveLength(1);
    expect(after.body.data[0]).toMatchObject({ balance: -70_000 });
    await w.pay(student, 70_000, '2025-03-15', w.groupId);
    expect((await list('list', { name_or_phone: 'Malika' })).body.data).toEqual([]);
  });
});

describe('the balance-not-enough list', () => {
  it('lists students at zero or above whose balance does not cover their next charge, largest shortfall first', async () => {
    const res = await list('not-enough');
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(['Farrukh Zero', 'Malika Late', 'Gulnora Short', 'Hamid Discount-Zero']);
    const of = (name: string) => (res.body.data as Debtor[]).find((d) => d.student.name === name)!;
    expect(of('Farrukh Zero')).toMatchObject({ balance: 0, next_charge: 600_000 });
    expect(of('Gulnora Short')).toMatchObject({ balance: 300_000, next_charge: 600_000 });
    expect(of('Gulnora Short').groups[0]).toMatchObject({
      balance: 300_000,
      debt: 0,
      debt_lessons: 0,
      next_charge: { date: '2025-04-01', amount: 600_000 },
    });
    expect(of('Hamid Discount-Zero')).toMatchObject({ balance: 0, next_charge: 300_000 });
    // 600 000 + 600 000 + 300 000 + 300 000.
    expect(res.body.total_shortfall).toBe(1_800_000);
    expect(res.body.total_debt).toBe(0);
    // Paid ahead (enough), frozen (nothing to charge) and debtors are not listed.
    for (const name of ['Elyor Paid-Ahead', 'Kamola Frozen', 'Aziz Owes-All'])
      expect(names(res.body.data)).not.toContain(name);
  });

  it('pages and searches like the debtors list', async () => {
    const second = await list('not-enough', { per_page: 3, page: 2 });
    expect(names(second.body.data)).toEqual(['Hamid Discount-Zero']);
    expect(second.body.pagination).toMatchObject({ total: 4, total_pages: 2, count: 1 });
    expect(names((await list('not-enough', { name_or_phone: 'gulnora' })).body.data)).toEqual(['Gulnora Short']);
  });

  it('follows the payment mode: by day the next charge is the next lesson', async () => {
    const byDay = await createDebtorsWorld(app, database.db, { mode: 'by_day', lessonsPerMonth: 'dynamic' });
    const zero = await byDay.student('Nodir By-Day');
    await byDay.run('2025-03-15');
    await byDay.pay(zero, 300_000, '2025-03-10'); // six lessons 3–14 March charged: 300 000, paid: 0 left
    const res = await byDay.api('POST', `/user/debtors/not-enough/${byDay.branchId}`, {});
    expect(res.body.data).toEqual([expect.objectContaining({ balance: 0, next_charge: 50_000 })]);
    expect(res.body.data[0].groups[0].next_charge).toEqual({ date: '2025-03-17', amount: 50_000 });
  });
});

describe('refusals', () => {
  it('refuses a teacher, a branch the caller does not work in, and names no other list', async () => {
    expect((await list('list', {}, w.tokens.teacher)).status).toBe(403);
    expect((await list('not-enough', {}, w.tokens.teacher)).status).toBe(403);
    const phone = debtorPhone();
    await createUser(database.db, w.companyId, {
      name: 'Main Cashier',
      phone,
      roles: [Role.cashier],
      branchIds: [w.branchId],
    });
    const mainOnly = await loginAs(app, w.subdomain, phone);
    const res = await list('list', {}, mainOnly, w.branchIds[1]);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('branch_forbidden');
    expect((await list('not-enough', {}, mainOnly)).status).toBe(200);
    const unknown = await list('everyone');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const bad = await list('list', { per_page: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('per_page');
  });

  it("answers 404 for another company's branch", async () => {
    const other = await createDebtorsWorld(app, database.db);
    const res = await call(app, {
      method: 'POST',
      url: `/api/v1/user/debtors/list/${other.branchId}`,
      sub: w.subdomain,
      token: w.tokens.admin,
      body: {},
    });
    expect(res.status).toBe(404);
  });
});
