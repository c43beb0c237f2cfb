import type { WorklyConnection } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { WorklySettingsCard } from './workly-settings-card';

const POLICIES = { view: true, connect: true, bind: false };
const NOT_CONNECTED: WorklyConnection = {
  configured: false,
  client_id_masked: null,
  username_masked: null,
  connected_at: null,
  policies: POLICIES,
};
const CONNECTED: WorklyConnection = {
  configured: true,
  client_id_masked: '•••b5c6',
  username_masked: 'h•••@registon.uz',
  connected_at: '2025-03-01T08:00:00.000Z',
  policies: POLICIES,
};

let current: WorklyConnection;
beforeEach(() => {
  current = NOT_CONNECTED;
});
const calls = stubApi(({ method }) => {
  if (method === 'PUT') current = CONNECTED;
  if (method === 'DELETE') current = NOT_CONNECTED;
  return json(200, current);
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('WorklySettingsCard', () => {
  it('connects Workly with the four credentials, then shows them masked only', async () => {
    renderPage(<WorklySettingsCard />);
    expect(await screen.findByText('Not connected')).toBeTruthy();
    type('Client ID', 'c0ffee5a1b2c3d4e5f60718293a4b5c6');
    type('Client secret', 'S3cret-of-the-centre');
    type('Workly login', 'hr@registon.uz');
    type('Workly password', 'Registon#2025');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Workly is connected')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/v1/workly/connection',
      body: {
        client_id: 'c0ffee5a1b2c3d4e5f60718293a4b5c6',
        client_secret: 'S3cret-of-the-centre',
        username: 'hr@registon.uz',
        password: 'Registon#2025',
      },
    });
    expect(await screen.findByText('•••b5c6')).toBeTruthy();
    expect(screen.getByText('h•••@registon.uz')).toBeTruthy();
    expect(screen.queryByLabelText('Client secret')).toBeNull();
  });

  it('asks for every field before saving', async () => {
    renderPage(<WorklySettingsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.getAllByText('Fill this in')).toHaveLength(4));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('disconnects only after a confirmation', async () => {
    current = CONNECTED;
    renderPage(<WorklySettingsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Workly is disconnected')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/workly/connection');
  });
});
