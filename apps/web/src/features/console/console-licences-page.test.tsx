import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderConsole, signedIn, stubConsoleApi } from './console-test-support';

const SETTINGS = { grace_days: 7, billing_hidden_hosts: ['crm.partner.uz'], requisites: null };
const MERCHANTS = {
  data: [
    { provider: 'payme', configured: true, fields: { merchant_id: 'kassa-1' }, secrets_set: { key: true } },
    { provider: 'click', configured: false, fields: {}, secrets_set: { secret_key: false } },
    { provider: 'midtrans', configured: false, fields: {}, secrets_set: { server_key: false } },
  ],
};

const calls = stubConsoleApi(({ method, url, body }) => {
  if (url === '/api/v1/console/licence-settings') return json(200, method === 'PUT' ? body : SETTINGS);
  if (method === 'GET' && url === '/api/v1/console/merchants') return json(200, MERCHANTS);
  if (method === 'PUT' && url === '/api/v1/console/merchants/payme') return json(200, MERCHANTS.data[0]);
  return json(404, { error: { code: 'route_not_found', message: 'No such API route.' } });
});
const puts = (url: string) => calls.filter((c) => c.method === 'PUT' && c.url === `/api/v1/console/${url}`);

beforeEach(signedIn);

const cardOf = async (title: string) => (await screen.findByText(title)).closest('.ant-card') as HTMLElement;

describe('the licence settings', () => {
  it('saves the grace, the hidden hosts lower-cased, and the invoice details once turned on', async () => {
    renderConsole('/licences');
    const card = await cardOf('Licence settings');
    expect(((await within(card).findByLabelText(/Read-only days/)) as HTMLInputElement).value).toBe('7');
    expect(within(card).getByText('crm.partner.uz')).toBeTruthy();

    const hosts = within(card).getByLabelText(/Hosts without billing/);
    fireEvent.change(hosts, { target: { value: 'School.Example.COM,' } });
    expect(await within(card).findByText('school.example.com')).toBeTruthy();

    fireEvent.click(within(card).getByRole('switch', { name: 'Invoices for bank transfers' }));
    await within(card).findByLabelText('Company name');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Enter the company name')).toBeTruthy();
    expect(puts('licence-settings')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText('Company name'), { target: { value: ' EduPlatform LLC ' } });
    fireEvent.change(within(card).getByLabelText('Bank account'), { target: { value: '20208000900123456001' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts('licence-settings')[0]?.body).toEqual({
        grace_days: 7,
        billing_hidden_hosts: ['crm.partner.uz', 'school.example.com'],
        requisites: {
          name: 'EduPlatform LLC',
          address: '',
          tax_id: '',
          bank: '',
          account: '20208000900123456001',
          bank_code: '',
          phone: '',
        },
      }),
    );
    expect(await screen.findByText('Licence settings saved')).toBeTruthy();
  });

  it('refuses a hidden host that is not a host name', async () => {
    renderConsole('/licences');
    const card = await cardOf('Licence settings');
    fireEvent.change(await within(card).findByLabelText(/Hosts without billing/), {
      target: { value: 'https://crm.x.uz,' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('“https://crm.x.uz” is not a host name, e.g. crm.partner.uz')).toBeTruthy();
    expect(puts('licence-settings')).toHaveLength(0);
  });
});

describe('the merchant accounts', () => {
  it('never fill a secret in: a stored one shows as set and is kept when left empty', async () => {
    renderConsole('/licences');
    const payme = await cardOf('Payme');
    expect(within(payme).getByText('Configured')).toBeTruthy();
    expect((within(payme).getByLabelText('Merchant ID') as HTMLInputElement).value).toBe('kassa-1');
    const key = within(payme).getByLabelText('Key') as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('Set');

    fireEvent.change(within(payme).getByLabelText('Merchant ID'), { target: { value: 'kassa-2' } });
    fireEvent.click(within(payme).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts('merchants/payme')[0]?.body).toEqual({ credentials: { merchant_id: 'kassa-2', key: '' } }),
    );
    expect(await screen.findByText('The Payme account is saved')).toBeTruthy();
  });

  it('need every field of a new account, its secret included', async () => {
    renderConsole('/licences');
    const click = await cardOf('Click');
    expect(within(click).getByText('Not configured')).toBeTruthy();
    expect(within(click).queryByRole('button', { name: 'Remove the account' })).toBeNull();
    fireEvent.click(within(click).getByRole('button', { name: 'Save' }));
    expect(await within(click).findByText('Fill in: Secret key')).toBeTruthy();
    expect(within(click).getByText('Fill in: Service ID')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('remove an account only after its confirmation', async () => {
    renderConsole('/licences');
    const payme = await cardOf('Payme');
    fireEvent.click(within(payme).getByRole('button', { name: 'Remove the account' }));
    const [question] = await screen.findAllByText('Remove the Payme account?');
    expect(puts('merchants/payme')).toHaveLength(0);
    fireEvent.click(
      within(question?.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Remove the account' }),
    );
    await waitFor(() => expect(puts('merchants/payme')[0]?.body).toEqual({ credentials: null }));
  });
});
