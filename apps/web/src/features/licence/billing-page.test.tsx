import type { LicenceAnswer } from '@crm/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { BillingPage } from './billing-page';
import { aLicenceAnswer, anOrder, aTariffList } from './licence-fixtures';

let licence: LicenceAnswer;

const calls = stubApi(({ url }) => {
  if (url === '/api/v1/licence') return json(200, licence);
  if (url === '/api/v1/licence/tariffs') return json(200, aTariffList());
  if (url === '/api/v1/licence/orders')
    return json(200, {
      data: [
        anOrder(),
        anOrder({ id: 4, number: '1-4', status: 'paid', max_students: 100, period_months: 3, amount: 1_425_000 }),
      ],
    });
  if (url === '/api/v1/company/1/payments')
    return json(200, {
      data: [
        {
          id: 9,
          order_id: 4,
          order_number: '1-4',
          amount: 1_425_000,
          currency: 'UZS',
          method: 'payme',
          reason: null,
          created_at: '2026-09-01T10:00:00.000Z',
        },
      ],
    });
  return json(404, { error: { code: 'not_found', message: 'no' } });
});

beforeEach(() => {
  licence = aLicenceAnswer({ state: 'ending', days_left: 4, ends_on: '2026-12-02' });
});

describe('BillingPage', () => {
  it('shows the licence, its orders and its payments, with renewal and Pay for who may order', async () => {
    renderPage(<BillingPage />);
    expect(await screen.findByText('Ending soon')).toBeTruthy();
    expect(screen.getByText('02.12.2026')).toBeTruthy();
    expect(screen.getByText('up to 100 students', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('64 / 100')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew / change plan' }).getAttribute('href')).toBe('/billing/order');

    const pending = (await screen.findByText('1-5')).closest('tr') as HTMLElement;
    expect(within(pending).getByText('9 600 000 UZS')).toBeTruthy();
    expect(within(pending).getByText('Awaiting payment')).toBeTruthy();
    expect(await within(pending).findByRole('button', { name: 'Pay' })).toBeTruthy();
    const paid = screen.getAllByText('1-4')[0]?.closest('tr') as HTMLElement;
    expect(within(paid).queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(within(paid).getByRole('button', { name: 'Invoice of order 1-4' })).toBeTruthy();

    expect(await screen.findByText('Payme')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/v1/company/1/payments');
  });

  it('offers neither renewal nor Pay without policies.can_order', async () => {
    licence = aLicenceAnswer({}, { can_order: false });
    renderPage(<BillingPage />);
    expect(await screen.findByText('1-5')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Renew / change plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(calls.some((call) => call.url === '/api/v1/licence/tariffs')).toBe(false);
  });

  it("says where the licence is paid on a partner's host, and asks for nothing else", async () => {
    licence = aLicenceAnswer({}, { can_order: false, billing_visible: false });
    renderPage(<BillingPage />);
    expect(await screen.findByText('Licences of this centre are paid through your partner.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/licence']);
  });
});
