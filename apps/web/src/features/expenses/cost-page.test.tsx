import type { Expense, ExpenseTotals } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todayIn } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { CostPage } from './cost-page';

// The chart draws on a canvas jsdom does not have; its option is tested on its own.
vi.mock('./chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

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
const internet: Expense = {
  ...rent,
  id: 12,
  category: null,
  type: { id: 3, name: 'Internet' },
  amount: 450_000,
  method: 'card',
  payee: null,
  comment: null,
};

const totals: ExpenseTotals = {
  total: 9_450_000,
  count: 2,
  by_category: [
    { category: 'rent', type: null, amount: 9_000_000, count: 1 },
    { category: null, type: { id: 3, name: 'Internet' }, amount: 450_000, count: 1 },
  ],
  by_method: [
    { method: 'bank_account', amount: 9_000_000, count: 1 },
    { method: 'card', amount: 450_000, count: 1 },
  ],
};

const calls = stubApi(({ method, url }) => {
  if (method !== 'GET') return json(200, rent);
  if (url.startsWith('/api/v1/expense/totals')) return json(200, totals);
  if (url.startsWith('/api/v1/expense/expense-chart'))
    return json(200, { months: [], month_amount: [], categories: [], category_amount: [], amounts: [] });
  if (url.startsWith('/api/v1/expense/payees')) return json(200, { data: [{ id: 6, name: 'Kamola Ergasheva' }] });
  if (url.startsWith('/api/v1/expense_types'))
    return json(200, { data: [{ id: 3, name: 'Internet', active: true, usage_count: 1, deletable: false }] });
  return json(200, {
    data: [rent, internet],
    pagination: { count: 2, current_page: 1, last_page: 1, per_page: 20, total: 2, total_pages: 1 },
    total: 9_450_000,
  });
});

const dialog = () => screen.getByRole('dialog');
const OPTION = '.ant-select-item-option-content';
/** The list has arrived (the first render of an antd page is slow in jsdom). */
// (jsdom matches no media query, so the page lays out as on a phone: the date joins the details.)
const loaded = () => screen.findByText('01.03.2026 · Chilonzor Savdo · March');
/** Picks an option of a (virtual, so searched first) select. */
async function choose(select: HTMLElement, label: string) {
  fireEvent.mouseDown(select);
  fireEvent.change(select, { target: { value: label } });
  fireEvent.click(await screen.findByText(label, { selector: OPTION }));
}
const month = {
  from: todayIn().startOf('month').format('YYYY-MM-DD'),
  to: todayIn().endOf('month').format('YYYY-MM-DD'),
};

// Antd pages render slowly in jsdom on a busy machine.
describe('CostPage', () => {
  it("asks for this month's expenses of the current branch and shows the totals per category and method", async () => {
    renderPage(<CostPage />);
    expect(await loaded()).toBeTruthy();
    const listCall = calls.find((c) => c.url.startsWith('/api/v1/expense?'));
    expect(listCall?.url).toBe(
      `/api/v1/expense?from_date=${month.from}&to_date=${month.to}&branch_id=2&page=1&per_page=20`,
    );
    expect(screen.getAllByText('9 450 000 UZS').length).toBeGreaterThan(0);
    const byCategory = screen.getByRole('list', { name: 'By category' });
    expect(
      within(byCategory)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rent (1)9 000 000 UZS', 'Internet (1)450 000 UZS']);
    const byMethod = screen.getByRole('list', { name: 'By method' });
    expect(
      within(byMethod)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bank account (1)9 000 000 UZS', 'Card (1)450 000 UZS']);
    expect(screen.getByText('Expenses: 2')).toBeTruthy();
  });

  it('filters by category and starts again at page one', async () => {
    renderPage(<CostPage />);
    await loaded();
    await choose(screen.getByLabelText('Category'), 'Internet');
    await waitFor(() => expect(calls.some((c) => c.url.includes('type_id=3') && c.url.includes('page=1'))).toBe(true));
    expect(calls.some((c) => c.url.startsWith('/api/v1/expense/totals') && c.url.includes('type_id=3'))).toBe(true);
  });

  it('opens the edit dialog with the expense filled in', async () => {
    renderPage(<CostPage />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the expense of 9 000 000 UZS on 01.03.2026' }));
    expect((within(dialog()).getByLabelText('Amount') as HTMLInputElement).value).toBe('9 000 000');
    expect((within(dialog()).getByLabelText('Payee') as HTMLInputElement).value).toBe('Chilonzor Savdo');
  });

  it('asks before deleting', async () => {
    renderPage(<CostPage />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Delete the expense of 450 000 UZS on 01.03.2026' }));
    expect(await screen.findByText('Delete the expense of 450 000 UZS on 01.03.2026?')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });
});
