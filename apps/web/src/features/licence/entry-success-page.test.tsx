import type { CheckoutOutcome } from '@crm/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { address, json, renderAt, stubVisitorApi } from '../auth/auth-test-support';
import { EntrySuccessPage } from './entry-success-page';
import { anOrder } from './licence-fixtures';

vi.mock('../auth/browser-address', () => ({
  browserHost: () => ({ protocol: 'http:', hostname: 'localhost', port: '3000' }),
  openAddress: () => undefined,
}));

const TOKEN = '0b9d3a52-6f4c-4d1e-9a55-3c1f0f6a1d20';
let answers: CheckoutOutcome['status'][];

const outcome = (status: CheckoutOutcome['status']): CheckoutOutcome => ({
  token: TOKEN,
  purpose: 'licence',
  provider: 'payme',
  amount: 9_600_000,
  currency: 'UZS',
  status,
  redirect_url: null,
  paid_at: status === 'paid' ? '2026-11-28T09:00:00.000Z' : null,
  created_at: '2026-11-28T08:58:00.000Z',
  company: { name: 'Demo Academy', subdomain: 'demo' },
  order: anOrder({
    status: status === 'paid' ? 'paid' : 'pending',
    licence_from: '2027-01-01',
    licence_to: '2027-12-31',
  }),
  student_first_name: null,
});

const calls = stubVisitorApi(({ url }) => {
  if (url.startsWith('/api/v1/checkouts/'))
    return json(200, outcome(answers.length > 1 ? answers.shift()! : answers[0]!));
  if (url.startsWith('/api/v1/auth/register/subdomain'))
    return json(200, { subdomain: 'www', base_domain: 'crm.test' });
  return json(404, { error: { code: 'not_found', message: 'no' } });
});

beforeEach(() => {
  answers = ['paid'];
});

const PAGES = {
  '/entry/order/success/:transaction/:subdomain/:login': <EntrySuccessPage />,
  '/entry/offer-uz/success/:transaction/:subdomain/:login': <EntrySuccessPage />,
};

describe('EntrySuccessPage', () => {
  it('shows what was paid and links to the centre', async () => {
    renderAt(`/entry/order/success/${TOKEN}/demo/901234567`, PAGES);
    expect(await screen.findByText('Paid: licence until 31.12.2027, up to 300 students')).toBeTruthy();
    expect(calls[0]?.url).toBe(`/api/v1/checkouts/demo/${TOKEN}`);
    const open = await screen.findByRole('link', { name: 'Open demo' });
    expect(open.getAttribute('href')).toBe('http://demo.crm.test:3000/');
  });

  it('waits while the provider has not confirmed, then shows the payment', async () => {
    answers = ['open', 'paid'];
    renderAt(`/entry/order/success/${TOKEN}/demo/901234567`, PAGES);
    expect(await screen.findByText("Waiting for the payment provider's confirmation…")).toBeTruthy();
    expect(await screen.findByText('Paid: licence until 31.12.2027, up to 300 students')).toBeTruthy();
  });

  it('says a failed payment is for the manager, and leads back to the page it started from', async () => {
    answers = ['cancelled'];
    renderAt(`/entry/offer-uz/success/${TOKEN}/demo/901234567`, PAGES);
    expect(await screen.findByText('The payment failed; contact your manager.')).toBeTruthy();
    const again = screen.getByRole('link', { name: 'Try again' });
    expect(again.getAttribute('href')).toBe('/entry/offer-uz?subdomain=demo&login=901234567');
    expect(screen.queryByText(/Paid/)).toBeNull();
    expect(address()).toBe(`/entry/offer-uz/success/${TOKEN}/demo/901234567`);
  });
});
