import type { CompanySharedInfo } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession } from '../../shared/session/session-store';
import type { ApiCall } from '../courses/test-support';

export { json } from '../courses/test-support';

/** The company of the host `demo.localhost`, as GET /company/subdomain/demo answers a visitor (in English). */
export const aHostCompany = (overrides: Partial<CompanySharedInfo> = {}): CompanySharedInfo => ({
  id: 1,
  name: 'Demo Academy',
  subdomain: 'demo',
  logo: null,
  start_of_working_day: '08:00',
  end_of_working_day: '20:00',
  company_type: 'training_center',
  country: 'uz',
  locale: 'en',
  theme_color: 'light.orange',
  ...overrides,
});

/** Tests of the visitor's pages: nobody is signed in, English, the API answered by `respond`. */
export function stubVisitorApi(respond: (call: ApiCall) => Response): ApiCall[] {
  const calls: ApiCall[] = [];
  beforeEach(async () => {
    calls.length = 0;
    localStorage.clear();
    clearSession();
    await changeLanguage('en', false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
        calls.push(call);
        return respond(call);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    clearSession();
    vi.unstubAllGlobals();
  });
  return calls;
}

/** Shows where the router is, so a test can see a page leave (or clean) the address. */
function AddressProbe() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="address">{`${pathname}${search}${hash}`}</output>;
}

/** Renders the router at `path` with these pages (and every other address showing its path). */
export function renderAt(path: string, pages: Record<string, ReactNode>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <Routes>
            {Object.entries(pages).map(([route, page]) => (
              <Route key={route} path={route} element={page} />
            ))}
          </Routes>
          <AddressProbe />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const address = () => screen.getByTestId('address').textContent;

export const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

export const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
