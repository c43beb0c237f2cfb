import { Role, type StudentCheckoutList } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubMoneyApi } from '../finance/finance-test-support';
import { aCheckout, aCheckoutList, aStudentCheckout } from './online-payments-fixtures';
import { StudentPaymentPage } from './student-payment-page';

const browser = vi.hoisted(() => ({ opened: [] as string[] }));
vi.mock('../auth/browser-address', () => ({
  browserHost: () => ({ protocol: 'http:', hostname: 'demo.localhost', port: '3000' }),
  openAddress: (url: string) => browser.opened.push(url),
}));

// The signed-in student of the session fixtures (aUser) is user 7.
const ME = 7;
let list: StudentCheckoutList;
beforeEach(() => {
  browser.opened.length = 0;
  list = aCheckoutList({
    data: [aStudentCheckout({ status: 'paid', paid_at: '2026-11-20T10:00:00.000Z', provider: 'click' })],
    balance: -450_000,
    groups: [
      { group_id: 4, name: 'ENG-4', month_price: 500_000 },
      { group_id: 9, name: 'MATH-2', month_price: 380_000 },
    ],
  });
});

const calls = stubMoneyApi(
  ({ method, url }) => {
    if (url === `/api/v1/online-payments/checkouts?student_id=${ME}`) return json(200, list);
    if (method === 'POST' && url === '/api/v1/online-payments/checkouts') {
      return json(200, aCheckout({ redirect_url: 'https://my.click.uz/services/pay?x=1' }));
    }
    return undefined;
  },
  { roles: [Role.student] },
);

const amount = () => screen.getByLabelText('Amount, UZS') as HTMLInputElement;

describe('StudentPaymentPage', () => {
  it("opens a checkout of the chosen group's month through the chosen provider and goes to its page", async () => {
    renderAt(<StudentPaymentPage />);
    const balance = await screen.findByTestId('own-balance');
    expect(balance.textContent).toBe('-450 000 UZS');
    // A debt shows in red.
    expect(balance.className).toContain('ant-typography-danger');
    // His debt is proposed as the amount; choosing a group proposes a month of it.
    await waitFor(() => expect(amount().value).toBe('450 000'));
    expect(screen.getByText('500 000 UZS a month')).toBeTruthy();
    expect(screen.getByText('380 000 UZS a month')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Month of the group ENG-4/ }));
    await waitFor(() => expect(amount().value).toBe('500 000'));
    fireEvent.click(screen.getByRole('radio', { name: 'Click' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(browser.opened).toEqual(['https://my.click.uz/services/pay?x=1']));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      student_id: ME,
      group_id: 4,
      provider: 'click',
      amount: 500_000,
    });
  });

  it('without a debt proposes a month of his first group, and nothing for a top-up of the balance', async () => {
    list = { ...list, balance: 120_000 };
    renderAt(<StudentPaymentPage />);
    const balance = await screen.findByTestId('own-balance');
    expect(balance.textContent).toBe('120 000 UZS');
    expect(balance.className).not.toContain('ant-typography-danger');
    expect(screen.queryByText('You have a debt')).toBeNull();
    await waitFor(() => expect(amount().value).toBe('500 000'));
    expect(screen.getByRole('radio', { name: /Month of the group ENG-4/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: /Month of the group MATH-2/ }));
    await waitFor(() => expect(amount().value).toBe('380 000'));
    fireEvent.click(screen.getByRole('radio', { name: 'Top up balance' }));
    await waitFor(() => expect(amount().value).toBe(''));
  });

  it('lists his recent online payments with how they went', async () => {
    renderAt(<StudentPaymentPage />);
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.getByText(/20\.11\.2026 .* · Click · Top up balance/)).toBeTruthy();
  });

  it('says so when the centre takes no payment online, and offers no form', async () => {
    list = aCheckoutList({ providers: [], policies: { can_pay: false, can_send_link: false } });
    renderAt(<StudentPaymentPage />);
    expect(await screen.findByText('Online payment is not set up in your centre')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});
