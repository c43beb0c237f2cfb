import {
  type CoinAccount,
  type CoinEntry,
  DEFAULT_COIN_SETTINGS,
  type MyOrder,
  type Order,
  type Pagination,
  type Product,
  type ProductList,
  type ShopProduct,
  type StudentShop,
} from '@crm/contracts';
import type { ListResponse } from '../../shared/api/list-response';

/** Answers of issue 21's calls, as the server gives them, for the page tests. */

const pageOf = (count: number, total: number, page: number, perPage: number): Pagination => ({
  count,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});

/** A page of a list holding `rows` (20 a page unless told). */
export const aPage = <T>(
  rows: T[],
  { total = rows.length, page = 1, perPage = 20 }: { total?: number; page?: number; perPage?: number } = {},
): ListResponse<T> => ({ data: rows, pagination: pageOf(rows.length, total, page, perPage) });

export const PHOTO = '/api/v1/gamification/photo/1/0123456789abcdef0123456789abcdef';

/** A product of branch Yunusobod, never ordered: the caller may change and delete it. */
export const aProduct = (overrides: Partial<Product> = {}): Product => ({
  id: 3,
  name: 'Notebook',
  description: 'A5, 96 pages',
  photo: PHOTO,
  price: 120,
  stock: 10,
  status: 1,
  branch: { id: 2, name: 'Yunusobod' },
  pending_orders: 0,
  policies: { edit: true, delete: true },
  ...overrides,
});

export const aProductList = (products: Product[], create = true): ProductList => ({
  ...aPage(products),
  policies: { create },
});

/** A pending order of Ali Valiyev for a notebook, which the caller may hand over or cancel. */
export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  id: 41,
  status: 0,
  product: { id: 3, name: 'Notebook', photo: null },
  student: { id: 11, name: 'Ali Valiyev' },
  branch: { id: 2, name: 'Yunusobod' },
  price: 120,
  responsible: null,
  created_at: '2025-03-01T09:30:00Z',
  confirmed_at: null,
  cancelled_at: null,
  locked_until: null,
  policies: { confirm: true, cancel: true },
  ...overrides,
});

export const anEntry = (overrides: Partial<CoinEntry> = {}): CoinEntry => ({
  id: 1,
  amount: 5,
  kind: 'rule',
  rule: 'attendance_present',
  reason: 'ENG-4, 01.03.2025',
  order_id: null,
  author: null,
  created_at: '2025-03-01T10:00:00Z',
  ...overrides,
});

export const aCoinAccount = (overrides: Partial<CoinAccount> = {}): CoinAccount => ({
  student: { id: 11, name: 'Ali Valiyev' },
  balance: 250,
  reserved: 120,
  entries: aPage([anEntry()], { perPage: 10 }),
  policies: { give: true },
  ...overrides,
});

export const aShopProduct = (overrides: Partial<ShopProduct> = {}): ShopProduct => {
  const { policies: _policies, pending_orders: _pending, ...product } = aProduct();
  return { ...product, affordable: true, in_stock: true, ...overrides };
};

export const aMyOrder = (overrides: Partial<MyOrder> = {}): MyOrder => {
  const { policies: _policies, locked_until: _locked, ...order } = anOrder();
  return { ...order, code: '48213', policies: { cancel: true }, ...overrides };
};

export const aShop = (overrides: Partial<StudentShop> = {}): StudentShop => ({
  balance: 250,
  reserved: 0,
  products: [aShopProduct()],
  orders: [],
  ...overrides,
});

export const coinSettings = () => structuredClone(DEFAULT_COIN_SETTINGS);
