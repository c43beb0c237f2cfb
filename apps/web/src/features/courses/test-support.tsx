import { Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';

/** Page tests of the catalogue features (courses, holidays, tags, archive reasons). */

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * In English, as an administrator, with the API answered by `respond`. Returns the calls made, emptied
 * before each test.
 */
export function stubApi(respond: (call: ApiCall) => Response): ApiCall[] {
  const calls: ApiCall[] = [];
  beforeAll(() => changeLanguage('en', false));
  beforeEach(() => {
    calls.length = 0;
    storeUser(aUser([Role.admin]), 'token');
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
    clearSession();
    vi.unstubAllGlobals();
  });
  return calls;
}

export function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>{page}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
