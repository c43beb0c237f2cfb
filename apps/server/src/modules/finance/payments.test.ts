import { HistoryEvent, Role } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp } from '../../../test/helpers.js';
import { selectRows } from '../../db/client.js';
import { historyEvents, ledgerEntries } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createUser } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { createGroupsWorld, type GroupsWorld, nextPhone } from '../groups/groups-test-world.js';

const { app, database } = await openTestApp();
let w: GroupsWorld;
let group: number;
let otherGroup: number;

beforeAll(async () => {
  w = await createGroupsWorld(app, database.db);
  group = await createGroupRow(database.db, w.company.id, {
    branchId: w.main,
    courseId: w.english,
    teacherId: w.teachers.a,
    startDate: '2026-11-02',
  });
  otherGroup = await createGroupRow(database.db, w.company.id, {
    branchId: w.main,
    courseId: w.math,
    teacherId: w.teachers.b,
    startDate: '2026-11-02',
  });
  await addStudentToGroupRow(database.db, w.company.id, group, w.students[0]!, { createdDate: '2026-11-02' });
});

/** A fresh student with no money history, so each test reads its own balance. */
const freshStudent = () =>
  createStudent(database.db, w.company.id, { name: 'Payer', phone: nextPhone(), branchIds: [w.main] });

const post = (token: string, url: string, body: unknown, key?: string) =>
  call(app, {
    method: 'POST',
    url: `/api/v1${url}`,
    sub: w.sub,
    token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });
const cashier = () => w.tokens.admin;
const balanceOf = async (student: number) =>
  (await w.api(w.tokens.admin, 'GET', `/user/${student}/balance`)).body as { balance: number; general: number };
const payment = (student: number, amount = 300_000, extra: Record<string, unknown> = {}) => ({
  student_id: student,
  amount,
  date: '2026-11-20',
  method: 'cash',
  ...extra,
});

describe('payments', () => {
  it("books a payment, raises the student's balance and writes 'balance top-up' to the history", async () => {
    const student = await freshStudent();
    const res = await post(cashier(), '/payment', payment(student, 450_000, { comment: 'November' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'payment', amount: 450_000, method: 'cash', reversed_by_id: null });
    expect(res.body.student).toMatchObject({ id: student, name: 'Payer' });
    expect((await balanceOf(student)).balance).toBe(450_000);
    const events = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.entityId, student), eq(historyEvents.type, HistoryEvent.balanceTopUp))),
    );
    expect(events).toHaveLength(1);
    const receipt = await w.api(w.tokens.admin, 'GET', `/payment/${res.body.id}`);
    expect(receipt.body).toMatchObject({ id: res.body.id, amount: 450_000 });
  });

  it('books a payment for a group the student is in, and refuses one he is not in', async () => {
    const res = await post(cashier(), '/payment', payment(w.students[0]!, 100_000, { group_id: group }));
    expect(res.status).toBe(200);
    expect(res.body.group).toMatchObject({ id: group });
    const balance = (await w.api(w.tokens.admin, 'GET', `/user/${w.students[0]}/balance`)).body;
    expect(balance.groups).toEqual([expect.objectContaining({ balance: 100_000 })]);
    const wrong = await post(cashier(), '/payment', payment(w.students[0]!, 100_000, { group_id: otherGroup }));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('student_not_in_group');
  });

  it("takes a payment at the cash desk of a chosen branch of the student's, and refuses any other", async () => {
    const student = await createStudent(database.db, w.company.id, {
      name: 'Two Branches',
      phone: nextPhone(),
      branchIds: [w.main, w.north],
    });
    const atNorth = await post(w.tokens.owner, '/payment', payment(student, 70_000, { branch_id: w.north }));
    expect(atNorth.status).toBe(200);
    expect(atNorth.body.branch_id).toBe(w.north);
    const northPayments = await w.api(w.tokens.owner, 'GET', `/payment?branch_id=${w.north}&student_id=${student}`);
    expect(northPayments.body.data.map((p: { id: number }) => p.id)).toEqual([atNorth.body.id]);
    const phone = nextPhone();
    await createUser(database.db, w.company.id, {
      name: 'Main Cashier',
      phone,
      roles: [Role.cashier],
      branchIds: [w.main],
    });
    const mainCashier = await loginAs(app, w.sub, phone);
    const notHis = await post(mainCashier, '/payment', payment(student, 70_000, { branch_id: w.north }));
    expect(notHis.status).toBe(403);
    expect((await post(mainCashier, '/payment', payment(student, 70_000, { branch_id: w.main }))).status).toBe(200);
    const lone = await freshStudent();
    const notTheStudents = await post(w.tokens.owner, '/payment', payment(lone, 70_000, { branch_id: w.north }));
    expect(notTheStudents.status).toBe(400);
    expect(notTheStudents.body.error.details).toEqual([expect.objectContaining({ field: 'branch_id' })]);
    const notTheGroups = await post(
      w.tokens.owner,
      '/payment',
      payment(w.students[0]!, 70_000, { group_id: group, branch_id: w.north }),
    );
    expect(notTheGroups.status).toBe(400);
    expect((await balanceOf(lone)).balance).toBe(0);
  });

  it('refuses a zero amount, a fraction, a teacher and a marketer', async () => {
    const student = await freshStudent();
    const zero = await post(cashier(), '/payment', payment(student, 0));
    expect(zero.status).toBe(400);
    expect(zero.body.error.details[0].field).toBe('amount');
    expect((await post(cashier(), '/payment', payment(student, 10.5))).status).toBe(400);
    expect((await post(w.tokens.teacher, '/payment', payment(student))).status).toBe(403);
    const marketer = await w.api(w.tokens.limitedAdmin, 'POST', '/payment', payment(student));
    expect(marketer.status).toBe(403);
    expect((await balanceOf(student)).balance).toBe(0);
  });

  it('cancels a payment by a reversal with its reason, once', async () => {
    const student = await freshStudent();
    const paid = (await post(cashier(), '/payment', payment(student, 200_000))).body;
    const cancel = await w.api(
      w.tokens.admin,
      'DELETE',
      `/payment/${paid.id}?reason=${encodeURIComponent('Wrong student')}`,
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ amount: -200_000, reverses_id: paid.id, reason: 'Wrong student' });
    expect((await balanceOf(student)).balance).toBe(0);
    const again = await w.api(w.tokens.admin, 'DELETE', `/payment/${paid.id}?reason=again`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_reversed');
    const ofReversal = await w.api(w.tokens.admin, 'DELETE', `/payment/${cancel.body.id}?reason=x`);
    expect(ofReversal.body.error.code).toBe('not_a_payment');
    const noReason = await w.api(w.tokens.admin, 'DELETE', `/payment/${paid.id}`);
    expect(noReason.status).toBe(400);
  });

  it('edits a payment by reversing it and booking the new one; both stay in the ledger', async () => {
    const student = await freshStudent();
    const paid = (await post(cashier(), '/payment', payment(student, 200_000))).body;
    const edited = await w.api(w.tokens.admin, 'PUT', `/payment/${paid.id}`, {
      amount: 250_000,
      date: '2026-11-21',
      method: 'card',
      reason: 'Typo in the amount',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ amount: 250_000, method: 'card' });
    expect((await balanceOf(student)).balance).toBe(250_000);
    const ledger = (await w.api(w.tokens.admin, 'GET', `/user/${student}/ledger`)).body.data;
    expect(ledger.map((e: { amount: number }) => e.amount).sort()).toEqual([-200_000, 200_000, 250_000].sort());
    expect(ledger.find((e: { id: number }) => e.id === paid.id).reversal).toMatchObject({
      reason: 'Typo in the amount',
    });
  });

  it('lists the branch payments of a period with totals per method, leaving cancelled ones out', async () => {
    const student = await freshStudent();
    await post(cashier(), '/payment', payment(student, 100_000, { date: '2026-10-05', method: 'card' }));
    const cancelled = (await post(cashier(), '/payment', payment(student, 70_000, { date: '2026-10-06' }))).body;
    await w.api(w.tokens.admin, 'DELETE', `/payment/${cancelled.id}?reason=duplicate`);
    const list = await w.api(
      w.tokens.admin,
      'GET',
      `/payment?branch_id=${w.main}&from=2026-10-01&to=2026-10-31&student_id=${student}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.total).toBe(100_000);
    expect(list.body.by_method).toEqual({ card: 100_000 });
    const withCancelled = await w.api(
      w.tokens.admin,
      'GET',
      `/payment?branch_id=${w.main}&from=2026-10-01&to=2026-10-31&student_id=${student}&with_reversed=1`,
    );
    expect(withCancelled.body.data).toHaveLength(2);
    expect(withCancelled.body.total).toBe(100_000);
    const north = await w.api(w.tokens.teacher, 'GET', `/payment?branch_id=${w.north}`);
    expect(north.status).toBe(403);
  });
});

describe('refunds and write-offs', () => {
  it('a refund and a write-off lower the balance; a cancelled write-off gives it back', async () => {
    const student = await freshStudent();
    await post(cashier(), '/payment', payment(student, 500_000));
    const refund = await post(cashier(), '/refund', payment(student, 120_000, { method: 'card' }));
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ kind: 'refund', amount: -120_000 });
    const writeOff = await post(cashier(), `/write-off/custom/${student}`, {
      amount: 80_000,
      date: '2026-11-20',
      comment: 'Books',
    });
    expect(writeOff.body).toMatchObject({ kind: 'write_off', amount: -80_000, comment: 'Books' });
    expect((await balanceOf(student)).balance).toBe(300_000);
    const cancel = await w.api(w.tokens.admin, 'DELETE', `/write-off/${writeOff.body.id}?reason=mistake`);
    expect(cancel.status).toBe(200);
    expect((await balanceOf(student)).balance).toBe(380_000);
    const monthly = (await w.api(w.tokens.admin, 'GET', `/user/${student}/monthly_balance`)).body.data;
    expect(monthly).toEqual([
      {
        month: '2026-11',
        paid: 500_000,
        charged: 0,
        refunded: 120_000,
        written_off: 0,
        corrections: 0,
        closing: 380_000,
      },
    ]);
  });

  it('refuses a write-off without a reason and a refund for another company', async () => {
    const student = await freshStudent();
    const noReason = await post(cashier(), `/write-off/custom/${student}`, { amount: 1000, date: '2026-11-20' });
    expect(noReason.status).toBe(400);
    const other = await createGroupsWorld(app, database.db);
    const foreign = await call(app, {
      method: 'POST',
      url: '/api/v1/refund',
      sub: other.sub,
      token: other.tokens.admin,
      body: payment(student),
    });
    expect(foreign.status).toBe(404);
  });
});

describe('the ledger', () => {
  it('is append-only: the application role may not update or delete an entry', async () => {
    const student = await freshStudent();
    const paid = (await post(cashier(), '/payment', payment(student, 10_000))).body;
    const update = inCompany(database.db, w.company.id, (tx) =>
      tx.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.id, paid.id)),
    );
    const deniedBy = (error: unknown) => String((error as { cause?: unknown }).cause ?? error);
    expect(deniedBy(await update.catch((e) => e))).toMatch(/permission denied/);
    const remove = inCompany(database.db, w.company.id, (tx) =>
      tx.execute(sql`delete from ledger_entries where id = ${paid.id}`),
    );
    expect(deniedBy(await remove.catch((e) => e))).toMatch(/permission denied/);
  });

  it("keeps each student's balance beside it, which the application may read but only move by booking", async () => {
    const student = await freshStudent();
    await post(cashier(), '/payment', payment(student, 25_000));
    await post(cashier(), '/payment', payment(student, 5_000));
    const kept = () =>
      inCompany(database.db, w.company.id, (tx) =>
        selectRows<{ balance: number }>(
          tx,
          sql`select balance::int as balance from student_balances where student_id = ${student}`,
        ),
      );
    expect(await kept()).toEqual([{ balance: 30_000 }]);
    const deniedBy = (error: unknown) => String((error as { cause?: unknown }).cause ?? error);
    const write = inCompany(database.db, w.company.id, (tx) =>
      tx.execute(sql`update student_balances set balance = 0 where student_id = ${student}`),
    );
    expect(deniedBy(await write.catch((e) => e))).toMatch(/permission denied/);
    const writeGroupBalance = inCompany(database.db, w.company.id, (tx) =>
      tx.execute(sql`delete from place_balances where student_id = ${student}`),
    );
    expect(deniedBy(await writeGroupBalance.catch((e) => e))).toMatch(/permission denied/);
    // What the ledger's writers call to move balances adds amounts only within the transaction's own company.
    const elsewhere = inCompany(database.db, w.company.id, (tx) =>
      tx.execute(sql`select add_to_balances(${w.company.id + 1_000_000}, array[${student}]::bigint[],
        array[null]::bigint[], array[1]::bigint[])`),
    );
    expect(deniedBy(await elsewhere.catch((e) => e))).toMatch(/is not the transaction's/);
    expect(await kept()).toEqual([{ balance: 30_000 }]);
  });
});

describe('the Idempotency-Key', () => {
  it('answers a repeat with the first answer and books once; another body with the same key is refused', async () => {
    const student = await freshStudent();
    const first = await post(cashier(), '/payment', payment(student, 90_000), 'pay-once-1');
    const repeat = await post(cashier(), '/payment', payment(student, 90_000), 'pay-once-1');
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(first.body.id);
    expect((await balanceOf(student)).balance).toBe(90_000);
    const other = await post(cashier(), '/payment', payment(student, 91_000), 'pay-once-1');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('takes a cancellation reason in the query as part of the request', async () => {
    const student = await freshStudent();
    const paid = (await post(cashier(), '/payment', payment(student, 5_000))).body;
    const cancel = (reason: string) =>
      call(app, {
        method: 'DELETE',
        url: `/api/v1/payment/${paid.id}?reason=${reason}`,
        sub: w.sub,
        token: cashier(),
        headers: { 'idempotency-key': `cancel-${paid.id}` },
      });
    expect((await cancel('first')).status).toBe(200);
    expect((await cancel('first')).status).toBe(200);
    expect((await cancel('second')).body.error.code).toBe('idempotency_key_reused');
  });

  it('books exactly the distinct payments of 200 sent at once, half of them repeats', async () => {
    const student = await freshStudent();
    const requests = Array.from({ length: 200 }, (_, i) => {
      const n = Math.floor(i / 2); // pairs share a key: 100 distinct payments
      return post(cashier(), '/payment', payment(student, 1_000 + n), `burst-${student}-${n}`);
    });
    const answers = await Promise.all(requests);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(100);
    const expected = Array.from({ length: 100 }, (_, n) => 1_000 + n).reduce((a, b) => a + b, 0);
    expect((await balanceOf(student)).balance).toBe(expected);
  });
});

describe('debtors', () => {
  it("lists the branch's students below zero, deepest debt first, with their group balances", async () => {
    const shallow = await freshStudent();
    const deep = await freshStudent();
    await post(cashier(), `/write-off/custom/${shallow}`, { amount: 10_000, date: '2026-11-20', comment: 'Books' });
    await post(cashier(), `/write-off/custom/${deep}`, { amount: 900_000_000, date: '2026-11-20', comment: 'Course' });
    const res = await w.api(w.tokens.admin, 'POST', `/user/debtors/list/${w.main}`, { per_page: 500 });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((d: { student: { id: number } }) => d.student.id);
    expect(ids[0]).toBe(deep);
    expect(ids).toContain(shallow);
    expect(res.body.data[0].balance).toBe(-900_000_000);
    expect(res.body.total_debt).toBeLessThanOrEqual(-900_010_000);
    const paidUp = await freshStudent();
    expect(ids).not.toContain(paidUp);
  });

  it('refuses a teacher and a branch the caller does not work in', async () => {
    expect((await w.api(w.tokens.teacher, 'POST', `/user/debtors/list/${w.main}`, {})).status).toBe(403);
    const phone = nextPhone();
    await createUser(database.db, w.company.id, {
      name: 'Main-only Cashier',
      phone,
      roles: [Role.cashier],
      branchIds: [w.main],
    });
    const mainOnly = await loginAs(app, w.sub, phone);
    const res = await w.api(mainOnly, 'POST', `/user/debtors/list/${w.north}`, {});
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('branch_forbidden');
    expect((await w.api(mainOnly, 'POST', `/user/debtors/list/${w.main}`, {})).status).toBe(200);
  });
});
