import type { CheckoutOutcome } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubVisitorApi } from '../auth/auth-test-support';
import { aCheckout, anOutcome, TOKEN } from './online-payments-fixtures';
import { PayLinkPage } from './pay-link-page';

const browser = vi.hoisted(() => ({ opened: [] as string[] }));
vi.mock('../auth/browser-address', () => ({
  browserHost: () => ({ protocol: 'http:', hostname: 'demo.localhost', port: '3000' }),
  openAddress: (url: string) => browser.opened.push(url),
}));

let answers: CheckoutOutcome[];
beforeEach(() => {
  browser.opened.length = 0;
  sessionStorage.clear();
  answers = [anOutcome()];
});

const PROVIDER_PAGE = 'https://checkout.paycom.uz/bT0xMjM';
const calls = stubVisitorApi(({ method, url }) => {
  if (method === 'POST' && url === `/api/v1/checkouts/demo/${TOKEN}/pay`) {
    return json(200, aCheckout({ redirect_url: PROVIDER_PAGE }));
  }
  if (url === `/api/v1/checkouts/demo/${TOKEN}`) return json(200, answers.length > 1 ? answers.shift() : answers[0]);
  return json(404, { error: { code: 'not_found', message: 'Not found.' } });
});

const PAGES = { '/entry/pay/:token': <PayLinkPage /> };

describe('PayLinkPage', () => {
  it("offers an open payment to the host's centre and sends the payer to the provider", async () => {
    renderAt(`/entry/pay/${TOKEN}`, PAGES);
    expect(await screen.findByText('Pay 450 000 UZS to Demo Academy for Aziz')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with Payme' }));
    await waitFor(() => expect(browser.opened).toEqual([PROVIDER_PAGE]));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(`POST /api/v1/checkouts/demo/${TOKEN}/pay`);
  });

  it('shows a paid payment with its amount and date', async () => {
    answers = [anOutcome({ status: 'paid', paid_at: '2026-11-28T09:05:00.000Z' })];
    renderAt(`/entry/pay/${TOKEN}`, PAGES);
    expect(await screen.findByText('Paid, thank you!')).toBeTruthy();
    expect(screen.getByText(/^450 000 UZS to Demo Academy, 28\.11\.2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay with Payme' })).toBeNull();
  });

  it('says a cancelled or expired payment failed and the manager is to be asked', async () => {
    answers = [anOutcome({ status: 'expired' })];
    renderAt(`/entry/pay/${TOKEN}`, PAGES);
    expect(await screen.findByText('The payment failed; contact your manager.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay with Payme' })).toBeNull();
  });

  it('back from the provider, waits for the confirmation instead of offering to pay again', async () => {
    sessionStorage.setItem(`online-payment-sent:${TOKEN}`, String(Date.now()));
    answers = [anOutcome(), anOutcome({ status: 'paid', paid_at: '2026-11-28T09:05:00.000Z' })];
    renderAt(`/entry/pay/${TOKEN}`, PAGES);
    expect(await screen.findByText('Waiting for the confirmation of the payment…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay with Payme' })).toBeNull();
    expect(await screen.findByText('Paid, thank you!', {}, { timeout: 5_000 })).toBeTruthy();
  });
});
