import {
  type CompanyPublic,
  type LedgerEntry,
  type PaymentList,
  Role,
  type RoleId,
  type UserProfile,
} from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aCompany, aUser } from '../../test/session-fixtures';

/** Page tests of the money screens: the API is a stub that records every call with its headers. */

export interface ApiCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const pageOf = (count: number, total = count, perPage = 20) => ({
  count,
  current_page: 1,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});

export const anEntry = (overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: 1,
  kind: 'payment',
  amount: 450_000,
  date: '2025-11-20',
  branch_id: 2,
  student: { id: 11, name: 'Karimov Aziz' },
  group: { id: 4, title: 'ENG-4' },
  method: 'cash',
  comment: null,
  reverses_id: null,
  reversal: null,
  reversed_by_id: null,
  reason: null,
  author: { id: 3, name: 'Nurmatova Aziza' },
  created_at: '2025-11-20T09:00:00.000Z',
  ...overrides,
});

export const aPaymentList = (data: LedgerEntry[], overrides: Partial<PaymentList> = {}): PaymentList => ({
  data,
  pagination: pageOf(data.length, data.length, 50),
  total: data.filter((e) => e.reversed_by_id === null).reduce((sum, e) => sum + e.amount, 0),
  by_method: {},
  ...overrides,
});

export const aStudent = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: 11,
  name: 'Karimov Aziz',
  phone: '901234567',
  birthday: null,
  gender: 'm',
  comment: null,
  parent_name: null,
  parent_phone: null,
  ext_id: null,
  roles: [{ id: Role.student, name: 'Student' }],
  branches: [{ id: 2, name: 'Yunusobod' }],
  main_branch: 2,
  tags: [],
  groups: [
    {
      id: 4,
      name: 'ENG-4',
      status: 2,
      student_status: 5,
      course: { id: 1, name: 'English' },
      teacher: { id: 3, name: 'Rahimova Sevara' },
      start_time: '09:00',
      end_time: '10:30',
      days: [1, 3, 5],
      joined_at: '2025-09-01',
    },
  ],
  archived_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  extra_phone: null,
  email: null,
  telegram: null,
  address: null,
  passport_id: null,
  has_password: false,
  types: ['student'],
  ...overrides,
});

/**
 * In English, signed in with `roles`, the API answered by `respond` (a call it does not know gets a 404).
 * Returns the calls made, emptied before each test.
 */
export function stubMoneyApi(
  respond: (call: ApiCall) => Response | undefined,
  { roles = [Role.cashier], company = aCompany() }: { roles?: RoleId[]; company?: CompanyPublic } = {},
) {
  const calls: ApiCall[] = [];
  beforeAll(() => changeLanguage('en', false));
  beforeEach(() => {
    calls.length = 0;
    storeUser(aUser(roles, company), 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const call: ApiCall = {
          method: init.method ?? 'GET',
          url,
          headers: { ...(init.headers as Record<string, string>) },
          body: init.body ? JSON.parse(String(init.body)) : undefined,
        };
        calls.push(call);
        return respond(call) ?? json(404, { error: { code: 'not_found', message: 'Not found.' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });
  return calls;
}

const RECEIPT = '/finance/receipt/:id';

/** Renders a page at `path` (a route pattern when it has parameters), with a receipt route to land on. */
export function renderAt(page: ReactNode, path = '/', pattern = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <Routes>
            <Route path={pattern} element={page} />
            {pattern !== RECEIPT && <Route path={RECEIPT} element={<p>receipt page</p>} />}
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The page with its pickers and table is a heavy first render in jsdom on a busy machine. */
export const SLOW = 120_000;
