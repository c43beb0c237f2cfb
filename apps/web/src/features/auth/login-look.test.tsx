import type { PublicLoginLook } from '@crm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { address, aHostCompany, fill, json, press, renderAt, stubVisitorApi } from './auth-test-support';
import { LoginPage } from './login-page';

vi.mock('./browser-address', () => ({
  browserHost: () => ({ protocol: 'http:', hostname: 'demo.localhost', port: '3000' }),
  openAddress: () => undefined,
}));

const COMPANY = aHostCompany();

const LOOK: PublicLoginLook = {
  welcome: { uz: 'Xush kelibsiz!', ru: 'Добро пожаловать!', en: 'Welcome to the academy!', id: '' },
  background: '/api/v1/company/1/picture/0123456789abcdef0123456789abcdef',
};

/** The look's answer; a promise stands for one still on its way (the stub's fetch awaits what it is given). */
let answerLook: () => Response | Promise<Response> = () => json(200, LOOK);

const calls = stubVisitorApi(({ url }) => {
  if (url === '/api/v1/company/subdomain/demo') return json(200, COMPANY);
  if (url === '/api/v1/public/login-look') return answerLook() as Response;
  if (url === '/api/v1/auth/login') return json(401, { error: { code: 'wrong_credentials', message: 'wrong' } });
  return json(404, { error: { code: 'not_found', message: 'Not found' } });
});

const PAGES = { '/auth/login': <LoginPage /> };
/** The element that carries the page's background picture, if any. */
const backdrop = () => document.querySelector<HTMLElement>('div[style*="cover"]');

describe('the log-in page’s look (issue 20)', () => {
  it('shows the welcome of the interface’s language under the company’s name, over the chosen background', async () => {
    answerLook = () => json(200, LOOK);
    renderAt('/auth/login', PAGES);
    expect(await screen.findByText('Welcome to the academy!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Demo Academy' })).toBeTruthy();
    expect(backdrop()?.style.background).toContain('0123456789abcdef0123456789abcdef');

    await changeLanguage('ru', false);
    expect(await screen.findByText('Добро пожаловать!')).toBeTruthy();
    // A language the centre left empty shows no welcome.
    await changeLanguage('id', false);
    await waitFor(() => expect(screen.queryByText('Добро пожаловать!')).toBeNull());
    expect(screen.queryByText('Welcome to the academy!')).toBeNull();
  });

  it('keeps what the visitor typed when the look arrives after he began', async () => {
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    answerLook = () => arrived.then(() => json(200, LOOK));
    renderAt('/auth/login', PAGES);
    await screen.findByLabelText('Phone');
    fill('Phone', '901234567');
    release();
    expect(await screen.findByText('Welcome to the academy!')).toBeTruthy();
    expect(backdrop()).not.toBeNull();
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value.replace(/\D/g, '')).toBe('901234567');
  });

  it('is the plain log-in page, still working, when the look cannot be read', async () => {
    answerLook = () => json(500, { error: { code: 'internal', message: 'boom' } });
    renderAt('/auth/login', PAGES);
    await screen.findByRole('heading', { name: 'Demo Academy' });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/public/login-look')).toBe(true));
    expect(backdrop()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    fill('Phone', '901234567');
    fill('Password', 'secret-1');
    press('Log in');
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/v1/auth/login')?.body).toMatchObject({ phone: '901234567' }),
    );
    expect(address()).toBe('/auth/login');
  });
});
