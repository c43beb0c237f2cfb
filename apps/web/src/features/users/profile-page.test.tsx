import { Role, type UserProfile } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aCompany, aUser } from '../../test/session-fixtures';
import { StudentProfilePage } from './profile-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const profile: UserProfile = {
  id: 11,
  name: 'Karimov Aziz',
  phone: '901234567',
  birthday: '2010-05-17',
  gender: 'm',
  comment: null,
  parent_name: 'Karimova Nodira',
  parent_phone: '907654321',
  ext_id: null,
  roles: [{ id: Role.student, name: 'Student' }],
  branches: [{ id: 2, name: 'Yunusobod' }],
  main_branch: 2,
  tags: [],
  groups: [
    {
      id: 4,
      name: 'ENG-4',
      status: 2,
      student_status: 5,
      course: { id: 1, name: 'English' },
      teacher: { id: 3, name: 'Rahimova Sevara' },
      start_time: '09:00',
      end_time: '10:30',
      days: [1, 3, 5],
      joined_at: '2025-09-01',
    },
  ],
  archived_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  extra_phone: null,
  email: null,
  telegram: null,
  address: null,
  passport_id: null,
  has_password: false,
  types: ['student'],
};

let calls: { method: string; url: string; body: Record<string, unknown> | undefined }[] = [];
let notes: { id: number; user_id: number; text: string; author: null; created_at: string }[] = [];

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  calls = [];
  notes = [];
  storeUser(aUser([Role.admin]), 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/user/11') return json(200, profile);
      if (url.startsWith('/api/v1/userComments') && method === 'POST') {
        const note = { id: 1, user_id: 11, text: body.text, author: null, created_at: '2025-02-01T10:00:00.000Z' };
        notes = [note];
        return json(200, note);
      }
      if (url.startsWith('/api/v1/userComments')) return json(200, { data: notes });
      if (url.startsWith('/api/v1/group?'))
        return json(200, {
          data: [
            {
              id: 9,
              title: 'MTH-9',
              course: { id: 2, name: 'Math' },
              teacher: { id: 3, name: 'Rahimova Sevara' },
              start_time: '14:00',
              end_time: '15:30',
            },
          ],
          pagination: { count: 1, current_page: 1, last_page: 1, per_page: 500, total: 1, total_pages: 1 },
        });
      if (url.startsWith('/api/v1/group/9/students/11')) return json(200, { data: {} });
      if (url.startsWith('/api/v1/gamification/coins/11?'))
        return json(200, {
          student: { id: 11, name: 'Karimov Aziz' },
          balance: 75,
          reserved: 0,
          entries: {
            data: [],
            pagination: { count: 0, current_page: 1, last_page: 1, per_page: 10, total: 0, total_pages: 1 },
          },
          policies: { give: false },
        });
      return json(404, { error: { code: 'not_found', message: 'Not found.' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function renderProfile() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/students/profile/11']}>
        <App>
          <Routes>
            <Route path="/students/profile/:id" element={<StudentProfilePage />} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('StudentProfilePage', () => {
  it('has a Coins tab only while the company’s gamification is on (issue 21)', async () => {
    renderProfile();
    await screen.findByRole('heading', { name: 'Karimov Aziz' });
    expect(screen.queryByRole('tab', { name: 'Coins' })).toBeNull();
    cleanup();
    storeUser(aUser([Role.admin], aCompany({}, { gamification: true })), 'token');
    renderProfile();
    fireEvent.click(await screen.findByRole('tab', { name: 'Coins' }));
    expect(await screen.findByText('75')).toBeTruthy();
    expect(screen.getByText('No coins have come or gone yet.')).toBeTruthy();
  });

  it('shows the groups with the status, the contacts, and keeps a new note', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Karimov Aziz' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ENG-4' }).getAttribute('href')).toBe('/groups/4');
    expect(screen.getByText('Active')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(await screen.findByText('+998 90 765 43 21')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    fireEvent.change(await screen.findByLabelText('New note'), { target: { value: 'Asked for a discount' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    });
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ user_id: 11, text: 'Asked for a discount' }),
    );
    expect(await screen.findByText('Asked for a discount')).toBeTruthy();
  });

  it('adds the student to a running group of his branch from the chosen day', async () => {
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: /Add to group/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Group' }));
    fireEvent.click(await screen.findByText('MTH-9 · Math · 14:00–15:30 · Rahimova Sevara'));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add to group' }));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/group/9/students/11')).toBe(true));
    expect(calls.find((c) => c.url.startsWith('/api/v1/group?'))?.url).toContain('branch_id=2');
    expect(calls.find((c) => c.url === '/api/v1/group/9/students/11')?.body).toEqual({
      created_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
});
