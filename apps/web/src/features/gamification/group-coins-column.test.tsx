import { Role } from '@crm/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aGroup, aGroupStudent } from '../../test/group-fixtures';
import { aCompany, aUser } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { GroupStudents } from '../groups/group-students';

const place = (id: number, name: string) => aGroupStudent(id, name);

const calls = stubApi(({ url }) => {
  if (url === '/api/v1/group/7/students')
    return json(200, {
      data: [place(11, 'Ali Valiyev'), place(12, 'Vali Aliyev')],
      capacity: { students: 2, capacity: 12, full: false },
    });
  if (url === '/api/v1/gamification/group/7/coins') return json(200, { balances: [{ student_id: 11, balance: 250 }] });
  return json(404, { error: { code: 'not_found', message: url } });
});

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('the coin column of a group’s students', () => {
  it('shows each student’s balance while gamification is on (none earned: 0)', async () => {
    storeUser(aUser([Role.admin], aCompany({}, { gamification: true })), 'token');
    renderPage(<GroupStudents group={aGroup()} />);
    expect(await screen.findByRole('columnheader', { name: 'Coins' })).toBeTruthy();
    await screen.findByText('Ali Valiyev');
    expect(await within(rowOf('Ali Valiyev')).findByText('250')).toBeTruthy();
    expect(within(rowOf('Vali Aliyev')).getByText('0')).toBeTruthy();
  });

  it('is not there, and nothing is asked, while gamification is off', async () => {
    renderPage(<GroupStudents group={aGroup()} />);
    await screen.findByText('Ali Valiyev');
    expect(screen.queryByRole('columnheader', { name: 'Coins' })).toBeNull();
    expect(calls.map((call) => call.url)).not.toContain('/api/v1/gamification/group/7/coins');
  });
});
