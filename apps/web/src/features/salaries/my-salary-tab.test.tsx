import { Role } from '@crm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aStudent, json, renderAt, SLOW, stubMoneyApi } from '../finance/finance-test-support';
import { OwnProfilePage } from '../users/own-profile-page';
import { aSalary, aSalaryDetail, aSalaryList, FIRST_LOAD } from './salary-fixtures';

const teacher = aStudent({
  id: 7,
  name: 'Kamola Ergasheva',
  roles: [{ id: Role.teacher, name: 'Teacher' }],
  groups: [],
  types: ['teacher'],
});

const calls = stubMoneyApi(
  (call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/v1/user/7') return json(200, teacher);
    if (url.pathname === '/api/v1/salaries') return json(200, aSalaryList([aSalary()], false));
    if (url.pathname === '/api/v1/salaries/31') return json(200, aSalaryDetail());
    return undefined;
  },
  { roles: [Role.teacher] },
);

describe("the teacher's salary on his profile (user hash #2)", () => {
  it(
    'lists his published months and opens the lines of one',
    async () => {
      renderAt(<OwnProfilePage />, '/user/profile#2', '/user/profile');
      expect(await screen.findByText('March 2025', undefined, FIRST_LOAD)).toBeTruthy();
      expect(screen.getByText('45 833 UZS')).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Salary', selected: true })).toBeTruthy();
      // His own months: the server takes them from the session, no branch or teacher is named.
      const query = new URL(calls.find((c) => c.url.startsWith('/api/v1/salaries'))?.url ?? '', 'http://x');
      expect(query.searchParams.get('branch_id')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: "The lines of Kamola Ergasheva's salary" }));
      const drawer = await screen.findByRole('dialog');
      expect(await within(drawer).findByText('Karimov Aziz', undefined, FIRST_LOAD)).toBeTruthy();
    },
    SLOW,
  );

  it(
    'opens on the details without the hash',
    async () => {
      renderAt(<OwnProfilePage />, '/user/profile', '/user/profile');
      expect(await screen.findByRole('tab', { name: 'Contacts', selected: true }, FIRST_LOAD)).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Salary' })).toBeTruthy();
    },
    SLOW,
  );
});
