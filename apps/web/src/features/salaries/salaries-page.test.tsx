import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../test/session-fixtures';
import { json, renderAt, SLOW, stubMoneyApi } from '../finance/finance-test-support';
import { SalariesPage } from './salaries-page';
import { aSalary, aSalaryDetail, aSalaryList, FIRST_LOAD } from './salary-fixtures';

let list = aSalaryList([aSalary(), aSalary({ id: 32, teacher: { id: 9, name: 'Substitute' }, amount: 4_167 })]);

const calls = stubMoneyApi((call) => {
  const url = new URL(call.url, 'http://x');
  if (url.pathname === '/api/v1/salaries') return json(200, list);
  if (url.pathname === '/api/v1/salaries/31') return json(200, aSalaryDetail());
  return undefined;
});

describe('the salaries page', () => {
  it(
    "lists last month's published salaries of the branch with their total",
    async () => {
      renderAt(<SalariesPage />);
      expect(await screen.findByText('Kamola Ergasheva', undefined, FIRST_LOAD)).toBeTruthy();
      expect(screen.getByText('45 833 UZS')).toBeTruthy();
      expect(screen.getByText('Total: 50 000 UZS')).toBeTruthy();
      const query = Object.fromEntries(new URL(calls[0]?.url ?? '', 'http://x').searchParams);
      expect(query).toEqual({
        branch_id: '2',
        month: todayIn().subtract(1, 'month').format('YYYY-MM'),
        status: 'published',
        page: '1',
        per_page: '50',
      });
    },
    SLOW,
  );

  it(
    'opens a salary with every line it counts',
    async () => {
      renderAt(<SalariesPage />);
      fireEvent.click(
        await screen.findByRole('button', { name: "The lines of Kamola Ergasheva's salary" }, FIRST_LOAD),
      );
      const drawer = await screen.findByRole('dialog');
      expect(await within(drawer).findByText('Karimov Aziz', undefined, FIRST_LOAD)).toBeTruthy();
      expect(within(drawer).getByText('3 of 12')).toBeTruthy();
      expect(within(drawer).getByText('03.03, 05.03, 07.03')).toBeTruthy();
      expect(within(drawer).getByText('50 000 UZS per student a month')).toBeTruthy();
      expect(within(drawer).getByText('40 % of 600 000 UZS, paid 05.03.2025')).toBeTruthy();
      expect(within(drawer).getByText('12 500 UZS')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says so when nothing was published',
    async () => {
      list = aSalaryList([]);
      renderAt(<SalariesPage />);
      expect(await screen.findByText('No salaries were published for this month', undefined, FIRST_LOAD)).toBeTruthy();
    },
    SLOW,
  );
});
