import type { MoneyChart, WithdrawList, WithdrawTotals } from '@crm/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todayIn } from '../../test/session-fixtures';
import { anEntry, json, pageOf, renderAt, SLOW, stubMoneyApi } from '../finance/finance-test-support';
import { WithdrawPage } from './withdraw-page';

// The chart draws on a canvas jsdom does not have; its option is tested on its own.
vi.mock('../../shared/ui/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const charge = anEntry({ id: 7, kind: 'charge', amount: -600_000, method: null, author: null, reversed_by_id: 9 });
const reversal = anEntry({
  id: 9,
  kind: 'charge',
  amount: 600_000,
  method: null,
  reverses_id: 7,
  reason: 'Frozen on 10 March',
  student: { id: 12, name: 'Aliyev Bekzod' },
});
const totals: WithdrawTotals = {
  charged: 1_050_000,
  charge_count: 2,
  reversed: 600_000,
  reversal_count: 1,
  total: 450_000,
  students: 2,
};
const chart: MoneyChart = { step: 'day', periods: ['2025-11-01', '2025-11-02'], amounts: [450_000, 0], total: 450_000 };

let list: WithdrawList = { data: [], pagination: pageOf(0), total: 0 };
let sums: WithdrawTotals = { ...totals };

const calls = stubMoneyApi((call) => {
  const { pathname } = new URL(call.url, 'http://x');
  if (pathname === '/api/v1/withdraws') return json(200, list);
  if (pathname === '/api/v1/withdraws/totals') return json(200, sums);
  if (pathname === '/api/v1/withdraws/credit_char') return json(200, chart);
  if (pathname === '/api/v1/group') return json(200, { data: [], pagination: pageOf(0) });
  return undefined;
});

const queryOf = (path: string) =>
  Object.fromEntries(new URL(calls.find((c) => c.url.startsWith(path))?.url ?? '', 'http://x').searchParams);

describe('the withdrawals page', () => {
  it(
    "lists this month's charges and their reversals, with the period's totals and chart",
    async () => {
      list = { data: [reversal, charge], pagination: pageOf(2), total: 0 };
      sums = totals;
      renderAt(<WithdrawPage />);
      expect((await screen.findByTestId('withdraw-total')).textContent).toBe('450 000 UZS');
      const card = screen.getByLabelText('Charges of the period');
      expect(within(card).getByText('Charged').nextSibling?.textContent).toBe('1 050 000 UZS · 2');
      expect(within(card).getByText('Reversed').nextSibling?.textContent).toBe('600 000 UZS · 1');

      const reversalRow = screen.getByText('+600 000 UZS').closest('tr') as HTMLElement;
      expect(within(reversalRow).getByText('reverses No. 7')).toBeTruthy();
      expect(within(reversalRow).getByRole('link', { name: 'Aliyev Bekzod' })).toBeTruthy();
      const chargeRow = screen.getByText('−600 000 UZS').closest('tr') as HTMLElement;
      expect(within(chargeRow).getByText('cancelled')).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Charges' })).toBeTruthy();

      const month = {
        from: todayIn().startOf('month').format('YYYY-MM-DD'),
        to: todayIn().endOf('month').format('YYYY-MM-DD'),
      };
      expect(queryOf('/api/v1/withdraws?')).toEqual({ branch_id: '2', ...month, page: '1', per_page: '50' });
      expect(queryOf('/api/v1/withdraws/credit_char')).toEqual({ branch_id: '2', ...month });
    },
    SLOW,
  );

  it(
    'says so when the period has no charges',
    async () => {
      list = { data: [], pagination: pageOf(0), total: 0 };
      sums = { charged: 0, charge_count: 0, reversed: 0, reversal_count: 0, total: 0, students: 0 };
      renderAt(<WithdrawPage />);
      expect(await screen.findByText('No charges in this period for these filters')).toBeTruthy();
      expect(screen.getByTestId('withdraw-total').textContent).toBe('0 UZS');
    },
    SLOW,
  );
});
