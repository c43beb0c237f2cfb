import type { TariffList } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { BillingOrderPage } from './billing-order-page';
import { aLicenceAnswer, anOrder, aTariffList } from './licence-fixtures';

const browser = vi.hoisted(() => ({ opened: [] as string[] }));
vi.mock('../auth/browser-address', () => ({
  browserHost: () => ({ protocol: 'http:', hostname: 'demo.localhost', port: '3000' }),
  openAddress: (url: string) => browser.opened.push(url),
}));

let prices: TariffList;
let orderAnswer: () => Response;

const calls = stubApi(({ method, url }) => {
  if (url === '/api/v1/licence') return json(200, aLicenceAnswer());
  if (url === '/api/v1/licence/tariffs') return json(200, prices);
  if (method === 'POST' && url === '/api/v1/licence/orders') return orderAnswer();
  if (url === '/api/v1/licence/orders/5/checkout')
    return json(200, { status: 'open', redirect_url: 'https://checkout.paycom.uz/abc' });
  if (url === '/api/v1/licence/orders/5/invoice') return new Response(new Blob(['%PDF']), { status: 200 });
  return json(404, { error: { code: 'not_found', message: 'no' } });
});
const writes = () => calls.filter((call) => call.method !== 'GET');

beforeEach(() => {
  prices = aTariffList();
  orderAnswer = () => json(200, anOrder());
  browser.opened.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:invoice');
  URL.revokeObjectURL = vi.fn();
});

const band = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name} students`) });
const total = () => screen.getByTestId('licence-total').textContent;

describe('BillingOrderPage', () => {
  it("shows each band's price for the period, the period's discount and the total", async () => {
    renderPage(<BillingOrderPage />);
    // The centre's own band (up to 100) and one month are chosen first.
    expect(await screen.findByText('0–100 students')).toBeTruthy();
    expect((band('0–100') as HTMLInputElement).checked).toBe(true);
    expect(total()).toBe('500 000 UZS');
    expect(screen.getByText('−20%')).toBeTruthy();
    expect(screen.getByText('−5%')).toBeTruthy();

    fireEvent.click(screen.getByText('12 mo.'));
    // 500 000 × 12 less 20 %.
    expect(total()).toBe('4 800 000 UZS');
    expect(screen.getByText('400 000 UZS a month')).toBeTruthy();

    fireEvent.click(band('100–300'));
    expect(total()).toBe('9 600 000 UZS');
    expect(screen.getByText('for 12 mo., up to 300 students')).toBeTruthy();
  });

  it('orders the chosen band and period and goes to the provider chosen', async () => {
    renderPage(<BillingOrderPage />);
    await screen.findByText('0–100 students');
    fireEvent.click(band('100–300'));
    fireEvent.click(screen.getByText('12 mo.'));
    fireEvent.click(screen.getByRole('radio', { name: 'Click' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay online' }));

    await waitFor(() => expect(browser.opened).toEqual(['https://checkout.paycom.uz/abc']));
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/v1/licence/orders', body: { max_students: 300, period_months: 12 } },
      { method: 'POST', url: '/api/v1/licence/orders/5/checkout', body: { provider: 'click' } },
    ]);
  });

  it('without an online provider explains it and offers the invoice, which is ordered and downloaded', async () => {
    prices = aTariffList({ providers: [] });
    renderPage(<BillingOrderPage />);
    expect(await screen.findByText(/Online payment is not available in your country yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay online' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Invoice for bank transfer/ }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/licence/orders/5/invoice')).toBe(true));
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/v1/licence/orders', body: { max_students: 100, period_months: 1 } },
    ]);
    expect(URL.createObjectURL).toHaveBeenCalled();
    expect(browser.opened).toEqual([]);
  });

  it("words the server's refusal", async () => {
    orderAnswer = () => json(422, { error: { code: 'tariff_not_offered', message: 'x' } });
    renderPage(<BillingOrderPage />);
    await screen.findByText('0–100 students');
    fireEvent.click(screen.getByRole('button', { name: 'Pay online' }));
    expect(await screen.findByText('There is no price for this plan and period; choose another.')).toBeTruthy();
    expect(browser.opened).toEqual([]);
  });
});
