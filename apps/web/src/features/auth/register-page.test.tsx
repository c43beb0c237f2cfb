import type { CodeSent, SignUpDone } from '@crm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, json, press, renderAt, stubVisitorApi } from './auth-test-support';
import { RegisterPage } from './register-page';

const browser = vi.hoisted(() => ({ opened: [] as string[] }));
vi.mock('./browser-address', () => ({
  browserHost: () => ({ protocol: 'http:', hostname: 'localhost', port: '3000' }),
  openAddress: (url: string) => browser.opened.push(url),
}));

const SENT: CodeSent = {
  request_id: '7f1e4a52-0b6c-4c3e-9a55-3c1f0f6a1d20',
  phone_masked: '*****4567',
  resend_after_seconds: 60,
  expires_in_seconds: 600,
};
const DONE: SignUpDone = {
  company_id: 41,
  subdomain: 'nur',
  host: 'nur.localhost',
  handoff: 'handoff-secret-123',
  licence_ends_on: '2026-12-10',
};

let confirmAnswer = () => json(200, DONE);

const calls = stubVisitorApi(({ method, url }) => {
  if (url.startsWith('/api/v1/auth/register/subdomain')) {
    const subdomain = new URL(url, 'http://x').searchParams.get('subdomain') ?? '';
    const taken = subdomain === 'demo';
    return json(200, { subdomain, base_domain: 'localhost', available: !taken, problem: taken ? 'taken' : null });
  }
  if (method === 'POST' && url === '/api/v1/auth/register') return json(200, SENT);
  if (method === 'POST' && url === '/api/v1/auth/register/confirm') return confirmAnswer();
  return json(404, { error: { code: 'not_found', message: 'Not found' } });
});

beforeEach(() => {
  browser.opened.length = 0;
  confirmAnswer = () => json(200, DONE);
});

const posts = (url: string) => calls.filter((call) => call.method === 'POST' && call.url === url);

async function fillTheForm() {
  renderAt('/auth/register', { '/auth/register': <RegisterPage /> });
  fill('Centre name', 'Nur Academy');
  // The address follows the name until one is typed; it is lower-cased as typed.
  await waitFor(() =>
    expect((screen.getByLabelText('Address of your centre') as HTMLInputElement).value).toBe('nur-academy'),
  );
  fill('Address of your centre', 'NUR');
  expect((screen.getByLabelText('Address of your centre') as HTMLInputElement).value).toBe('nur');
  expect(await screen.findByText('available', { exact: false })).toBeTruthy();
  expect(screen.getByText('nur.localhost')).toBeTruthy();
  fill('Your name', 'Aziza Karimova');
  fill('Your phone number', '90 123 45 67');
  fill('Password', 'Samarkand-77');
}

async function reachTheCodeStep() {
  await fillTheForm();
  press('Get the code');
  return screen.findByText('We have sent a code to +998 *****4567.');
}

describe('RegisterPage', () => {
  it('sends the form, takes the code and opens the new centre’s address with the handoff', async () => {
    await reachTheCodeStep();
    expect(posts('/api/v1/auth/register').map((call) => call.body)).toEqual([
      {
        company_name: 'Nur Academy',
        subdomain: 'nur',
        company_type: 'training_center',
        country: 'uz',
        owner_name: 'Aziza Karimova',
        phone: '901234567',
        password: 'Samarkand-77',
        language: 'en',
      },
    ]);
    // A new code only after the server's wait.
    expect(screen.getByRole('button', { name: 'Send again in 1:00' }).hasAttribute('disabled')).toBe(true);

    fill('Code from the SMS', '12 34 56');
    press('Create the centre');
    await waitFor(() =>
      expect(browser.opened).toEqual(['http://nur.localhost:3000/auth/handoff#h=handoff-secret-123']),
    );
    expect(posts('/api/v1/auth/register/confirm').map((call) => call.body)).toEqual([
      { request_id: SENT.request_id, code: '123456' },
    ]);
  });

  it('says under the field that a subdomain is taken, or reserved, and keeps the form from going', async () => {
    renderAt('/auth/register', { '/auth/register': <RegisterPage /> });
    fill('Address of your centre', 'demo');
    expect(await screen.findByText('This subdomain is already taken.')).toBeTruthy();
    fill('Address of your centre', 'admin');
    expect(await screen.findByText('This subdomain is reserved; choose another.')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('subdomain=admin'))).toBe(false);
    press('Get the code');
    await screen.findAllByText('This field is required');
    expect(posts('/api/v1/auth/register')).toHaveLength(0);
  });

  it('shows a wrong code with the attempts left and keeps the code step', async () => {
    confirmAnswer = () =>
      json(400, {
        error: { code: 'verification_code_wrong', message: 'wrong', details: { attempts_left: 3 } },
      });
    await reachTheCodeStep();
    fill('Code from the SMS', '111111');
    press('Create the centre');
    expect(await screen.findByText('The code is not correct. Attempts left: 3.')).toBeTruthy();
    expect(browser.opened).toEqual([]);
    expect((screen.getByLabelText('Code from the SMS') as HTMLInputElement).value).toBe('111111');
  });

  it('goes back to the form with everything typed when the subdomain was taken meanwhile', async () => {
    confirmAnswer = () => json(409, { error: { code: 'subdomain_taken', message: 'taken' } });
    await reachTheCodeStep();
    fill('Code from the SMS', '123456');
    press('Create the centre');
    expect(await screen.findByText('This subdomain is already taken.')).toBeTruthy();
    expect((screen.getByLabelText('Centre name') as HTMLInputElement).value).toBe('Nur Academy');
    expect((screen.getByLabelText('Your phone number') as HTMLInputElement).value).toBe('90 123 45 67');
  });
});
