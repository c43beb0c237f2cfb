import type { SmsSettings } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { aUsage } from './sms-fixtures';
import { SmsSettingsCard } from './sms-settings-card';

let settings: SmsSettings;
beforeEach(() => {
  settings = { sender: null, teachers_may_send: false, own_provider: null, usage: aUsage(), policies: { edit: true } };
});

const calls = stubApi(({ method, url, body }) => {
  if (url !== '/api/v1/sms/settings') return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  if (method === 'PUT') {
    const { own_provider: provider, ...rest } = body as Record<string, unknown>;
    const ownProvider =
      provider === undefined ? settings.own_provider : ((provider as { provider?: string })?.provider ?? null);
    settings = { ...settings, ...rest, own_provider: ownProvider as SmsSettings['own_provider'] };
    settings.usage = { ...settings.usage, own_operator: settings.own_provider !== null };
  }
  return json(200, settings);
});

describe('SmsSettingsCard', () => {
  it('saves the sender and lets teachers write to their own students', async () => {
    renderPage(<SmsSettingsCard />);
    fireEvent.change(await screen.findByLabelText('Sender name'), { target: { value: 'Registon' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Teachers may send SMS to their own students' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        sender: 'Registon',
        teachers_may_send: true,
      }),
    );
    expect(await screen.findByText('SMS settings saved')).toBeTruthy();
  });

  it('connects an own operator without ever showing its password back, and disconnects after a question', async () => {
    renderPage(<SmsSettingsCard />);
    expect(await screen.findByText('SMS parts this month: 120 of 500')).toBeTruthy();
    fireEvent.click(screen.getByText('Play Mobile'));
    fireEvent.change(screen.getByLabelText('Login'), { target: { value: 'registon' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 's3cret-pass' } });
    fireEvent.change(screen.getByLabelText('Originator (sender name)'), { target: { value: 'Registon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        own_provider: { provider: 'playmobile', username: 'registon', password: 's3cret-pass', originator: 'Registon' },
      }),
    );
    expect(await screen.findByText('Connected: Play Mobile', { selector: 'span.ant-typography' })).toBeTruthy();
    expect(screen.getByText('Sent through your own SMS operator: no monthly limit')).toBeTruthy();
    expect(screen.queryByDisplayValue('s3cret-pass')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ own_provider: null }),
    );
    expect(await screen.findByText('Your own operator is disconnected')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it('shows the account read only when the server says so', async () => {
    settings = { ...settings, own_provider: 'eskiz', policies: { edit: false } };
    renderPage(<SmsSettingsCard />);
    expect(await screen.findByText('Connected: Eskiz')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect((screen.getByLabelText('Sender name') as HTMLInputElement).disabled).toBe(true);
  });
});
