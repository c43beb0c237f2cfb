import { HistoryEvent } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createExpensesWorld, type ExpensesWorld } from './expenses-test-world.js';

const { app, database } = await openTestApp();
let w: ExpensesWorld;
let other: ExpensesWorld;

beforeAll(async () => {
  w = await createExpensesWorld(app, database.db, 'expense-types');
  other = await createExpensesWorld(app, database.db, 'other-types');
});

const names = (body: { data: { name: string }[] }) => body.data.map((t) => t.name);

describe('expense types', () => {
  it('creates, lists active ones first by name, renames and records each change', async () => {
    const created = await w.api(w.tokens.cashier, 'POST', '/expense_types', { name: '  Water delivery ' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Water delivery',
      active: true,
      usage_count: 0,
      deletable: true,
    });
    await w.createType('Cleaning');
    const inactive = await w.createType('Appliances');
    await w.api(w.tokens.owner, 'PUT', `/expense_types/${inactive.id}`, { name: 'Appliances', active: false });
    const list = await w.api(w.tokens.cashier, 'GET', '/expense_types');
    expect(names(list.body)).toEqual(['Cleaning', 'Water delivery', 'Appliances']);
    expect(names((await w.api(w.tokens.cashier, 'GET', '/expense_types?active=1')).body)).toEqual([
      'Cleaning',
      'Water delivery',
    ]);
    expect(names((await w.api(w.tokens.cashier, 'GET', '/expense_types?active=0')).body)).toEqual(['Appliances']);

    const renamed = await w.api(w.tokens.cashier, 'PUT', `/expense_types/${created.body.id}`, {
      name: 'Drinking water',
    });
    expect(renamed.body).toMatchObject({ name: 'Drinking water', active: true });
    const events = await w.historyOf('expense_type', created.body.id);
    expect(events.every((e) => e.type === HistoryEvent.expenseTypeChanged)).toBe(true);
    expect(events.map((e) => (e.data as { action: string }).action)).toEqual(['created', 'updated']);
  });

  it('refuses a second type with the same name ignoring case, on create and on rename', async () => {
    await w.createType('Security');
    const dup = await w.api(w.tokens.cashier, 'POST', '/expense_types', { name: 'SECURITY' });
    expect(dup.status).toBe(400);
    expect(dup.body.error.details).toEqual([expect.objectContaining({ field: 'name', rule: 'unique' })]);
    const guard = await w.createType('Guard');
    const rename = await w.api(w.tokens.cashier, 'PUT', `/expense_types/${guard.id}`, { name: 'security' });
    expect(rename.body.error.details[0]).toMatchObject({ field: 'name', rule: 'unique' });
    // Keeping one's own name (another case) is no clash.
    expect((await w.api(w.tokens.cashier, 'PUT', `/expense_types/${guard.id}`, { name: 'GUARD' })).status).toBe(200);
    // Another company may use the name.
    expect((await other.api(other.tokens.cashier, 'POST', '/expense_types', { name: 'Security' })).status).toBe(200);
  });

  it.each([
    [{ name: '' }, 'required'],
    [{ name: '   ' }, 'required'],
    [{ name: 'x'.repeat(101) }, 'too_big'],
    [{}, 'required'],
  ])('refuses %j naming the field', async (body, rule) => {
    const res = await w.api(w.tokens.cashier, 'POST', '/expense_types', body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'name', rule }));
  });

  it('deletes an unused type, and only deactivates one that expenses name (deleted ones too)', async () => {
    const unused = await w.createType('Unused');
    const gone = await w.api(w.tokens.cashier, 'DELETE', `/expense_types/${unused.id}`);
    expect(gone.body).toEqual({ ok: true, deactivated: false });
    expect(names((await w.api(w.tokens.cashier, 'GET', '/expense_types')).body)).not.toContain('Unused');

    const used = await w.createType('Taxi');
    const expense = await w.createExpense({ category: null, type_id: used.id });
    const listed = (await w.api(w.tokens.cashier, 'GET', '/expense_types')).body.data.find(
      (t: { id: number }) => t.id === used.id,
    );
    expect(listed).toMatchObject({ usage_count: 1, deletable: false });
    await w.api(w.tokens.cashier, 'DELETE', `/expense/${expense.id}`);
    const kept = await w.api(w.tokens.cashier, 'DELETE', `/expense_types/${used.id}`);
    expect(kept.body).toEqual({ ok: true, deactivated: true });
    const after = (await w.api(w.tokens.cashier, 'GET', '/expense_types?active=0')).body.data;
    expect(after).toContainEqual(expect.objectContaining({ id: used.id, usage_count: 0, active: false }));
    const events = await w.historyOf('expense_type', used.id);
    expect(events.at(-1)?.data).toMatchObject({ action: 'deactivated', name: 'Taxi' });
    // Reactivated, it is offered again.
    await w.api(w.tokens.cashier, 'PUT', `/expense_types/${used.id}`, { name: 'Taxi', active: true });
    expect(
      (await w.api(w.tokens.cashier, 'POST', '/expense', w.expenseBody({ category: null, type_id: used.id }))).status,
    ).toBe(200);
  });

  it('refuses roles outside finance', async () => {
    const type = await w.createType('Roles check');
    for (const token of [w.tokens.teacher, w.tokens.marketer, w.tokens.admin]) {
      expect((await w.api(token, 'GET', '/expense_types')).status).toBe(403);
      expect((await w.api(token, 'POST', '/expense_types', { name: 'Mine' })).status).toBe(403);
      expect((await w.api(token, 'PUT', `/expense_types/${type.id}`, { name: 'Mine' })).status).toBe(403);
      expect((await w.api(token, 'DELETE', `/expense_types/${type.id}`)).status).toBe(403);
    }
  });

  it("answers 404 for another company's type and never lists it", async () => {
    const theirs = await other.createType('Foreign only');
    expect((await w.api(w.tokens.owner, 'PUT', `/expense_types/${theirs.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await w.api(w.tokens.owner, 'DELETE', `/expense_types/${theirs.id}`)).status).toBe(404);
    expect(names((await w.api(w.tokens.owner, 'GET', '/expense_types')).body)).not.toContain('Foreign only');
  });
});
