import { Role, type StudentShop } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { onScreen } from '../../test/screen-width';
import { aCompany, aUser } from '../../test/session-fixtures';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { aCoinAccount, aMyOrder, anEntry, aPage, aShop, aShopProduct } from './gamification-fixtures';
import { ShopPage } from './shop-page';

let shop: StudentShop = aShop();
let orderAnswer: (call: ApiCall) => Response = () => json(200, aMyOrder({ id: 50 }));

const calls = stubApi((call) => {
  const { method, url } = call;
  if (url === '/api/v1/gamification/shop') return json(200, shop);
  if (method === 'POST' && url === '/api/v1/gamification/shop/orders') return orderAnswer(call);
  if (url === '/api/v1/gamification/shop/orders/41/cancel') return json(200, aMyOrder({ status: 2, code: null }));
  if (url.startsWith('/api/v1/gamification/coins/7?'))
    return json(
      200,
      aCoinAccount({
        student: { id: 7, name: 'Aziza Karimova' },
        entries: url.includes('page=2')
          ? aPage([anEntry({ id: 2, amount: 100, kind: 'rule', rule: 'birthday', reason: null })], {
              total: 11,
              page: 2,
              perPage: 10,
            })
          : aPage(
              [
                anEntry(),
                anEntry({ id: 3, amount: -120, kind: 'order_reserve', rule: null, reason: 'Notebook', order_id: 41 }),
              ],
              { total: 11, perPage: 10 },
            ),
        policies: { give: false },
      }),
    );
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  // The shop is the student's own: signed in as a student of a company with gamification on.
  storeUser(aUser([Role.student], aCompany({}, { gamification: true })), 'token');
  onScreen('phone');
  shop = aShop();
  orderAnswer = () => json(200, aMyOrder({ id: 50 }));
});

const openShop = () => renderAt('/shop', '/shop', <ShopPage />);
const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('.ant-card') as HTMLElement;
const writes = () => calls.filter((call) => call.method === 'POST');

describe('the student’s shop (/shop)', () => {
  it('shows his coins first and which products he can take now, on a 390 px phone', async () => {
    shop = aShop({
      balance: 250,
      reserved: 120,
      products: [
        aShopProduct(),
        aShopProduct({ id: 4, name: 'Hoodie', price: 280, affordable: false }),
        aShopProduct({ id: 5, name: 'Mug', price: 100, in_stock: false, photo: null }),
      ],
    });
    openShop();
    expect(await screen.findByRole('heading', { name: 'Shop', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Balance')).toBeTruthy();
    expect(screen.getByText('Held by orders')).toBeTruthy();
    expect(screen.getByText('250')).toBeTruthy();

    const notebook = cardOf('Notebook');
    expect(within(notebook).getByText('You can order it')).toBeTruthy();
    expect(within(notebook).getByText('120 coins')).toBeTruthy();
    expect(within(notebook).getByText('A5, 96 pages')).toBeTruthy();
    expect(within(notebook).getByRole('button', { name: 'Order “Notebook”' }).hasAttribute('disabled')).toBe(false);
    // One column on a phone.
    expect(notebook.closest('.ant-col')?.className).toContain('ant-col-xs-24');

    const hoodie = cardOf('Hoodie');
    expect(within(hoodie).getByText('Not enough coins: 30 more needed')).toBeTruthy();
    expect(within(hoodie).getByRole('button', { name: 'Order “Hoodie”' }).hasAttribute('disabled')).toBe(true);
    const mug = cardOf('Mug');
    expect(within(mug).getByText('Out of stock')).toBeTruthy();
    expect(within(mug).getByRole('button', { name: 'Order “Mug”' }).hasAttribute('disabled')).toBe(true);
  });

  it('says when the shop has nothing yet', async () => {
    shop = aShop({ products: [] });
    openShop();
    expect(await screen.findByText('There is nothing in the shop yet.')).toBeTruthy();
  });

  it('orders after a question, then shows the code to show at the desk', async () => {
    openShop();
    fireEvent.click(await screen.findByRole('button', { name: 'Order “Notebook”' }));
    const question = await screen.findByRole('dialog');
    expect(within(question).getByText('120 coins are held for it until the desk hands it over to you.')).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.click(within(question).getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Show this code at the desk')).toBeTruthy();
    expect(screen.getByLabelText('Code 48213').textContent).toBe('48213');
    expect(writes()).toEqual([{ method: 'POST', url: '/api/v1/gamification/shop/orders', body: { product_id: 3 } }]);
  });

  it('says why an order is refused', async () => {
    orderAnswer = () => json(422, { error: { code: 'product_out_of_stock', message: '' } });
    openShop();
    fireEvent.click(await screen.findByRole('button', { name: 'Order “Notebook”' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('This product has run out.')).toBeTruthy();
    expect(screen.queryByText('Show this code at the desk')).toBeNull();
  });

  it('lists his orders with the code of a pending one, and takes one back after a question', async () => {
    shop = aShop({
      orders: [aMyOrder(), aMyOrder({ id: 39, status: 1, code: null, policies: { cancel: false } })],
    });
    openShop();
    fireEvent.click(await screen.findByRole('tab', { name: 'My orders (1)' }));
    expect(await screen.findByLabelText('Code 48213')).toBeTruthy();
    expect(screen.getByText('Handed over')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Cancel the order' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));
    const question = await screen.findByRole('tooltip');
    expect(within(question).getByText('Your coins come back.')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('The order “Notebook” is cancelled; your coins are back')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', url: '/api/v1/gamification/shop/orders/41/cancel', body: undefined }]);
  });

  it('shows where his coins came from, a page at a time', async () => {
    openShop();
    fireEvent.click(await screen.findByRole('tab', { name: 'My coins' }));
    expect(await screen.findByText('Present at a lesson')).toBeTruthy();
    expect(screen.getByText('+5 coins')).toBeTruthy();
    expect(screen.getByText('ENG-4, 01.03.2025')).toBeTruthy();
    expect(screen.getByText('Spent on an order')).toBeTruthy();
    expect(screen.getByText('−120 coins')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Birthday')).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/v1/gamification/coins/7?page=2&per_page=10'));
  });
});
