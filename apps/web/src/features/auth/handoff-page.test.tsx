import { type LoginResponse, Role } from '@crm/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../shared/session/session-store';
import { aCompany, aUser } from '../../test/session-fixtures';
import { address, json, renderAt, stubVisitorApi } from './auth-test-support';
import { HandoffPage } from './handoff-page';

const user = aUser([Role.ceo], aCompany({ name: 'Nur Academy', subdomain: 'nur', locale: 'en' }, { locale: 'en' }));
const LOGIN: LoginResponse = {
  access_token: 'owner-token',
  token_type: 'Bearer',
  expires_at: '2026-12-01T00:00:00Z',
  user,
};

const calls = stubVisitorApi(({ body }) =>
  (body as { handoff: string }).handoff === 'handoff-secret-123'
    ? json(200, LOGIN)
    : json(400, { error: { code: 'handoff_invalid', message: 'invalid' } }),
);

const PAGES = { '/auth/handoff': <HandoffPage />, '/onboarding': <p>Onboarding</p>, '/auth/login': <p>Log in</p> };

describe('HandoffPage', () => {
  it('exchanges the handoff once, stores the session as a log-in does and goes on to onboarding', async () => {
    renderAt('/auth/handoff#h=handoff-secret-123', PAGES);
    expect(await screen.findByText('Onboarding')).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', url: '/api/v1/auth/handoff', body: { handoff: 'handoff-secret-123' } }]);
    expect(getSession()).toMatchObject({ token: 'owner-token', user: { id: user.id }, branch: 2, role: Role.ceo });
    expect(address()).toBe('/onboarding');
  });

  it('takes the secret out of the address, and on refusal says so with a way to log in', async () => {
    renderAt('/auth/handoff#h=handoff-spent-456', PAGES);
    expect(
      await screen.findByText('This sign-in link is no longer valid; sign in with your phone and password.'),
    ).toBeTruthy();
    expect(address()).toBe('/auth/handoff');
    expect(getSession().token).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the log-in page' }));
    expect(await screen.findByText('Log in')).toBeTruthy();
  });

  it('refuses an address without a handoff without asking the server', async () => {
    renderAt('/auth/handoff', PAGES);
    expect(await screen.findByText('We could not sign you in automatically')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
