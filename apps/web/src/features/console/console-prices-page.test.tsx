import type { Tariff } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderConsole, signedIn, stubConsoleApi } from './console-test-support';

const tariff = (over: Partial<Tariff>): Tariff => ({
  id: 1,
  country: 'uz',
  currency: 'UZS',
  max_students: 100,
  min_students: 0,
  period_months: 1,
  price: 200000,
  discount_percent: 0,
  ...over,
});

const UZ = [
  tariff({ id: 1 }),
  tariff({ id: 2, period_months: 3, price: 570000, discount_percent: 5 }),
  tariff({ id: 3, period_months: 12, price: 2600000, discount_percent: -8 }),
  tariff({ id: 4, max_students: 300, min_students: 100, price: 400000 }),
];
const KZ = [tariff({ id: 20, country: 'kz', currency: 'KZT', price: 800050 })];

const calls = stubConsoleApi(({ method, url }) => {
  if (method === 'GET' && url === '/api/v1/console/tariffs?country=uz')
    return json(200, { country: 'uz', currency: 'UZS', data: UZ });
  if (method === 'GET' && url === '/api/v1/console/tariffs?country=kz')
    return json(200, { country: 'kz', currency: 'KZT', data: KZ });
  if (method === 'GET' && url.startsWith('/api/v1/console/tariffs?country='))
    return json(200, { country: url.slice(-2), currency: 'EUR', data: [] });
  if (method === 'PUT' && url === '/api/v1/console/tariffs') return json(200, UZ[1]);
  if (method === 'DELETE' && url === '/api/v1/console/tariffs/2') return json(200, { ok: true });
  return json(404, { error: { code: 'route_not_found', message: 'No such API route.' } });
});
const sent = (method: string) => calls.filter((c) => c.method === method);

beforeEach(signedIn);

const cell = (band: string, period: string) => screen.findByRole('button', { name: `Price for ${band}, ${period}` });
const openCell = async (band: string, period: string) => {
  fireEvent.click(await cell(band, period));
  return screen.findByRole('dialog');
};

describe('the console’s price list', () => {
  it('shows each band and period’s price with its discount, and the periods not offered', async () => {
    renderConsole('/prices');
    // A phone's width (jsdom has no wide screen): a card per band.
    expect(within(await cell('0–100 students', '1 month')).getByText('200 000 UZS')).toBeTruthy();
    const quarter = await cell('0–100 students', '3 months');
    expect(within(quarter).getByText('570 000 UZS')).toBeTruthy();
    expect(within(quarter).getByText('−5%')).toBeTruthy();
    expect(within(await cell('0–100 students', '12 months')).getByText('+8%')).toBeTruthy();
    expect(within(await cell('0–100 students', '6 months')).getByText('Not offered')).toBeTruthy();
    expect(within(await cell('300–1000 students', '1 month')).getByText('Not offered')).toBeTruthy();
    expect(sent('GET')[0]?.url).toBe('/api/v1/console/tariffs?country=uz');
  });

  it('shows each country’s own list, the rest under one tab with a choice of country', async () => {
    renderConsole('/prices');
    await cell('0–100 students', '1 month');
    fireEvent.click(screen.getByRole('tab', { name: 'Kazakhstan' }));
    expect(within(await cell('0–100 students', '1 month')).getByText('8 000.50 KZT')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Other countries' }));
    await waitFor(() => expect(sent('GET').at(-1)?.url).toBe('/api/v1/console/tariffs?country=tj'));
    expect(await screen.findByText('No prices for this country yet: its centres cannot order a licence.')).toBeTruthy();
  });

  it('changes a price in the dialog, typed in sum and sent in minor units', async () => {
    renderConsole('/prices');
    const dialog = await openCell('0–100 students', '3 months');
    expect(within(dialog).getByText('0–100 students, 3 months')).toBeTruthy();
    const price = within(dialog).getByLabelText('Price, UZS') as HTMLInputElement;
    expect(price.value).toBe('570 000');
    fireEvent.change(price, { target: { value: '600000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('PUT')[0]).toMatchObject({
        url: '/api/v1/console/tariffs',
        body: { country: 'uz', max_students: 100, period_months: 3, price: 600000 },
      }),
    );
    expect(await screen.findByText('Price saved')).toBeTruthy();
  });

  it('sets a price not offered yet only when it is above zero', async () => {
    renderConsole('/prices');
    const dialog = await openCell('300–1000 students', '6 months');
    expect(within(dialog).queryByRole('button', { name: 'Remove the price' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Enter a price above 0/)).toBeTruthy();
    expect(sent('PUT')).toHaveLength(0);
  });

  it('removes a price only after its confirmation', async () => {
    renderConsole('/prices');
    const dialog = await openCell('0–100 students', '3 months');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the price' }));
    // The question is found more than once in antd's confirmation (as money-dialog.test does): the first's dialog.
    const [confirm] = await screen.findAllByText('Remove the price for 0–100 students, 3 months?');
    expect(sent('DELETE')).toHaveLength(0);
    const confirmDialog = confirm?.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('DELETE')[0]?.url).toBe('/api/v1/console/tariffs/2'));
    expect(await screen.findByText('Price removed')).toBeTruthy();
  });
});
