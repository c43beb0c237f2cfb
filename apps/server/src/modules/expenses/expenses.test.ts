import { HistoryEvent } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createExpensesWorld, type ExpensesWorld } from './expenses-test-world.js';

const { app, database } = await openTestApp();
let w: ExpensesWorld;
let other: ExpensesWorld;

beforeAll(async () => {
  w = await createExpensesWorld(app, database.db);
  other = await createExpensesWorld(app, database.db, 'other-expenses');
});

describe('POST /expense', () => {
  it('books the expense as a negative ledger entry of the branch and writes the history', async () => {
    const res = await w.api(
      w.tokens.cashier,
      'POST',
      '/expense',
      w.expenseBody({ amount: 3_200_000, method: 'transfer', payee: ' Landlord LLC ', comment: 'March rent' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      branch_id: w.main,
      category: 'rent',
      type: null,
      amount: 3_200_000,
      date: '2026-03-05',
      method: 'transfer',
      payee: 'Landlord LLC',
      payee_user: null,
      comment: 'March rent',
      author: { name: 'Aziza Nurmatova' },
    });
    const { booked, reversals } = await w.ledgerOf(res.body.id);
    expect(reversals).toHaveLength(0);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      id: res.body.entry_id,
      kind: 'expense',
      amount: -3_200_000,
      branchId: w.main,
      studentId: null,
      method: 'transfer',
      entryDate: '2026-03-05',
    });
    const events = await w.historyOf('expense', res.body.id);
    expect(events.map((e) => e.type)).toEqual([HistoryEvent.expenseCreated]);
    expect(events[0]?.data).toMatchObject({ amount: 3_200_000, category: 'rent', entry_id: res.body.entry_id });
  });

  it('takes an own expense type instead of a category, and an employee of the branch as the payee', async () => {
    const type = await w.createType('Internet');
    const res = await w.api(
      w.tokens.owner,
      'POST',
      '/expense',
      w.expenseBody({ category: null, type_id: type.id, payee_user_id: w.teacher }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      category: null,
      type: { id: type.id, name: 'Internet' },
      payee: null,
      payee_user: { id: w.teacher, name: 'Payee Teacher' },
    });
  });

  it('books once for a repeated Idempotency-Key and answers the repeat with the first answer', async () => {
    const before = await w.expenseCashOf(w.north);
    const body = w.expenseBody({ branch_id: w.north, amount: 150_000, category: 'office' });
    const first = await w.api(w.tokens.cashier, 'POST', '/expense', body, { 'idempotency-key': 'stationery-1' });
    const again = await w.api(w.tokens.cashier, 'POST', '/expense', body, { 'idempotency-key': 'stationery-1' });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await w.expenseCashOf(w.north)).toBe(before - 150_000);
    const list = await w.api(w.tokens.cashier, 'GET', `/expense?branch_id=${w.north}&category=office`);
    expect(list.body.data.map((e: { id: number }) => e.id)).toEqual([first.body.id]);
    const reused = await w.api(
      w.tokens.cashier,
      'POST',
      '/expense',
      { ...body, amount: 1 },
      {
        'idempotency-key': 'stationery-1',
      },
    );
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
  });

  it.each([
    [{ amount: 0 }, 'amount', 'too_small'],
    [{ amount: -5 }, 'amount', 'too_small'],
    [{ amount: 10.5 }, 'amount', 'invalid_type'],
    [{ date: '05.03.2026' }, 'date', 'invalid_format'],
    [{ method: 'barter' }, 'method', 'invalid_value'],
    [{ category: 'parties' }, 'category', 'invalid_value'],
    [{ category: null }, 'category', 'required'],
    [{ type_id: 999_999 }, 'type_id', 'exclusive'],
    [{ category: null, type_id: 999_999 }, 'type_id', 'not_found'],
    [{ payee: 'Someone', payee_user_id: 1 }, 'payee', 'exclusive'],
    [{ comment: 'x'.repeat(501) }, 'comment', 'too_big'],
  ])('refuses %j naming the field', async (overrides, field, rule) => {
    const res = await w.api(w.tokens.cashier, 'POST', '/expense', w.expenseBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field }));
    expect(res.body.error.details.find((d: { field: string }) => d.field === field).rule).toBe(rule);
  });

  it('refuses a student, another branch’s employee or another company’s user as the payee', async () => {
    for (const payee of [w.student, other.teacher]) {
      const res = await w.api(w.tokens.cashier, 'POST', '/expense', w.expenseBody({ payee_user_id: payee }));
      expect(res.status).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ field: 'payee_user_id', rule: 'not_found' });
    }
    const north = await w.api(
      w.tokens.cashier,
      'POST',
      '/expense',
      w.expenseBody({ branch_id: w.north, payee_user_id: w.teacher }),
    );
    expect(north.body.error.details[0]).toMatchObject({ field: 'payee_user_id' });
  });

  it("refuses another company's expense type as if it did not exist", async () => {
    const theirs = await other.createType('Their type');
    const res = await w.api(
      w.tokens.cashier,
      'POST',
      '/expense',
      w.expenseBody({ category: null, type_id: theirs.id }),
    );
    expect(res.body.error.details[0]).toMatchObject({ field: 'type_id', rule: 'not_found' });
  });

  it('refuses a deactivated type for a new expense', async () => {
    const type = await w.createType('Old courier');
    await w.api(w.tokens.cashier, 'PUT', `/expense_types/${type.id}`, { name: 'Old courier', active: false });
    const res = await w.api(w.tokens.cashier, 'POST', '/expense', w.expenseBody({ category: null, type_id: type.id }));
    expect(res.body.error.details[0]).toMatchObject({ field: 'type_id', rule: 'inactive' });
  });

  it('refuses roles outside finance, and a cashier in a branch he does not work in', async () => {
    for (const token of [w.tokens.teacher, w.tokens.marketer, w.tokens.admin]) {
      const res = await w.api(token, 'POST', '/expense', w.expenseBody());
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const res = await w.api(w.tokens.mainCashier, 'POST', '/expense', w.expenseBody({ branch_id: w.north }));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('branch_forbidden');
    const foreignBranch = await w.api(w.tokens.owner, 'POST', '/expense', w.expenseBody({ branch_id: other.main }));
    expect(foreignBranch.body.error.code).toBe('branch_forbidden');
  });
});

describe('PUT /expense/{id}', () => {
  it('reverses the old entry and books a new one when the money changes, keeping both', async () => {
    const expense = await w.createExpense({ amount: 1_000_000 });
    const res = await w.api(w.tokens.cashier, 'PUT', `/expense/${expense.id}`, {
      ...w.expenseBody({ amount: 1_200_000, method: 'card' }),
      reason: 'Typed the wrong sum',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expense.id, amount: 1_200_000, method: 'card' });
    expect(res.body.entry_id).not.toBe(expense.entry_id);
    const { booked, reversals } = await w.ledgerOf(expense.id);
    expect(booked.map((e) => e.amount)).toEqual([-1_000_000, -1_200_000]);
    expect(reversals).toEqual([
      expect.objectContaining({ reversesId: expense.entry_id, amount: 1_000_000, reason: 'Typed the wrong sum' }),
    ]);
    const events = await w.historyOf('expense', expense.id);
    expect(events.map((e) => e.type)).toEqual([HistoryEvent.expenseCreated, HistoryEvent.expenseEdited]);
    expect(events[1]?.data).toMatchObject({
      before: { amount: 1_000_000, method: 'cash' },
      after: { amount: 1_200_000, method: 'card' },
      reason: 'Typed the wrong sum',
    });
  });

  it('books nothing when only the description changes', async () => {
    const expense = await w.createExpense();
    const res = await w.api(w.tokens.cashier, 'PUT', `/expense/${expense.id}`, {
      ...w.expenseBody({ category: 'household', comment: 'Cleaning', payee: 'Shop' }),
    });
    expect(res.body).toMatchObject({ category: 'household', comment: 'Cleaning', payee: 'Shop' });
    expect(res.body.entry_id).toBe(expense.entry_id);
    const { booked, reversals } = await w.ledgerOf(expense.id);
    expect([booked.length, reversals.length]).toEqual([1, 0]);
  });

  it('moves the money between branches by a reversal in the old one and an entry in the new one', async () => {
    const [mainBefore, northBefore] = [await w.expenseCashOf(w.main), await w.expenseCashOf(w.north)];
    const expense = await w.createExpense({ amount: 400_000 });
    await w.api(
      w.tokens.owner,
      'PUT',
      `/expense/${expense.id}`,
      w.expenseBody({ amount: 400_000, branch_id: w.north }),
    );
    expect(await w.expenseCashOf(w.main)).toBe(mainBefore);
    expect(await w.expenseCashOf(w.north)).toBe(northBefore - 400_000);
  });

  it('keeps a type that was deactivated after the expense was booked', async () => {
    const type = await w.createType('Generator fuel');
    const expense = await w.createExpense({ category: null, type_id: type.id });
    await w.api(w.tokens.cashier, 'PUT', `/expense_types/${type.id}`, { name: 'Generator fuel', active: false });
    const res = await w.api(w.tokens.cashier, 'PUT', `/expense/${expense.id}`, {
      ...w.expenseBody({ category: null, type_id: type.id, comment: 'Still fuel' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.type).toEqual({ id: type.id, name: 'Generator fuel' });
  });

  it('refuses other roles, other branches, other companies and bad input', async () => {
    const expense = await w.createExpense({ branch_id: w.north });
    const body = w.expenseBody({ branch_id: w.north });
    expect((await w.api(w.tokens.teacher, 'PUT', `/expense/${expense.id}`, body)).status).toBe(403);
    expect((await w.api(w.tokens.marketer, 'PUT', `/expense/${expense.id}`, body)).status).toBe(403);
    const branch = await w.api(w.tokens.mainCashier, 'PUT', `/expense/${expense.id}`, w.expenseBody());
    expect(branch.body.error.code).toBe('branch_forbidden');
    const mine = await w.createExpense();
    const moveAway = await w.api(w.tokens.mainCashier, 'PUT', `/expense/${mine.id}`, body);
    expect(moveAway.body.error.code).toBe('branch_forbidden');
    const theirs = await other.createExpense();
    expect((await w.api(w.tokens.owner, 'PUT', `/expense/${theirs.id}`, w.expenseBody())).status).toBe(404);
    const bad = await w.api(w.tokens.cashier, 'PUT', `/expense/${expense.id}`, { ...body, amount: 0 });
    expect(bad.status).toBe(400);
    expect((await w.ledgerOf(expense.id)).booked).toHaveLength(1);
  });
});

describe('DELETE /expense/{id}', () => {
  it('reverses the entry, hides the expense and keeps its row; a second delete is 404', async () => {
    const cashBefore = await w.expenseCashOf(w.main);
    const expense = await w.createExpense({ amount: 90_000, category: 'household' });
    expect(await w.expenseCashOf(w.main)).toBe(cashBefore - 90_000);
    const res = await w.api(w.tokens.cashier, 'DELETE', `/expense/${expense.id}?reason=Booked twice`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await w.expenseCashOf(w.main)).toBe(cashBefore);
    const { reversals } = await w.ledgerOf(expense.id);
    expect(reversals).toEqual([expect.objectContaining({ amount: 90_000, reason: 'Booked twice' })]);
    const list = await w.api(w.tokens.cashier, 'GET', `/expense?branch_id=${w.main}&per_page=500`);
    expect(list.body.data.map((e: { id: number }) => e.id)).not.toContain(expense.id);
    expect((await w.api(w.tokens.cashier, 'DELETE', `/expense/${expense.id}`)).status).toBe(404);
    expect((await w.api(w.tokens.cashier, 'PUT', `/expense/${expense.id}`, w.expenseBody())).status).toBe(404);
    const events = await w.historyOf('expense', expense.id);
    expect(events.at(-1)).toMatchObject({ type: HistoryEvent.expenseDeleted, data: { reason: 'Booked twice' } });
  });

  it('keeps a stable reason on the reversal when the user gives none', async () => {
    const expense = await w.createExpense();
    await w.api(w.tokens.cashier, 'DELETE', `/expense/${expense.id}`);
    expect((await w.ledgerOf(expense.id)).reversals[0]?.reason).toBe('expense_delete');
  });

  it('refuses other roles, other branches and other companies', async () => {
    const expense = await w.createExpense({ branch_id: w.north });
    expect((await w.api(w.tokens.teacher, 'DELETE', `/expense/${expense.id}`)).status).toBe(403);
    expect((await w.api(w.tokens.marketer, 'DELETE', `/expense/${expense.id}`)).status).toBe(403);
    const branch = await w.api(w.tokens.mainCashier, 'DELETE', `/expense/${expense.id}`);
    expect(branch.status).toBe(403);
    expect(branch.body.error.code).toBe('branch_forbidden');
    const theirs = await other.createExpense();
    expect((await w.api(w.tokens.owner, 'DELETE', `/expense/${theirs.id}`)).status).toBe(404);
    expect((await w.ledgerOf(expense.id)).reversals).toHaveLength(0);
  });
});

describe('GET /expense/payees', () => {
  it("lists the branch's employees but no student, and refuses a branch not the caller's", async () => {
    const res = await w.api(w.tokens.mainCashier, 'GET', `/expense/payees?branch_id=${w.main}`);
    expect(res.status).toBe(200);
    const names = res.body.data.map((p: { name: string }) => p.name);
    expect(names).toContain('Payee Teacher');
    expect(names).toContain('Main Cashier');
    expect(names).not.toContain('Not A Payee');
    expect(names).not.toContain('Ali Valiyev');
    const north = await w.api(w.tokens.mainCashier, 'GET', `/expense/payees?branch_id=${w.north}`);
    expect(north.body.error.code).toBe('branch_forbidden');
    expect((await w.api(w.tokens.teacher, 'GET', `/expense/payees?branch_id=${w.main}`)).status).toBe(403);
  });
});
