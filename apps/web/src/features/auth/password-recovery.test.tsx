import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { address, aHostCompany, fill, json, press, renderAt, stubVisitorApi } from './auth-test-support';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('./browser-address', () => ({
  browserHost: () => ({ protocol: 'http:', hostname: 'demo.localhost', port: '3000' }),
  openAddress: () => undefined,
}));

const COMPANY = aHostCompany();

const calls = stubVisitorApi(({ method, url, body }) => {
  if (url === '/api/v1/company/subdomain/demo') return json(200, COMPANY);
  if (method === 'POST' && url === '/api/v1/auth/forgot-password')
    return json(200, { phone_masked: '*****4567', resend_after_seconds: 60, expires_in_seconds: 600 });
  if (method === 'POST' && url === '/api/v1/auth/reset-password') {
    const { code } = body as { code: string };
    return code === '654321'
      ? json(200, { ok: true })
      : json(400, { error: { code: 'verification_code_wrong', message: 'wrong', details: { attempts_left: 4 } } });
  }
  return json(404, { error: { code: 'not_found', message: 'Not found' } });
});

const PAGES = {
  '/auth/login': <LoginPage />,
  '/auth/forgot-password': <ForgotPasswordPage />,
  '/auth/reset-password': <ResetPasswordPage />,
};

describe('password recovery', () => {
  it('goes from the log-in page to a code for the phone, then to a new password and back to log in', async () => {
    renderAt('/auth/login', PAGES);
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('button', { name: 'Send the code' });
    fill('Phone', '901234567');
    press('Send the code');

    await screen.findByText('If +998 90 123 45 67 belongs to a user of Demo Academy, a code has been sent to it.');
    expect(address()).toBe('/auth/reset-password?phone=901234567');
    expect(screen.getByRole('button', { name: 'Send again in 1:00' }).hasAttribute('disabled')).toBe(true);

    fill('Code from the SMS', '111111');
    fill('New password', 'Samarkand-77');
    fill('Repeat the new password', 'Samarkand-77');
    press('Save the new password');
    expect(await screen.findByText('The code is not correct. Attempts left: 4.')).toBeTruthy();

    fill('Code from the SMS', '654321');
    press('Save the new password');
    expect(await screen.findByText('Your password has been changed')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/api/v1/auth/forgot-password', body: { phone: '901234567' } },
      { url: '/api/v1/auth/reset-password', body: { phone: '901234567', code: '111111', password: 'Samarkand-77' } },
      { url: '/api/v1/auth/reset-password', body: { phone: '901234567', code: '654321', password: 'Samarkand-77' } },
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(address()).toBe('/auth/login'));
  });

  it('refuses different passwords before asking the server', async () => {
    renderAt('/auth/reset-password?phone=901234567', PAGES);
    await screen.findByLabelText('Code from the SMS');
    fill('Code from the SMS', '654321');
    fill('New password', 'Samarkand-77');
    fill('Repeat the new password', 'Samarkand-78');
    press('Save the new password');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    // Opened from a link, not from the first step: a code may be asked for at once.
    expect(screen.getByRole('button', { name: 'Send the code again' }).hasAttribute('disabled')).toBe(false);
  });

  it('sends a reset page without a phone back to the first step', async () => {
    renderAt('/auth/reset-password', PAGES);
    await waitFor(() => expect(address()).toBe('/auth/forgot-password'));
  });
});
