import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';

/** A page of this feature at an address, matched by its route's pattern (its params read as in the app). */
export function renderAt(address: string, pattern: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <App>
          <Routes>
            <Route path={pattern} element={page} />
            <Route path="*" element={<p>left the page</p>} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
