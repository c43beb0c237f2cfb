import type { ConsoleCompany } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { CONSOLE_ROUTES } from './console-app';
import { clearConsoleSession, storeConsoleSession } from './console-session';

/** The console's page tests: the API faked at fetch, in English, the console's own routes in memory. */

export interface ConsoleApiCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const CONSOLE_TOKEN = `pct_${'a'.repeat(43)}`;

export const signedIn = () =>
  storeConsoleSession({
    token: CONSOLE_TOKEN,
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    account: { id: 1, login: 'ops', name: 'Operations Person' },
  });

/** Fakes the API with `respond`; answers the calls made, emptied before each test. */
export function stubConsoleApi(respond: (call: ConsoleApiCall) => Response): ConsoleApiCall[] {
  const calls: ConsoleApiCall[] = [];
  beforeAll(() => changeLanguage('en', false));
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const headers = (init.headers ?? {}) as Record<string, string>;
        const call = {
          method: init.method ?? 'GET',
          url,
          body: init.body ? JSON.parse(String(init.body)) : undefined,
          authorization: headers.Authorization,
        };
        calls.push(call);
        return respond(call);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    clearConsoleSession();
    vi.unstubAllGlobals();
  });
  return calls;
}

/** The console app at `path`, as main.tsx draws it on admin.{BASE_DOMAIN} (minus the browser's history). */
export function renderConsole(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(CONSOLE_ROUTES, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}

export function aCompany(over: Partial<ConsoleCompany> = {}): ConsoleCompany {
  return {
    id: 1,
    name: 'Alpha Academy',
    subdomain: 'alpha',
    plan_student_limit: 100,
    licence_ends_on: '2031-05-20',
    licence_days_left: 10,
    students_active: 45,
    sms_used: 120,
    sms_monthly_limit: 500,
    last_activity_at: '2025-03-01T09:30:00.000Z',
    disabled: false,
    created_at: '2024-01-01T00:00:00.000Z',
    policies: { can_disable: true, can_enable: false },
    ...over,
  };
}

export const page = <T,>(data: T[], total = data.length, perPage = 20) => ({
  data,
  pagination: {
    count: data.length,
    current_page: 1,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
  },
});
