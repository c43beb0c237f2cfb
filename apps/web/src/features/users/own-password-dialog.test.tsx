import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { OwnPasswordButton } from './own-password-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => changeLanguage('en', false));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderButton(answer: (body: Record<string, unknown>) => Response) {
  const sent: { method: string; url: string; body: Record<string, unknown>; language: string | null }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ method: init.method ?? 'GET', url, body, language: new Headers(init.headers).get('accept-language') });
    return answer(body);
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <OwnPasswordButton />
      </App>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  return sent;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('changing one’s own password', () => {
  it('sends the current and the new password and says the other devices are signed out', async () => {
    const sent = renderButton(() => json(200, { ok: true }));
    fill('Current password', 'demo1234');
    fill('New password', 'Samarkand-77');
    fill('Repeat the new password', 'Samarkand-77');
    save();
    await screen.findByText('The password is changed; your other devices are signed out.');
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/auth/password',
        body: { current_password: 'demo1234', password: 'Samarkand-77' },
        language: 'en',
      },
    ]);
  });

  it('refuses a short or mismatched password before sending, and shows the server’s refusal under its field', async () => {
    const sent = renderButton(() =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'password is too common',
          details: [{ field: 'password', rule: 'common_password', message: 'x' }],
        },
      }),
    );
    fill('Current password', 'demo1234');
    fill('New password', 'short');
    fill('Repeat the new password', 'other');
    save();
    await screen.findByText('Enter at least 8 characters');
    await screen.findByText('The passwords do not match');
    expect(sent).toEqual([]);

    fill('New password', 'password1');
    fill('Repeat the new password', 'password1');
    save();
    await screen.findByText('This password is too common; choose one that is harder to guess');
    await waitFor(() => expect(sent).toHaveLength(1));
  });
});
