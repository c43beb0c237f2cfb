import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GuestOnly } from '../../app/guards/route-guards';
import { getSession } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { address, aHostCompany, fill, json, press, renderAt, stubVisitorApi } from './auth-test-support';
import { LoginCodePage } from './login-code-page';
import { LoginPage } from './login-page';

vi.mock('./browser-address', () => ({
  browserHost: () => ({ protocol: 'http:', hostname: 'demo.localhost', port: '3000' }),
  openAddress: () => undefined,
}));

const COMPANY = aHostCompany();
const PARENT = aUser([Role.parent]);

const calls = stubVisitorApi(({ method, url, body }) => {
  if (url === '/api/v1/company/subdomain/demo') return json(200, COMPANY);
  const { phone, code } = (body ?? {}) as { phone?: string; code?: string };
  if (method === 'POST' && url === '/api/v1/auth/login-code') {
    if (phone === '911111111')
      return json(429, {
        error: { code: 'code_resend_too_soon', message: 'wait', details: { retry_after_seconds: 42 } },
      });
    return json(200, { phone_masked: '*****0012', resend_after_seconds: 60, expires_in_seconds: 600 });
  }
  if (method === 'POST' && url === '/api/v1/auth/login-code/verify') {
    return code === '654321'
      ? json(200, { access_token: 'parent-token', token_type: 'Bearer', expires_at: '2027-01-01', user: PARENT })
      : json(400, { error: { code: 'verification_code_wrong', message: 'wrong', details: { attempts_left: 4 } } });
  }
  return json(404, { error: { code: 'not_found', message: 'Not found' } });
});

const PAGES = {
  '/auth/login': <LoginPage />,
  '/auth/login-code': (
    <GuestOnly>
      <LoginCodePage />
    </GuestOnly>
  ),
  '/parent': <p>The parent’s home</p>,
};

describe('log-in with a code by SMS', () => {
  it('goes from the log-in page to a code for the phone, tells a wrong code and signs the parent in', async () => {
    renderAt('/auth/login', PAGES);
    fireEvent.click(await screen.findByRole('link', { name: /Log in with a code by SMS/ }));
    await screen.findByRole('button', { name: 'Get the code' });
    fill('Phone', '900000012');
    press('Get the code');

    await screen.findByText("If +998 90 000 00 12 is a parent's number at Demo Academy, a code has been sent to it.");
    expect(screen.getByText('It works for 10 minutes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send again in 1:00' }).hasAttribute('disabled')).toBe(true);

    fill('Code from the SMS', '111111');
    press('Log in');
    expect(await screen.findByText('The code is not correct. Attempts left: 4.')).toBeTruthy();
    expect(getSession().token).toBeNull();

    fill('Code from the SMS', '654321');
    press('Log in');
    // Stored as a password's log-in is; the guest guard then sends him to his role's home.
    expect(await screen.findByText('The parent’s home')).toBeTruthy();
    expect(address()).toBe('/parent');
    expect(getSession()).toMatchObject({ token: 'parent-token', role: Role.parent, user: { id: PARENT.id } });
    expect(calls.filter((call) => call.method === 'POST').map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/api/v1/auth/login-code', body: { phone: '900000012' } },
      { url: '/api/v1/auth/login-code/verify', body: { phone: '900000012', code: '111111' } },
      { url: '/api/v1/auth/login-code/verify', body: { phone: '900000012', code: '654321' } },
    ]);
  });

  it('goes back to the phone, as typed, for another number', async () => {
    renderAt('/auth/login-code', PAGES);
    await screen.findByRole('button', { name: 'Get the code' });
    fill('Phone', '900000012');
    press('Get the code');
    fireEvent.click(await screen.findByRole('button', { name: 'Another number' }));
    expect(await screen.findByLabelText('Phone')).toHaveProperty('value', '90 000 00 12');
  });

  it('says how long to wait when a code was sent to the number a moment ago', async () => {
    renderAt('/auth/login-code', PAGES);
    await screen.findByRole('button', { name: 'Get the code' });
    fill('Phone', '911111111');
    press('Get the code');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('A new code can be sent in a minute. Try again in 42 s.'),
    );
    expect(screen.queryByLabelText('Code from the SMS')).toBeNull();
  });
});
