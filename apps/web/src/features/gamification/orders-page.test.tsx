import type { Order } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { anOrder, aPage } from './gamification-fixtures';
import { OrdersPage } from './orders-page';

let orders: Order[] = [];
let confirmAnswer: (call: ApiCall) => Response = () => json(200, anOrder({ status: 1 }));

const calls = stubApi((call) => {
  const { method, url } = call;
  if (url === '/api/v1/gamification/orders/choices')
    return json(200, { products: [{ id: 3, name: 'Notebook' }], responsible: [{ id: 7, name: 'Aziza Karimova' }] });
  if (method === 'GET' && url.startsWith('/api/v1/gamification/orders?')) return json(200, aPage(orders));
  if (url === '/api/v1/gamification/orders/41/confirm') return confirmAnswer(call);
  if (url === '/api/v1/gamification/orders/41/cancel') return json(200, anOrder({ status: 2 }));
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  onScreen('desktop');
  orders = [];
  confirmAnswer = () => json(200, anOrder({ status: 1 }));
});

const openPage = (address = '/gamification/orders') => renderAt(address, '/gamification/orders', <OrdersPage />);
const listCalls = () => calls.filter((call) => call.url.startsWith('/api/v1/gamification/orders?'));
const writes = () => calls.filter((call) => call.method === 'POST');
const typeCode = (code: string) =>
  fireEvent.input(screen.getByRole('textbox', { name: 'OTP Input 1' }), { target: { value: code } });

describe('the orders (gamification/orders)', () => {
  it('lists orders with their status, and filters by a student clicked in the table', async () => {
    orders = [
      anOrder(),
      anOrder({
        id: 40,
        status: 1,
        product: { id: 5, name: 'Mug', photo: null },
        student: { id: 12, name: 'Vali Aliyev' },
        responsible: { id: 7, name: 'Aziza Karimova' },
        confirmed_at: '2025-03-02T10:00:00Z',
        policies: { confirm: false, cancel: false },
      }),
    ];
    openPage();
    const pending = (await screen.findByText('Notebook')).closest('tr') as HTMLElement;
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('120 coins')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Confirm “Notebook” for Ali Valiyev' })).toBeTruthy();
    const handed = screen.getByText('Mug').closest('tr') as HTMLElement;
    expect(within(handed).getByText('Handed over')).toBeTruthy();
    expect(within(handed).getByText('Aziza Karimova')).toBeTruthy();
    expect(within(handed).queryByRole('button')).toBeNull();

    fireEvent.click(within(pending).getByText('Ali Valiyev'));
    expect(await screen.findByText('Student: Ali Valiyev')).toBeTruthy();
    await waitFor(() =>
      expect(listCalls().at(-1)?.url).toBe('/api/v1/gamification/orders?student_id=11&page=1&per_page=20'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show every student' }));
    await waitFor(() => expect(screen.queryByText('Student: Ali Valiyev')).toBeNull());
    expect(listCalls().at(-1)?.url).toBe('/api/v1/gamification/orders?page=1&per_page=20');
  });

  it('says when there is no order yet', async () => {
    openPage();
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
  });

  it('filters by status and product from the address, pending being 0', async () => {
    openPage('/gamification/orders?status=0&product=3');
    expect(await screen.findByText('No order matches these filters.')).toBeTruthy();
    expect(listCalls()[0]?.url).toBe('/api/v1/gamification/orders?status=0&product_id=3&page=1&per_page=20');
    // The selects show the filters of the address.
    expect((await screen.findAllByTitle('Notebook')).length).toBeGreaterThan(0);
    expect(screen.getAllByTitle('Pending').length).toBeGreaterThan(0);
  });

  it('hands an order over with the student’s code, saying the tries left after a wrong one', async () => {
    orders = [anOrder()];
    confirmAnswer = ({ body }) =>
      (body as { code: string }).code === '11111'
        ? json(422, { error: { code: 'wrong_confirmation_code', message: '', details: { attempts_left: 3 } } })
        : json(200, anOrder({ status: 1 }));
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm “Notebook” for Ali Valiyev' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(ok.hasAttribute('disabled')).toBe(true);
    typeCode('11111');
    await waitFor(() => expect(ok.hasAttribute('disabled')).toBe(false));
    fireEvent.click(ok);
    expect(await within(dialog).findByText('The code is wrong. Attempts left: 3.')).toBeTruthy();
    expect(writes()[0]).toMatchObject({ url: '/api/v1/gamification/orders/41/confirm', body: { code: '11111' } });

    typeCode('48213');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('“Notebook” is handed over')).toBeTruthy();
    expect(writes()[1]?.body).toEqual({ code: '48213' });
    // The list is read again after each try.
    await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(3));
  });

  it('says until when an order is locked after too many wrong codes', async () => {
    orders = [anOrder()];
    confirmAnswer = () =>
      json(422, { error: { code: 'order_locked', message: '', details: { locked_until: '2025-03-01T10:15:00Z' } } });
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm “Notebook” for Ali Valiyev' }));
    typeCode('22222');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Too many wrong codes.*Locked until 01\.03\.2025/)).toBeTruthy();
  });

  it('cancels an order after saying the coins return to the student', async () => {
    orders = [anOrder()];
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order “Notebook” of Ali Valiyev' }));
    const question = await screen.findByRole('tooltip');
    expect(within(question).getByText('The coins return to the student.')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('The order is cancelled; the coins are back with the student')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', url: '/api/v1/gamification/orders/41/cancel', body: undefined }]);
  });
});
