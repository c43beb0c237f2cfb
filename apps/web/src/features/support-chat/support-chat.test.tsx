import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SupportChat } from './support-chat';

const CHAT = { base_url: 'https://chat.example.com', website_token: 'abcDEF123456' };
const scripts = () => [...document.querySelectorAll('script')].map((s) => s.getAttribute('src'));

function stubSettings(answer: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SupportChat /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the support chat', () => {
  it('asks nothing and loads nothing on the log-in page', async () => {
    const fetch = stubSettings(CHAT);
    renderAt('/auth/login');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetch).not.toHaveBeenCalled();
    expect(scripts()).not.toContain('https://chat.example.com/packs/js/sdk.js');
  });

  it('is absent when the platform has none configured', async () => {
    const fetch = stubSettings(null);
    renderAt('/groups');
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v1/platform/support-chat', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(scripts().filter((src) => src?.includes('sdk.js'))).toEqual([]);
  });

  it('loads the configured Chatwoot widget on the other pages and starts it with its token', async () => {
    stubSettings(CHAT);
    const run = vi.fn();
    window.chatwootSDK = { run };
    const router = renderAt('/dashboard');
    await waitFor(() => expect(scripts()).toContain('https://chat.example.com/packs/js/sdk.js'));
    const script = document.querySelector('script[src$="sdk.js"]') as HTMLScriptElement;
    script.dispatchEvent(new Event('load'));
    expect(run).toHaveBeenCalledWith({ websiteToken: 'abcDEF123456', baseUrl: 'https://chat.example.com' });

    // Back on the log-in page the bubble hides, and shows again after.
    const toggle = vi.fn();
    window.$chatwoot = { toggleBubbleVisibility: toggle, setLocale: () => {} };
    await router.navigate('/auth/login');
    await waitFor(() => expect(toggle).toHaveBeenLastCalledWith('hide'));
    await router.navigate('/groups');
    await waitFor(() => expect(toggle).toHaveBeenLastCalledWith('show'));
    expect(document.querySelectorAll('script[src$="sdk.js"]')).toHaveLength(1);
  });
});
