import type { CoinSettings, ProductList } from '@crm/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadWithProgress } from '../../shared/api/file-transfer';
import { onScreen } from '../../test/screen-width';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { aProduct, aProductList, coinSettings, PHOTO } from './gamification-fixtures';
import { ShopPanelPage } from './shop-panel-page';

// The browser's upload, so a test sees its progress, then answers it.
vi.mock('../../shared/api/file-transfer', async (original) => ({
  ...(await original<typeof import('../../shared/api/file-transfer')>()),
  uploadWithProgress: vi.fn(),
}));

let products: ProductList = aProductList([]);
let settings: CoinSettings = coinSettings();
let refuse: ((call: ApiCall) => Response | null) | null = null;

const calls = stubApi((call) => {
  const refusal = refuse?.(call);
  if (refusal) return refusal;
  const { method, url, body } = call;
  if (method === 'GET' && url.startsWith('/api/v1/gamification/products')) return json(200, products);
  if (method === 'POST' && url === '/api/v1/gamification/products') return json(200, aProduct({ id: 9 }));
  if (method === 'PUT' && url.startsWith('/api/v1/gamification/products/')) return json(200, aProduct(body as object));
  if (method === 'DELETE' && url.startsWith('/api/v1/gamification/products/')) return json(200, { ok: true });
  if (url === '/api/v1/gamification/settings') return json(200, method === 'PUT' ? body : settings);
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  onScreen('desktop');
  products = aProductList([]);
  settings = coinSettings();
  refuse = null;
});

const writes = () => calls.filter((call) => call.method !== 'GET');
const openPage = (address = '/gamification/shop-panel') =>
  renderAt(address, '/gamification/shop-panel', <ShopPanelPage />);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const confirmPopup = async (okText: string) =>
  fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: okText }));

describe('the shop panel (gamification/shop-panel)', () => {
  it('lists products with photo, price, stock, status and branch, and archives the ordered one', async () => {
    products = aProductList([
      aProduct(),
      aProduct({
        id: 4,
        name: 'Hoodie',
        description: '',
        photo: null,
        stock: null,
        status: 2,
        branch: null,
        policies: { edit: true, delete: false },
      }),
    ]);
    openPage();
    await screen.findByText('Notebook');
    expect(calls[0]?.url).toBe('/api/v1/gamification/products?page=1&per_page=20');

    const notebook = rowOf('Notebook');
    expect(within(notebook).getByRole('img', { name: 'Notebook' }).getAttribute('src')).toBe(PHOTO);
    expect(within(notebook).getByText('120 coins')).toBeTruthy();
    expect(within(notebook).getByText('10')).toBeTruthy();
    expect(within(notebook).getByText('Available')).toBeTruthy();
    expect(within(notebook).getByText('Yunusobod')).toBeTruthy();
    expect(within(notebook).queryByRole('button', { name: /Archive/ })).toBeNull();

    const hoodie = rowOf('Hoodie');
    expect(within(hoodie).getByText('Unlimited')).toBeTruthy();
    expect(within(hoodie).getByText('Unavailable')).toBeTruthy();
    expect(within(hoodie).getByText('All branches')).toBeTruthy();
    // Ordered before: no deleting, an archive explained instead.
    expect(within(hoodie).queryByRole('button', { name: /Delete/ })).toBeNull();
    fireEvent.click(within(hoodie).getByRole('button', { name: 'Archive “Hoodie”' }));
    expect((await screen.findAllByText(/it is archived, not deleted/)).length).toBeGreaterThan(0);
    await confirmPopup('Archive');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/gamification/products/4',
      body: { name: 'Hoodie', price: 120, stock: null, status: 3, branch_id: null, photo: null },
    });
    expect(await screen.findByText('The product is archived')).toBeTruthy();
  });

  it('invites to add the first product', async () => {
    openPage();
    expect(await screen.findByText('No products yet: add the first one for your students.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add a product/ })).toBeTruthy();
  });

  it('keeps the filters in the address and says when nothing matches them', async () => {
    openPage('/gamification/shop-panel?status=3&search=pen');
    expect(await screen.findByText('No product matches these filters.')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/gamification/products?status=3&search=pen&page=1&per_page=20');
  });

  it('adds a product with its photo uploaded with progress', async () => {
    let progress: (percent: number) => void = () => {};
    let answer: (photo: { address: string }) => void = () => {};
    vi.mocked(uploadWithProgress).mockImplementation((_path, _query, _file, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => {
        answer = resolve as typeof answer;
      });
    });
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: /Add a product/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Mug ' } });
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '300' } });
    const file = new File(['x'], 'mug.png', { type: 'image/png' });
    fireEvent.change(dialog.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });
    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalled());
    expect(vi.mocked(uploadWithProgress).mock.calls[0]?.slice(0, 3)).toEqual(['/gamification/photo', {}, file]);
    act(() => progress(40));
    expect((await screen.findByLabelText('Uploading the photo')).getAttribute('aria-valuenow')).toBe('40');
    await act(async () => answer({ address: PHOTO }));
    expect(within(dialog).getByRole('img', { name: 'The product’s photo' }).getAttribute('src')).toBe(PHOTO);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: '/api/v1/gamification/products',
      body: { name: 'Mug', description: '', photo: PHOTO, price: 300, stock: null, status: 1, branch_id: 2 },
    });
    expect(await screen.findByText('The product is added')).toBeTruthy();
  });

  it('puts the server’s refusal of “all branches” under the branch, and a refused delete in a toast', async () => {
    products = aProductList([aProduct()]);
    refuse = ({ method }) => {
      if (method === 'PUT')
        return json(400, {
          error: { code: 'validation_failed', message: '', details: [{ field: 'branch_id', rule: 'required' }] },
        });
      if (method === 'DELETE') return json(422, { error: { code: 'product_has_orders', message: '' } });
      return null;
    };
    openPage();
    await screen.findByText('Notebook');
    fireEvent.click(within(rowOf('Notebook')).getByRole('button', { name: 'Edit “Notebook”' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Branch' }));
    fireEvent.click(await screen.findByText('All branches', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Choose a branch: you cannot offer a product in every branch.'),
    ).toBeTruthy();
    expect(writes()[0]?.body).toMatchObject({ branch_id: null });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(rowOf('Notebook')).getByRole('button', { name: 'Delete “Notebook”' }));
    await confirmPopup('Delete');
    expect(
      await screen.findByText('The product has been ordered, so it cannot be deleted: archive it instead.'),
    ).toBeTruthy();
    expect(writes().at(-1)).toMatchObject({ method: 'DELETE', url: '/api/v1/gamification/products/3' });
  });

  it('switches coin rules on with their amounts and lets employees give coins', async () => {
    openPage('/gamification/shop-panel?tab=rules');
    const employees = await screen.findByRole('switch', { name: 'Employees give and take coins' });
    expect(screen.getByRole('spinbutton', { name: 'Coins for: Birthday' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(employees);
    fireEvent.click(screen.getByRole('switch', { name: 'Good grade' }));
    const amount = screen.getByRole('spinbutton', { name: 'Coins for: Good grade' });
    await waitFor(() => expect(amount.hasAttribute('disabled')).toBe(false));
    fireEvent.change(amount, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'PUT',
      url: '/api/v1/gamification/settings',
      body: {
        ...coinSettings(),
        employees_give: true,
        grade_at_least: { on: true, amount: 15, threshold: 5 },
      },
    });
    expect(await screen.findByText('The coin rules are saved')).toBeTruthy();
  });

  it('says so when the company has not turned gamification on', async () => {
    refuse = () => json(403, { error: { code: 'gamification_off', message: '' } });
    openPage();
    expect(await screen.findByText('Gamification is off: the owner turns it on in the company settings.')).toBeTruthy();
  });
});
