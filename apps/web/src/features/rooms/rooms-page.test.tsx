import { Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { RoomsPage } from './rooms-page';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const page = (data: unknown[]) => ({
  data,
  pagination: { count: data.length, current_page: 1, last_page: 1, per_page: 20, total: data.length, total_pages: 1 },
});

let rooms: { id: number; name: string; capacity: number; branch_id: number }[] = [];
let nextCreate: () => Response;
let calls: Call[] = [];

function renderRooms() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <RoomsPage />
      </App>
    </QueryClientProvider>,
  );
}

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  rooms = [];
  calls = [];
  storeUser(aUser([Role.admin]), 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET') return json(200, page(rooms));
      if (method === 'POST') return nextCreate();
      return json(200, { ok: true });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const dialog = () => screen.getByRole('dialog');
const fill = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

describe('RoomsPage', () => {
  it("lists the chosen branch's rooms with named edit and delete buttons", async () => {
    rooms = [{ id: 5, name: 'Oxford', capacity: 14, branch_id: 2 }];
    renderRooms();
    expect(await screen.findByText('Oxford')).toBeTruthy();
    expect(screen.getByText('14')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit room Oxford' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete room Oxford' })).toBeTruthy();
    expect(calls[0].url).toBe('/api/v1/room?branch_id=2&page=1&per_page=20');
  });

  it('invites to create the first room when the branch has none', async () => {
    renderRooms();
    expect(await screen.findByText('This branch has no rooms yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create the first room' })).toBeTruthy();
  });

  it('refuses a capacity the contracts refuse, without asking the server', async () => {
    renderRooms();
    fireEvent.click(await screen.findByRole('button', { name: /Add room/ }));
    fill('Name', 'Cambridge');
    fill('Capacity', '0');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('The value must be at least 1')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("puts the server's field errors under the fields, then saves and refreshes the list", async () => {
    renderRooms();
    fireEvent.click(await screen.findByRole('button', { name: /Add room/ }));
    fill('Name', 'Cambridge');
    fill('Capacity', '12');
    nextCreate = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          details: [{ field: 'name', rule: 'too_big', message: 'Too big', limit: 100 }],
        },
      });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Enter at most 100 characters')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Cambridge',
      capacity: 12,
      branch_id: 2,
    });

    nextCreate = () => {
      rooms = [{ id: 9, name: 'Cambridge', capacity: 12, branch_id: 2 }];
      return json(200, { id: 9, name: 'Cambridge' });
    };
    const listReads = calls.filter((call) => call.method === 'GET').length;
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('The room is created')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(listReads));
    expect(await screen.findByRole('button', { name: 'Edit room Cambridge' })).toBeTruthy();
  });
});
