import type { GroupPayments } from '@crm/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, pageOf, renderAt, SLOW, stubMoneyApi } from '../finance/finance-test-support';
import { PaymentsGroupsPage } from './payments-groups-page';

vi.mock('../../shared/ui/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const report: GroupPayments = {
  data: [
    {
      group: { id: 4, title: 'ENG-4' },
      course: { id: 1, name: 'English' },
      teacher: { id: 3, name: 'Rahimova Sevara' },
      students: 12,
      paid: 5_400_000,
      charged: 7_200_000,
      balance: -1_800_000,
    },
    {
      group: { id: 5, title: 'MATH-1' },
      course: { id: 2, name: 'Math' },
      teacher: { id: 6, name: 'Karimov Jasur' },
      students: 8,
      paid: 3_600_000,
      charged: 3_600_000,
      balance: 250_000,
    },
  ],
  total: { students: 19, paid: 9_000_000, charged: 10_800_000, balance: -1_550_000 },
};
let answer: GroupPayments = report;

const calls = stubMoneyApi((call) => {
  const { pathname } = new URL(call.url, 'http://x');
  if (pathname === '/api/v1/replenishments/by-groups') return json(200, answer);
  if (pathname === '/api/v1/course') return json(200, { data: [], pagination: pageOf(0) });
  return undefined;
});

describe('the payments by group page', () => {
  it(
    'shows each group’s students and money, the total row and the chart',
    async () => {
      answer = report;
      renderAt(<PaymentsGroupsPage />);
      const row = (await screen.findByText('ENG-4')).closest('tr') as HTMLElement;
      expect(within(row).getByText('English')).toBeTruthy();
      expect(within(row).getByText('5 400 000 UZS')).toBeTruthy();
      expect(within(row).getByText('7 200 000 UZS')).toBeTruthy();
      expect(within(row).getByText('−1 800 000 UZS')).toBeTruthy();
      const totals = screen.getByTestId('totals-row');
      expect(within(totals).getByText('Total')).toBeTruthy();
      expect(within(totals).getByText('19')).toBeTruthy();
      expect(within(totals).getByText('9 000 000 UZS')).toBeTruthy();
      expect(within(totals).getByText('−1 550 000 UZS')).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Payments by group' })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Excel/ })).toBeTruthy();
      const asked = calls.find((c) => c.url.startsWith('/api/v1/replenishments/by-groups'));
      expect(new URL(asked?.url ?? '', 'http://x').searchParams.get('branch_id')).toBe('2');
    },
    SLOW,
  );

  it(
    'says so when no group had students or money',
    async () => {
      answer = { data: [], total: { students: 0, paid: 0, charged: 0, balance: 0 } };
      renderAt(<PaymentsGroupsPage />);
      expect(await screen.findByText('No group had students or money in this period')).toBeTruthy();
      expect(screen.queryByTestId('totals-row')).toBeNull();
      expect(screen.queryByRole('img', { name: 'Payments by group' })).toBeNull();
    },
    SLOW,
  );
});
