import { type CoinAccount, Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aCompany, aUser } from '../../test/session-fixtures';
import { type ApiCall, json, renderPage, stubApi } from '../courses/test-support';
import { aCoinAccount, anEntry, aPage } from './gamification-fixtures';
import { OwnCoinsLink } from './own-coins-link';
import { StudentCoinsCard } from './student-coins-card';

let account: CoinAccount = aCoinAccount();
let giveAnswer: (call: ApiCall) => Response = () => json(200, aCoinAccount({ balance: 270 }));

const calls = stubApi((call) => {
  if (call.method === 'POST' && call.url === '/api/v1/gamification/coins/11') return giveAnswer(call);
  if (call.url.startsWith('/api/v1/gamification/coins/11?')) return json(200, account);
  return json(404, { error: { code: 'not_found', message: call.url } });
});

const signIn = (gamification: boolean) => storeUser(aUser([Role.admin], aCompany({}, { gamification })), 'token');

beforeEach(() => {
  signIn(true);
  account = aCoinAccount();
  giveAnswer = () => json(200, aCoinAccount({ balance: 270 }));
});

const student = { id: 11, name: 'Ali Valiyev' };
const openCard = () => renderPage(<StudentCoinsCard student={student} />);
const writes = () => calls.filter((call) => call.method === 'POST');

async function give(amount: string, reason: string) {
  fireEvent.click(await screen.findByRole('button', { name: /Give \/ take coins/ }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Coins'), { target: { value: amount } });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('a student’s coins in his profile', () => {
  it('shows his balance, what his orders hold and his history', async () => {
    account = aCoinAccount({
      entries: aPage(
        [
          anEntry(),
          anEntry({
            id: 2,
            amount: 20,
            kind: 'manual',
            rule: null,
            reason: 'Olympiad',
            author: { id: 7, name: 'Aziza Karimova' },
          }),
        ],
        { perPage: 10 },
      ),
    });
    openCard();
    expect(await screen.findByText('Present at a lesson')).toBeTruthy();
    expect(screen.getByText('250')).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText('Given by an employee')).toBeTruthy();
    expect(screen.getByText('Olympiad')).toBeTruthy();
    expect(screen.getByText(/Aziza Karimova/)).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/gamification/coins/11?page=1&per_page=10');
  });

  it('says when no coins have moved, and offers no giving where the server does not allow it', async () => {
    account = aCoinAccount({ balance: 0, reserved: 0, entries: aPage([]), policies: { give: false } });
    openCard();
    expect(await screen.findByText('No coins have come or gone yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Give \/ take coins/ })).toBeNull();
  });

  it('is not there while the company’s gamification is off', async () => {
    signIn(false);
    const { container } = openCard();
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });

  it('gives coins with a reason, after checking the amount is not zero', async () => {
    openCard();
    const dialog = await give('0', '');
    expect(await within(dialog).findByText('Enter a number other than zero')).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Coins'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Olympiad ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Coins are given to Ali Valiyev')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/v1/gamification/coins/11', body: { amount: 20, reason: 'Olympiad' } },
    ]);
    // His history is read again.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });

  it('says why giving or taking is refused, keeping what was typed', async () => {
    giveAnswer = () => json(422, { error: { code: 'not_enough_coins', message: '' } });
    openCard();
    const dialog = await give('-300', 'Broke a chair');
    expect(await screen.findByText('The student does not have enough coins.')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Reason').value).toBe('Broke a chair');
    expect(writes()[0]?.body).toEqual({ amount: -300, reason: 'Broke a chair' });

    giveAnswer = () => json(403, { error: { code: 'coins_by_employees_off', message: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The centre does not let employees give coins; it is turned on in the coin rules.'),
    ).toBeTruthy();
  });
});

describe('a student’s own profile', () => {
  it('shows his balance and the way to his shop while gamification is on', async () => {
    renderPage(<OwnCoinsLink studentId={11} />);
    expect(await screen.findByText('Balance: 250 coins')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open the shop/ }).getAttribute('href')).toBe('/shop');
  });
});
