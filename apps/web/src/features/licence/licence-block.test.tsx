import { branchRoutes } from '@crm/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../shared/api/api';
import { setApiErrorHandlers } from '../../shared/api/api-client';
import { json, stubApi } from '../courses/test-support';
import { LICENCE_KEY, licenceBlockHandler } from './licence-block';

let refusal: string;
stubApi(({ url }) =>
  url === '/api/v1/licence'
    ? json(200, { licence: {}, policies: {} })
    : json(402, { error: { code: refusal, message: 'licence' } }),
);

/** A page that asks the API for something on opening, as every page of the shell does. */
function Asking({ name }: { name: string }) {
  useQuery({ queryKey: ['branches', name], queryFn: () => api(branchRoutes.listBranchesForAdmin, { query: {} }) });
  return <h1>{name}</h1>;
}

/** The app's router and handler as app.tsx wires them, at `path`. */
function renderApp(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <Asking name="Dashboard" /> },
      { path: '/billing', element: <Asking name="Billing" /> },
      { path: '/auth/billing-page', element: <h1>Billing page</h1> },
    ],
    { initialEntries: [path] },
  );
  const refreshed: string[] = [];
  setApiErrorHandlers({
    onLicenceBlocked: licenceBlockHandler({
      pathname: () => router.state.location.pathname,
      navigate: (to) => void router.navigate(to, { replace: true }),
      refreshLicence: () => {
        refreshed.push('licence');
        void client.invalidateQueries({ queryKey: LICENCE_KEY, exact: true });
      },
    }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, refreshed };
}

beforeEach(() => {
  refusal = 'licence_expired';
});
afterEach(() => setApiErrorHandlers({ onLicenceBlocked: () => {} }));

describe('a 402 from the licence gate', () => {
  it('licence_expired takes the signed-in user to /auth/billing-page', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/billing-page');
  });

  it('leaves him on /billing, where he pays (the shell around it meets the same refusal)', async () => {
    const { router, refreshed } = renderApp('/billing');
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeTruthy();
    await waitFor(() => expect(refreshed.length).toBeGreaterThan(0));
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('licence_read_only keeps the page and asks for the licence again (the notice says until when)', async () => {
    refusal = 'licence_read_only';
    const { router, refreshed } = renderApp('/dashboard');
    await waitFor(() => expect(refreshed).toEqual(['licence']));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});
