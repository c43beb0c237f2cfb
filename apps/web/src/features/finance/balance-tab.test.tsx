import type { LedgerEntry } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BalanceTab } from './balance-tab';
import { anEntry, aStudent, json, pageOf, renderAt, SLOW, stubMoneyApi } from './finance-test-support';

// A payment of 450 000 that was cancelled (its reversal, #5, says why), a refund and a write-off.
const ledger: LedgerEntry[] = [
  anEntry({
    id: 5,
    amount: -450_000,
    date: '2025-11-22',
    reverses_id: 1,
    reason: 'Wrong student',
    created_at: '2025-11-22T10:00:00.000Z',
  }),
  anEntry({ id: 4, kind: 'write_off', amount: -50_000, method: null, group: null, comment: 'Textbook' }),
  anEntry({ id: 3, kind: 'refund', amount: -100_000, method: 'card', group: null }),
  anEntry({ id: 2, amount: 200_000, method: 'payme', comment: 'October' }),
  anEntry({
    id: 1,
    amount: 450_000,
    reversed_by_id: 5,
    reversal: { id: 5, date: '2025-11-21', reason: 'Wrong student' },
  }),
];

const calls = stubMoneyApi((call) => {
  if (call.url === '/api/v1/user/11') return json(200, aStudent());
  if (call.url === '/api/v1/user/11/balance')
    return json(200, {
      student_id: 11,
      balance: -150_000,
      general: -150_000,
      groups: [{ group: { id: 4, title: 'ENG-4' }, balance: 0 }],
    });
  if (call.url.startsWith('/api/v1/user/11/ledger'))
    return json(200, { data: ledger, pagination: pageOf(ledger.length) });
  if (call.method === 'DELETE') return json(200, anEntry({ id: 6, kind: 'write_off', amount: 50_000, reverses_id: 4 }));
  return undefined;
});

const rowOf = (id: number) =>
  screen.getByRole('button', { name: `Actions for No. ${id}` }).closest('tr') as HTMLElement;

describe('the balance tab', () => {
  it(
    'shows the balance in red when in debt, each group, and every entry with its sign',
    async () => {
      renderAt(<BalanceTab person={aStudent()} />);
      const balance = await screen.findByTestId('student-balance');
      expect(balance.textContent).toBe('-150 000 UZS');
      expect(balance.className).toContain('ant-typography-danger');
      expect(screen.getByText('In debt: the balance is negative')).toBeTruthy();
      expect(screen.getByText('General (no group)')).toBeTruthy();

      await screen.findByText('Textbook');
      expect(within(rowOf(2)).getByText('+200 000 UZS')).toBeTruthy();
      expect(within(rowOf(2)).getByText('Payme')).toBeTruthy();
      const refund = screen.getByText('−100 000 UZS').closest('tr') as HTMLElement;
      expect(within(refund).getByText('Refund')).toBeTruthy();
      expect(within(refund).getByText('Card')).toBeTruthy();
      expect(within(rowOf(4)).getByText('−50 000 UZS')).toBeTruthy();
      expect(within(rowOf(4)).getByText('Write-off')).toBeTruthy();
      expect(calls.some((call) => call.url === '/api/v1/user/11/ledger?page=1&per_page=20')).toBe(true);
    },
    SLOW,
  );

  it(
    'strikes a cancelled payment through and says why; the reversal names what it reverses',
    async () => {
      renderAt(<BalanceTab person={aStudent()} />);
      await screen.findByText('Textbook');
      const cancelled = screen
        .getAllByRole('row')
        .find((row) => row.textContent?.includes('+450 000 UZS')) as HTMLElement;
      expect(within(cancelled).getByText('+450 000 UZS').closest('del')).not.toBeNull();
      expect(within(cancelled).getByText('cancelled')).toBeTruthy();
      expect(within(cancelled).getByText('Reason: Wrong student')).toBeTruthy();
      // Its receipt can still be opened (it says "cancelled"); it cannot be corrected again.
      fireEvent.click(within(cancelled).getByRole('button', { name: 'Actions for No. 1' }));
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Receipt']);
      const reversal = screen.getByText('reverses No. 1').closest('tr') as HTMLElement;
      expect(within(reversal).getByText('−450 000 UZS')).toBeTruthy();
      expect(within(reversal).queryByRole('button')).toBeNull();
    },
    SLOW,
  );

  it(
    'cancels a write-off only with a reason, sending it with an Idempotency-Key',
    async () => {
      renderAt(<BalanceTab person={aStudent()} />);
      await screen.findByText('Textbook');
      fireEvent.click(within(rowOf(4)).getByRole('button', { name: 'Actions for No. 4' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: /Cancel/ }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Cancel write-off No. 4?')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the write-off' }));
      expect(await within(dialog).findByText('This field is required')).toBeTruthy();
      expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

      fireEvent.change(within(dialog).getByLabelText('Reason for cancelling'), { target: { value: 'Booked twice' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the write-off' }));
      await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
      const [cancel] = calls.filter((call) => call.method === 'DELETE');
      expect(cancel?.url).toBe('/api/v1/write-off/4?reason=Booked+twice');
      expect(cancel?.headers['Idempotency-Key']).toBeTruthy();
    },
    SLOW,
  );
});
