import type { LedgerEntry } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCompany } from '../../test/session-fixtures';
import { BalanceTab } from './balance-tab';
import { anEntry, aStudent, json, pageOf, renderAt, SLOW, stubMoneyApi } from './finance-test-support';

let answerPayment: (attempt: number) => Response | 'network';
let paymentAttempts = 0;
const ledger: LedgerEntry[] = [];
let studentBranches = [{ id: 2, name: 'Yunusobod' }];

const calls = stubMoneyApi(
  (call) => {
    if (call.url === '/api/v1/user/11') return json(200, aStudent({ branches: studentBranches }));
    if (call.url === '/api/v1/user/11/balance')
      return json(200, { student_id: 11, balance: 0, general: 0, groups: [] });
    if (call.url.startsWith('/api/v1/user/11/ledger')) return json(200, { data: ledger, pagination: pageOf(0) });
    if (call.method === 'POST' || call.method === 'DELETE') {
      paymentAttempts += 1;
      const answer = answerPayment(paymentAttempts);
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return answer;
    }
    return undefined;
  },
  // Tenge has two minor digits: 12 500.50 tenge are 1 250 050 tiyn.
  { company: aCompany({ country: 'kz' }, { country: 'kz' }) },
);

const writes = () => calls.filter((call) => call.method !== 'GET');

async function openDialog(button: string) {
  renderAt(<BalanceTab person={aStudent()} />);
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(button) }));
  return screen.findByRole('dialog');
}

const typeAmount = (dialog: HTMLElement, text: string) =>
  fireEvent.change(within(dialog).getByLabelText(/^Amount, KZT/), { target: { value: text } });

describe('the pay dialog', () => {
  afterEach(() => vi.useRealTimers());

  it(
    "sends minor units with one Idempotency-Key, also when retried after a network error, dated the company's today, then offers the receipt",
    async () => {
      // 19:30 in UTC is already the next day in Almaty (UTC+5): the payment takes the company's day.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T19:30:00Z') });
      paymentAttempts = 0;
      answerPayment = (attempt) =>
        attempt === 1 ? 'network' : json(200, anEntry({ id: 31, amount: 1_250_050, method: 'cash' }));
      const dialog = await openDialog('Take a payment');
      typeAmount(dialog, '12500.5');
      expect((within(dialog).getByLabelText(/^Amount, KZT/) as HTMLInputElement).value).toBe('12 500.5');
      fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: ' November ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Take the payment' }));

      expect((await within(dialog).findByRole('alert')).textContent).toMatch(/network|connection|internet/i);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Take the payment' }));
      expect(await within(dialog).findByText('12 500.50 KZT received')).toBeTruthy();

      const [first, retry] = writes();
      expect(first?.url).toBe('/api/v1/payment');
      expect(first?.body).toEqual({
        student_id: 11,
        amount: 1_250_050,
        date: '2026-11-22',
        method: 'cash',
        group_id: null,
        branch_id: null,
        comment: 'November',
      });
      const key = first?.headers['Idempotency-Key'];
      expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(retry?.headers['Idempotency-Key']).toBe(key);
      expect(retry?.body).toEqual(first?.body);

      fireEvent.click(within(dialog).getByRole('button', { name: /Print receipt/ }));
      expect(await screen.findByText('receipt page')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "asks which branch's cash desk takes the money when the student studies in two of the cashier's branches",
    async () => {
      studentBranches = [
        { id: 1, name: 'Chilonzor' },
        { id: 2, name: 'Yunusobod' },
      ];
      paymentAttempts = 0;
      answerPayment = () => json(200, anEntry({ id: 33, branch_id: 1 }));
      const dialog = await openDialog('Take a payment');
      const desk = await within(dialog).findByRole('combobox', { name: 'Branch (cash desk)' });
      // It starts on the header's branch.
      expect(within(dialog).getByTitle('Yunusobod')).toBeTruthy();
      fireEvent.mouseDown(desk);
      fireEvent.click(await screen.findByText('Chilonzor', { selector: '.ant-select-item-option-content' }));
      typeAmount(dialog, '100');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Take the payment' }));
      await within(dialog).findByRole('button', { name: 'Close' });
      expect(writes()[0]?.body).toMatchObject({ student_id: 11, branch_id: 1 });
      studentBranches = [{ id: 2, name: 'Yunusobod' }];
    },
    SLOW,
  );

  it(
    'uses a new key for the next payment',
    async () => {
      paymentAttempts = 0;
      answerPayment = () => json(200, anEntry({ id: 32 }));
      let dialog = await openDialog('Take a payment');
      typeAmount(dialog, '100');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Take the payment' }));
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      fireEvent.click(screen.getByRole('button', { name: /Take a payment/ }));
      dialog = await screen.findByRole('dialog');
      typeAmount(dialog, '100');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Take the payment' }));
      await within(dialog).findByRole('button', { name: 'Close' });
      const [first, second] = writes();
      expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
    },
    // Two whole payments, each with its dialog's animation.
    2 * SLOW,
  );

  it(
    "shows a refusal in the server's words, and a field's problem under the field",
    async () => {
      paymentAttempts = 0;
      answerPayment = (attempt) =>
        attempt === 1
          ? json(422, { error: { code: 'cash_desk_closed', message: 'The cash desk of November is closed.' } })
          : json(422, {
              error: { code: 'student_not_in_group', message: 'x', details: { field: 'group_id' } },
            });
      const dialog = await openDialog('Take a payment');
      typeAmount(dialog, '100');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Take the payment' }));
      expect((await within(dialog).findByRole('alert')).textContent).toContain('The cash desk of November is closed.');

      fireEvent.click(within(dialog).getByRole('button', { name: 'Take the payment' }));
      expect(await within(dialog).findByText('The student is not in this group.')).toBeTruthy();
      expect(within(dialog).queryByText('12 500.50 KZT received')).toBeNull();
    },
    SLOW,
  );

  it(
    'refuses an amount of 0 before asking the server',
    async () => {
      paymentAttempts = 0;
      answerPayment = () => json(200, anEntry());
      const dialog = await openDialog('Take a payment');
      typeAmount(dialog, '0');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Take the payment' }));
      expect(await within(dialog).findByText('Enter an amount greater than 0')).toBeTruthy();
      expect(writes()).toHaveLength(0);
    },
    SLOW,
  );
});

describe('the refund and write-off dialogs', () => {
  it(
    'asks before a refund, and sends nothing when the cashier says no',
    async () => {
      paymentAttempts = 0;
      answerPayment = () => json(200, anEntry({ id: 40, kind: 'refund', amount: -500_000 }));
      const dialog = await openDialog('Refund');
      typeAmount(dialog, '5000');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
      const question = 'Refund 5 000 KZT to Karimov Aziz?';
      const confirmDialog = async () => (await screen.findAllByText(question))[0]?.closest('.ant-modal') as HTMLElement;
      const confirm = await confirmDialog();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByText(question)).toBeNull());
      expect(writes()).toHaveLength(0);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
      const again = await confirmDialog();
      fireEvent.click(within(again).getByRole('button', { name: 'Refund' }));
      await waitFor(() => expect(writes()).toHaveLength(1));
      expect(writes()[0]).toMatchObject({ url: '/api/v1/refund', body: { student_id: 11, amount: 500_000 } });
      expect(writes()[0]?.headers['Idempotency-Key']).toBeTruthy();
    },
    SLOW,
  );

  it(
    'needs a reason to write off',
    async () => {
      paymentAttempts = 0;
      answerPayment = () => json(200, anEntry({ id: 41, kind: 'write_off', amount: -100_00, method: null }));
      const dialog = await openDialog('Write off');
      typeAmount(dialog, '100');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
      expect(await within(dialog).findByText('This field is required')).toBeTruthy();
      expect(writes()).toHaveLength(0);

      fireEvent.change(within(dialog).getByLabelText('Reason for the write-off'), { target: { value: 'Book' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
      await waitFor(() => expect(writes()).toHaveLength(1));
      expect(writes()[0]).toMatchObject({
        url: '/api/v1/write-off/custom/11',
        body: { amount: 100_00, comment: 'Book', group_id: null },
      });
    },
    SLOW,
  );
});
