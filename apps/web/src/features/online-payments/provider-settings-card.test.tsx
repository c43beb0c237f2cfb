import type { ProviderAccount } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { aProviderAccount } from './online-payments-fixtures';
import { ProviderSettingsCard } from './provider-settings-card';

let accounts: ProviderAccount[];
let saveAnswer: (() => Response) | null;

beforeEach(() => {
  accounts = [
    aProviderAccount({
      configured: true,
      enabled: true,
      fields: { merchant_id: '65f0a1b2c3d4e5f6a7b8c9d0', key: null },
      secrets_set: { key: true },
    }),
    aProviderAccount({
      provider: 'click',
      fields: { service_id: null, merchant_id: null, merchant_user_id: null, secret_key: null },
      secrets_set: { secret_key: false },
      callback_url: 'http://demo.localhost:3000/api/v1/payments/click/demo/prepare (…/complete)',
    }),
    aProviderAccount({
      provider: 'midtrans',
      available: false,
      fields: { server_key: null, client_key: null },
      secrets_set: { server_key: false },
    }),
  ];
  saveAnswer = null;
});

const calls = stubApi(({ method }) => {
  if (method === 'PUT') return saveAnswer?.() ?? json(200, accounts[0]);
  return json(200, { data: accounts, policies: { can_edit: true } });
});

const section = async (name: string) => screen.findByRole('region', { name });

describe('ProviderSettingsCard', () => {
  it("shows only the country's providers, and a stored secret as set, never its value", async () => {
    renderPage(<ProviderSettingsCard />);
    const payme = await section('Payme');
    expect(screen.queryByRole('region', { name: 'Midtrans' })).toBeNull();
    expect(within(payme).getByText('On')).toBeTruthy();
    expect((within(payme).getByLabelText('Merchant ID') as HTMLInputElement).value).toBe('65f0a1b2c3d4e5f6a7b8c9d0');
    const key = within(payme).getByLabelText('Key') as HTMLInputElement;
    expect(key.value).toBe('');
    expect(key.type).toBe('password');
    expect(key.placeholder).toBe('set — leave empty to keep');
    expect(within(payme).getByText('http://demo.localhost:3000/api/v1/payments/payme/demo')).toBeTruthy();
  });

  it('sends a stored secret left empty as empty, so the server keeps it', async () => {
    renderPage(<ProviderSettingsCard />);
    const payme = await section('Payme');
    fireEvent.change(within(payme).getByLabelText('Merchant ID'), { target: { value: ' 65f0aaaa ' } });
    fireEvent.click(within(payme).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/v1/online-payments/providers/payme',
      body: { enabled: true, credentials: { merchant_id: '65f0aaaa', key: '' } },
    });
  });

  it('asks for every field of a provider not set up yet, secret included, before saving', async () => {
    renderPage(<ProviderSettingsCard />);
    const click = await section('Click');
    fireEvent.click(within(click).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(click).getAllByText('This field is required')).toHaveLength(4));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("puts the server's refusal of incomplete credentials under the field", async () => {
    saveAnswer = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'key is required',
          details: [{ field: 'credentials.key', rule: 'required', message: 'key is required' }],
        },
      });
    renderPage(<ProviderSettingsCard />);
    const payme = await section('Payme');
    fireEvent.click(within(payme).getByRole('button', { name: 'Save' }));
    expect(await within(payme).findByText('This field is required')).toBeTruthy();
  });
});
