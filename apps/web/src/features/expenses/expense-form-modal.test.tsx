import type { Expense } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todayIn } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { ExpenseFormModal, type ExpenseFormTarget } from './expense-form-modal';

const rent: Expense = {
  id: 11,
  branch_id: 2,
  category: 'rent',
  type: null,
  amount: 9_000_000,
  date: '2026-03-01',
  method: 'bank_account',
  payee: 'Chilonzor Savdo',
  payee_user: null,
  comment: 'March',
  author: { id: 4, name: 'Aziza Nurmatova' },
  entry_id: 91,
  created_at: '2026-03-01T09:00:00Z',
  updated_at: '2026-03-01T09:00:00Z',
};

let onWrite: () => Response = () => json(200, rent);
const calls = stubApi(({ method, url }) => {
  if (method !== 'GET') return onWrite();
  if (url.startsWith('/api/v1/expense/payees')) return json(200, { data: [{ id: 6, name: 'Kamola Ergasheva' }] });
  return json(200, { data: [{ id: 3, name: 'Internet', active: true, usage_count: 1, deletable: false }] });
});

const OPTION = '.ant-select-item-option-content';
const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));

/** Picks an option of a (virtual, so searched first) select. */
async function choose(select: HTMLElement, label: string) {
  fireEvent.mouseDown(select);
  fireEvent.change(select, { target: { value: label } });
  fireEvent.click(await screen.findByText(label, { selector: OPTION }));
}

/** The Idempotency-Key sent with each POST. */
const postedKeys = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => ((init?.headers ?? {}) as Record<string, string>)['Idempotency-Key']);

function open(target: ExpenseFormTarget, onClose = () => {}) {
  renderPage(<ExpenseFormModal target={target} country="uz" currency="UZS" onClose={onClose} />);
  return screen.findByRole('dialog');
}

// Antd dialogs render slowly in jsdom on a busy machine.
describe('ExpenseFormModal', () => {
  it('groups the amount by thousands and sends it in minor units, booked once per dialog', async () => {
    let failures = 1;
    onWrite = () => (failures-- > 0 ? json(500, { error: { code: 'internal', message: 'boom' } }) : json(200, rent));
    const onClose = vi.fn();
    await open({ mode: 'create', branchId: 2 }, onClose);
    fireEvent.change(field('Amount'), { target: { value: '2500000' } });
    expect(field('Amount').value).toBe('2 500 000');
    await choose(field('Category'), 'Rent');
    fireEvent.change(field('Comment'), { target: { value: 'April rent' } });
    save();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      branch_id: 2,
      category: 'rent',
      type_id: null,
      amount: 2_500_000,
      date: todayIn().format('YYYY-MM-DD'),
      method: 'cash',
      payee: null,
      payee_user_id: null,
      comment: 'April rent',
    });
    // The first attempt failed; the retry from the same dialog carries the same key.
    save();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = postedKeys();
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends an own type and an employee picked from the list as ids', async () => {
    onWrite = () => json(200, rent);
    await open({ mode: 'create', branchId: 2 });
    fireEvent.change(field('Amount'), { target: { value: '96000' } });
    await choose(field('Category'), 'Internet');
    fireEvent.change(field('Payee'), { target: { value: 'Kam' } });
    fireEvent.click(await screen.findByText('Kamola Ergasheva', { selector: OPTION }));
    expect(await within(dialog()).findByText('An employee of this branch')).toBeTruthy();
    save();
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      category: null,
      type_id: 3,
      amount: 96_000,
      payee: null,
      payee_user_id: 6,
    });
  });

  it('refuses an empty amount and category in the browser and puts the server’s problem under its field', async () => {
    onWrite = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'invalid',
          details: [{ field: 'type_id', rule: 'inactive', message: 'deactivated' }],
        },
      });
    await open({ mode: 'create', branchId: 2 });
    save();
    expect(await within(dialog()).findAllByText('This field is required')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(field('Amount'), { target: { value: '1000' } });
    await choose(field('Category'), 'Internet');
    save();
    expect(await within(dialog()).findByText('This expense type is switched off; choose another')).toBeTruthy();
  });

  it('edits with the values filled in and sends the correction reason', async () => {
    onWrite = () => json(200, rent);
    await open({ mode: 'edit', expense: rent });
    expect(field('Amount').value).toBe('9 000 000');
    expect(field('Payee').value).toBe('Chilonzor Savdo');
    fireEvent.change(field('Amount'), { target: { value: '8500000' } });
    fireEvent.change(field('Reason for the correction'), { target: { value: 'Discount' } });
    save();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/v1/expense/11');
    expect(put?.body).toMatchObject({
      amount: 8_500_000,
      category: 'rent',
      date: '2026-03-01',
      method: 'bank_account',
      payee: 'Chilonzor Savdo',
      reason: 'Discount',
    });
  });
});
