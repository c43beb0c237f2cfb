import { Role, type StudentCheckoutList } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aStudent, json, renderAt, stubMoneyApi } from '../finance/finance-test-support';
import { aCheckout, aCheckoutList, TOKEN } from './online-payments-fixtures';
import { SendPaymentLinkButton } from './payment-link-button';

const STUDENT = aStudent();
const URL = `http://demo.localhost:3000/entry/pay/${TOKEN}`;
let list: StudentCheckoutList;
beforeEach(() => {
  list = aCheckoutList();
});

const calls = stubMoneyApi(
  ({ method, url }) => {
    if (url === `/api/v1/online-payments/checkouts?student_id=${STUDENT.id}`) return json(200, list);
    if (method === 'POST' && url === '/api/v1/online-payments/links') {
      return json(200, { checkout: aCheckout({ redirect_url: null }), url: URL, messages: 2 });
    }
    return undefined;
  },
  { roles: [Role.admin] },
);

describe('SendPaymentLinkButton', () => {
  it('sends the link with the amount, group, provider and recipients chosen, then shows it', async () => {
    renderAt(<SendPaymentLinkButton student={STUDENT} />);
    fireEvent.click(await screen.findByRole('button', { name: /Send payment link/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount, UZS'), { target: { value: '450000' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Group' }));
    fireEvent.click(await screen.findByTitle('ENG-4'));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Click' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Parent' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send SMS' }));
    expect(await within(dialog).findByText('SMS sent (2)')).toBeTruthy();
    expect(within(dialog).getByText(URL)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      student_id: STUDENT.id,
      group_id: 4,
      provider: 'click',
      amount: 450_000,
      to: 'parent',
    });
  });

  it('sends nothing without an amount', async () => {
    renderAt(<SendPaymentLinkButton student={STUDENT} />);
    fireEvent.click(await screen.findByRole('button', { name: /Send payment link/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send SMS' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is not offered when the server says this user may not send one', async () => {
    list = aCheckoutList({ policies: { can_pay: true, can_send_link: false } });
    renderAt(<SendPaymentLinkButton student={STUDENT} />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Send payment link/ })).toBeNull();
  });
});
