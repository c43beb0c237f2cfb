import type { VoipSettings } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { type ApiCall, json, renderPage, stubApi } from '../courses/test-support';
import { aVoipSettings, refusedBody } from './telephony-fixtures';
import { VoipSettingsPage } from './voip-settings-page';

let settings: VoipSettings = aVoipSettings();
let refuse: ((call: ApiCall) => Response | null) | null = null;

const people = (rows: { id: number; name: string }[]) => json(200, { data: rows });

const calls = stubApi((call) => {
  const refusal = refuse?.(call);
  if (refusal) return refusal;
  const { method, url, body } = call;
  if (url === '/api/v1/voip/settings') {
    if (method === 'PUT') settings = { ...settings, ...(body as Partial<VoipSettings>), accounts: settings.accounts };
    return json(200, settings);
  }
  if (url === '/api/v1/voip/users') return json(200, settings);
  if (url === '/api/v1/voip/accounts/1/extensions')
    return json(200, {
      data: [
        { num: '101', name: 'Reception', webrtc: true },
        { num: '102', name: 'Sales', webrtc: false },
      ],
    });
  if (url === '/api/v1/branch') return json(200, { data: [{ id: 1, name: 'Chilonzor' }] });
  if (url.startsWith('/api/v1/user?user_type=staff')) return people([{ id: 7, name: 'Aziza Karimova' }]);
  if (url.startsWith('/api/v1/user?user_type=teacher')) return people([{ id: 8, name: 'Olga Petrova' }]);
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  onScreen('phone');
  settings = aVoipSettings();
  refuse = null;
});

const writes = () => calls.filter((call) => call.method === 'PUT');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the telephony settings (admin/voip)', () => {
  it('saves the account: an empty key box keeps the stored key, which is never shown', async () => {
    renderPage(<VoipSettingsPage />);
    expect(await screen.findByText(/A key is stored and is never shown/)).toBeTruthy();
    const key = screen.getByLabelText('API key') as HTMLInputElement;
    expect(key.value).toBe('');

    fireEvent.change(screen.getByLabelText('OnlinePBX domain'), { target: { value: 'PBX200.onpbx.ru' } });
    fireEvent.change(screen.getByLabelText('Country calling code'), { target: { value: '998' } });
    save();
    expect(await screen.findByText('Telephony settings saved')).toBeTruthy();
    expect(writes()[0]).toMatchObject({
      url: '/api/v1/voip/settings',
      body: {
        country_code: '998',
        branch_specific: false,
        accounts: [{ branch_id: null, domain: 'pbx200.onpbx.ru', key: null }],
      },
    });
  });

  it('shows the provider’s refusal as “OnlinePBX: {comment}” (spec §8)', async () => {
    refuse = ({ method, url }) =>
      method === 'PUT' && url === '/api/v1/voip/settings' ? json(422, refusedBody('Invalid auth key')) : null;
    renderPage(<VoipSettingsPage />);
    const key = await screen.findByLabelText('API key');
    fireEvent.change(key, { target: { value: 'a-wrong-key-123' } });
    save();
    expect(await screen.findByText('OnlinePBX: Invalid auth key')).toBeTruthy();
    expect(writes()[0]?.body).toMatchObject({ accounts: [{ key: 'a-wrong-key-123' }] });
  });

  it('asks for the key of a new account', async () => {
    settings = aVoipSettings({ accounts: [] });
    renderPage(<VoipSettingsPage />);
    fireEvent.change(await screen.findByLabelText('OnlinePBX domain'), { target: { value: 'pbx1.onpbx.ru' } });
    save();
    expect(await screen.findByText('Enter the API key of this account')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('lists the account’s extensions and maps a staff member to one', async () => {
    renderPage(<VoipSettingsPage />);
    const reception = (await screen.findByText('Reception')).closest('tr') as HTMLElement;
    expect(
      within(screen.getByText('Sales').closest('tr') as HTMLElement).getByText('Cannot call from a browser'),
    ).toBeTruthy();

    fireEvent.mouseDown(within(reception).getByRole('combobox', { name: 'User of extension 101' }));
    fireEvent.click(await screen.findByTitle('Olga Petrova'));
    fireEvent.click(screen.getByRole('button', { name: 'Save the extensions' }));
    expect(await screen.findByText('Extensions saved')).toBeTruthy();
    await waitFor(() =>
      expect(writes().at(-1)).toMatchObject({
        url: '/api/v1/voip/users',
        body: { users: [{ user_id: 8, account_id: 1, extension: '101' }] },
      }),
    );
  });
});
