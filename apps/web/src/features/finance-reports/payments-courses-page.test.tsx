import type { CoursePayments } from '@crm/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, pageOf, renderAt, SLOW, stubMoneyApi } from '../finance/finance-test-support';
import { PaymentsCoursesPage } from './payments-courses-page';

vi.mock('../../shared/ui/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const report: CoursePayments = {
  data: [
    {
      course: { id: 1, name: 'English · B1' },
      groups: 3,
      students: 30,
      paid: 12_000_000,
      charged: 13_500_000,
      balance: -1_500_000,
    },
  ],
  total: { students: 30, paid: 12_000_000, charged: 13_500_000, balance: -1_500_000 },
};
let answer: () => Response = () => json(200, report);

stubMoneyApi((call) => {
  const { pathname } = new URL(call.url, 'http://x');
  if (pathname === '/api/v1/replenishments/by-courses') return answer();
  if (pathname === '/api/v1/course') return json(200, { data: [], pagination: pageOf(0) });
  return undefined;
});

describe('the payments by course page', () => {
  it(
    'shows each course’s groups, students and money with the total row',
    async () => {
      answer = () => json(200, report);
      renderAt(<PaymentsCoursesPage />);
      const row = (await screen.findByText('English · B1')).closest('tr') as HTMLElement;
      expect(within(row).getByText('3')).toBeTruthy();
      expect(within(row).getByText('30')).toBeTruthy();
      expect(within(row).getByText('13 500 000 UZS')).toBeTruthy();
      const totals = screen.getByTestId('totals-row');
      expect(within(totals).getByText('12 000 000 UZS')).toBeTruthy();
      expect(within(totals).getByText('−1 500 000 UZS')).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Payments by course' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says so when no course had students or money',
    async () => {
      answer = () => json(200, { data: [], total: { students: 0, paid: 0, charged: 0, balance: 0 } });
      renderAt(<PaymentsCoursesPage />);
      expect(await screen.findByText('No course had students or money in this period')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows a refusal in words',
    async () => {
      answer = () => json(403, { error: { code: 'branch_forbidden', message: 'x' } });
      renderAt(<PaymentsCoursesPage />);
      expect((await screen.findByRole('alert')).textContent).toContain('You do not work in this branch.');
    },
    SLOW,
  );
});
