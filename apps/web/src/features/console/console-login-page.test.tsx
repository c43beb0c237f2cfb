import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getConsoleSession } from './console-session';
import { CONSOLE_TOKEN, json, page, renderConsole, stubConsoleApi } from './console-test-support';

let loginAnswer: () => Response = () => json(500, {});

const calls = stubConsoleApi(({ url }) => {
  if (url === '/api/v1/console/login') return loginAnswer();
  if (url.startsWith('/api/v1/console/companies')) return json(200, page([]));
  return json(404, { error: { code: 'route_not_found', message: 'No such API route.' } });
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillAll = (code = '123456') => {
  fill('Login', 'ops');
  fill('Password', 'secret-password');
  fill('Code from the authenticator app', code);
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('the console log-in page', () => {
  it('asks for all three fields, the code as six digits, before sending anything', async () => {
    renderConsole('/login');
    fill('Code from the authenticator app', '12a3');
    submit();
    expect(await screen.findByText('Enter your login')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(screen.getByText('Enter the 6 digits from your authenticator app')).toBeTruthy();
    // Letters are dropped as they are typed.
    expect((screen.getByLabelText('Code from the authenticator app') as HTMLInputElement).value).toBe('123');
    expect(calls).toEqual([]);
  });

  it('signs in and opens the centres, with the console token on the next call', async () => {
    loginAnswer = () =>
      json(200, {
        token: CONSOLE_TOKEN,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        account: { id: 1, login: 'ops', name: 'Operations Person' },
      });
    const router = renderConsole('/login');
    fillAll();
    submit();
    expect(await screen.findByRole('heading', { name: 'Centres' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/companies');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/console/login',
      body: { login: 'ops', password: 'secret-password', code: '123456' },
      authorization: undefined,
    });
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/console/companies'))).toBe(true));
    expect(calls.find((c) => c.url.startsWith('/api/v1/console/companies'))?.authorization).toBe(
      `Bearer ${CONSOLE_TOKEN}`,
    );
    expect(getConsoleSession()?.account.name).toBe('Operations Person');
  });

  it('says a refused log-in in one sentence and empties the spent code', async () => {
    loginAnswer = () => json(401, { error: { code: 'login_error', message: 'Login error.' } });
    renderConsole('/login');
    fillAll();
    submit();
    expect(await screen.findByText('Wrong login, password or code.')).toBeTruthy();
    expect((screen.getByLabelText('Code from the authenticator app') as HTMLInputElement).value).toBe('');
    expect(getConsoleSession()).toBeNull();
  });

  it('says how long to wait after too many failures', async () => {
    loginAnswer = () =>
      json(429, {
        error: { code: 'too_many_attempts', message: 'Too many.', details: { retry_after_seconds: 600 } },
      });
    renderConsole('/login');
    fillAll();
    submit();
    expect(await screen.findByText('Too many failed attempts. Try again in 10 min.')).toBeTruthy();
  });

  it('sends a visitor of any other page to the log-in', async () => {
    const router = renderConsole('/audit');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
