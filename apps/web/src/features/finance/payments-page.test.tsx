import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todayIn } from '../../test/session-fixtures';
import { anEntry, aPaymentList, aStudent, json, renderAt, SLOW, stubMoneyApi } from './finance-test-support';
import { PaymentsPage } from './payments-page';

// The chart draws on a canvas jsdom does not have; its option is tested with the finance reports.
vi.mock('../../shared/ui/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

/** The page also loads the period's result and chart: a heavier first render than the other money screens. */
const PAGE = 2 * SLOW;

let answer: (query: URLSearchParams) => Response = () => json(200, aPaymentList([]));
const profit = {
  from: '2025-11-01',
  to: '2025-11-30',
  payments: 1_250_000,
  refunds: 50_000,
  income: 1_200_000,
  expenses: 2_000_000,
  salaries: 0,
  profit: -800_000,
};
let debit = { step: 'day', periods: ['2025-11-01', '2025-11-02'], amounts: [0, 1_250_000], total: 1_250_000 };

const calls = stubMoneyApi((call) => {
  const url = new URL(call.url, 'http://x');
  if (url.pathname === '/api/v1/payment' && call.method === 'GET') return answer(url.searchParams);
  if (url.pathname === '/api/v1/replenishments/profit') return json(200, profit);
  if (url.pathname === '/api/v1/replenishments/debit_char') return json(200, debit);
  if (url.pathname === '/api/v1/user' || url.pathname === '/api/v1/user/11')
    return json(200, url.pathname === '/api/v1/user' ? { data: [], pagination: {} } : aStudent());
  if (call.method === 'PUT') return json(200, anEntry({ id: 9, amount: 300_000 }));
  return undefined;
});

const paymentQueries = () =>
  calls
    .filter((call) => call.url.startsWith('/api/v1/payment?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));

describe('the payments page', () => {
  it(
    "lists this month's payments of the branch with the period's total and each method's share",
    async () => {
      answer = () =>
        json(
          200,
          aPaymentList(
            [
              anEntry({ id: 3, amount: 800_000, comment: 'November' }),
              anEntry({ id: 2, amount: 450_000, method: 'card', student: { id: 12, name: 'Aliyev Bekzod' } }),
            ],
            { total: 1_250_000, by_method: { cash: 800_000, card: 450_000 } },
          ),
        );
      renderAt(<PaymentsPage />);
      expect((await screen.findByTestId('payments-total')).textContent).toBe('1 250 000 UZS');
      const totals = screen.getByLabelText('Totals of the period');
      expect(within(totals).getByText('Cash').nextSibling?.textContent).toBe('800 000 UZS');
      expect(within(totals).getByText('Card').nextSibling?.textContent).toBe('450 000 UZS');

      expect(screen.getByRole('link', { name: 'Aliyev Bekzod' }).getAttribute('href')).toBe('/students/profile/12');
      expect(screen.getByText('+800 000 UZS')).toBeTruthy();
      expect(paymentQueries()[0]).toEqual({
        branch_id: '2',
        from: todayIn().startOf('month').format('YYYY-MM-DD'),
        to: todayIn().endOf('month').format('YYYY-MM-DD'),
        page: '1',
        per_page: '50',
      });
    },
    PAGE,
  );

  it(
    'asks for cancelled payments too when told, and strikes them through',
    async () => {
      answer = (query) =>
        json(
          200,
          aPaymentList(
            query.get('with_reversed') === '1'
              ? [anEntry({ id: 3, amount: 800_000 }), anEntry({ id: 1, amount: 100_000, reversed_by_id: 4 })]
              : [anEntry({ id: 3, amount: 800_000 })],
            { total: 800_000, by_method: { cash: 800_000 } },
          ),
        );
      renderAt(<PaymentsPage />);
      await screen.findByText('+800 000 UZS');
      fireEvent.click(screen.getByRole('switch'));
      const cancelled = await screen.findByText('+100 000 UZS');
      expect(cancelled.closest('del')).not.toBeNull();
      expect(within(cancelled.closest('tr') as HTMLElement).getByText('cancelled')).toBeTruthy();
      expect(paymentQueries().at(-1)?.with_reversed).toBe('1');
      expect(screen.getByTestId('payments-total').textContent).toBe('800 000 UZS');
    },
    PAGE,
  );

  it(
    "shows the period's result and the money in per day for the same period",
    async () => {
      renderAt(<PaymentsPage />);
      expect((await screen.findByTestId('profit')).textContent).toBe('-800 000 UZS');
      const card = screen.getByLabelText('Result of the period');
      expect(within(card).getByText('Income').nextSibling?.textContent).toBe('1 200 000 UZS');
      expect(within(card).getByText('Expenses').nextSibling?.textContent).toBe('2 000 000 UZS');
      expect(await screen.findByRole('img', { name: 'Money in' })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Excel/ })).toBeTruthy();
      const asked = calls.find((call) => call.url.startsWith('/api/v1/replenishments/debit_char'));
      expect(Object.fromEntries(new URL(asked?.url ?? '', 'http://x').searchParams)).toEqual({
        branch_id: '2',
        from: todayIn().startOf('month').format('YYYY-MM-DD'),
        to: todayIn().endOf('month').format('YYYY-MM-DD'),
      });
    },
    PAGE,
  );

  it(
    'says so when the period has no payments',
    async () => {
      answer = () => json(200, aPaymentList([]));
      debit = { ...debit, amounts: [0, 0], total: 0 };
      renderAt(<PaymentsPage />);
      expect(await screen.findByText('No payments in this period for these filters')).toBeTruthy();
      expect(screen.getByTestId('payments-total').textContent).toBe('0 UZS');
      expect(await screen.findByText('No payments in this period')).toBeTruthy();
    },
    PAGE,
  );

  it(
    'shows a refusal in words',
    async () => {
      answer = () => json(403, { error: { code: 'branch_forbidden', message: 'x' } });
      renderAt(<PaymentsPage />);
      expect((await screen.findByRole('alert')).textContent).toContain('You do not work in this branch.');
    },
    PAGE,
  );

  it(
    'corrects a payment from its row: the new amount with the reason, under one Idempotency-Key',
    async () => {
      answer = () => json(200, aPaymentList([anEntry({ id: 3, amount: 450_000 })], { total: 450_000 }));
      renderAt(<PaymentsPage />);
      fireEvent.click(await screen.findByRole('button', { name: 'Actions for No. 3' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: /Correct/ }));
      const dialog = await screen.findByRole('dialog');
      const amount = within(dialog).getByLabelText(/^Amount, UZS/) as HTMLInputElement;
      expect(amount.value).toBe('450 000');
      fireEvent.change(amount, { target: { value: '300000' } });
      fireEvent.change(within(dialog).getByLabelText('Reason for the correction'), { target: { value: 'Typo' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save the correction' }));
      await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
      const [put] = calls.filter((call) => call.method === 'PUT');
      expect(put?.url).toBe('/api/v1/payment/3');
      expect(put?.body).toEqual({
        amount: 300_000,
        date: '2025-11-20',
        // A payment for a group goes to the group's branch: the dialog names none.
        branch_id: null,
        group_id: 4,
        method: 'cash',
        comment: null,
        reason: 'Typo',
      });
      expect(put?.headers['Idempotency-Key']).toBeTruthy();
    },
    PAGE,
  );
});
