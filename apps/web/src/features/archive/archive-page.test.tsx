import { type ArchiveItem, type ArchiveList, Role, type UserProfile } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { ArchivePage } from './archive-page';
import { ArchivedStudentPage } from './archived-student-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const anItem = (overrides: Partial<ArchiveItem>): ArchiveItem => ({
  kind: 'student',
  id: 11,
  name: 'Aziz Archived',
  phone: '901234567',
  course: null,
  archived_at: '2026-03-10T07:00:00.000Z',
  archived_by: { id: 2, name: 'Malika Yusupova' },
  reason: 'Moved away',
  policies: { restore: true, open: true },
  ...overrides,
});

const rows: ArchiveItem[] = [
  anItem({}),
  anItem({ kind: 'staff', id: 12, name: 'Sevara Cashier', reason: null, policies: { restore: false, open: false } }),
  anItem({ kind: 'group', id: 5, name: 'Alpha', phone: null, course: 'English', reason: null, archived_by: null }),
  anItem({ kind: 'lead', id: 9, name: 'Dono Lead', reason: 'Too expensive', policies: { restore: true, open: false } }),
];
const listOf = (data: ArchiveItem[]): ArchiveList => ({
  data,
  pagination: { count: data.length, current_page: 1, last_page: 1, per_page: 20, total: data.length, total_pages: 1 },
  counts: { all: 4, student: 1, teacher: 0, staff: 1, group: 1, lead: 1 },
});

let calls: { url: string; method: string }[] = [];
let respond: (url: string, method: string) => Response;

function renderAt(path: string) {
  storeUser(aUser([Role.admin]), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <Routes>
            <Route path="/archive/list/all" element={<ArchivePage />} />
            <Route path="/archive/list/student/:id" element={<ArchivedStudentPage />} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      return respond(url, method);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const SLOW = 120_000;
const listCalls = () =>
  calls.filter((c) => c.method === 'GET' && new URL(c.url, 'http://x').pathname === '/api/v1/archive');

describe('ArchivePage', () => {
  it(
    'lists what was archived with who, when and why, opening only what the server allows',
    async () => {
      respond = () => json(200, listOf(rows));
      renderAt('/archive/list/all');
      const student = await screen.findByRole('link', { name: 'Aziz Archived' });
      expect(student.getAttribute('href')).toBe('/archive/list/student/11');
      expect(screen.getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe('/groups/5');
      // Staff the caller may not open, and a lead (no page): plain names.
      expect(screen.queryByRole('link', { name: 'Sevara Cashier' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Dono Lead' })).toBeNull();
      const row = student.closest('tr') as HTMLElement;
      expect(within(row).getByText('Moved away')).toBeTruthy();
      expect(within(row).getByText('Malika Yusupova')).toBeTruthy();
      expect(within(row).getByText('Student')).toBeTruthy();
      expect(screen.getByText('not on record')).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'All (4)' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Staff (1)' })).toBeTruthy();
      const restoreStaff = screen.getByRole('button', { name: 'Restore: Sevara Cashier' }) as HTMLButtonElement;
      expect(restoreStaff.disabled).toBe(true);
      expect(Object.fromEntries(new URL(listCalls()[0]?.url ?? '', 'http://x').searchParams)).toEqual({
        branch_id: '2',
        kind: 'all',
        page: '1',
        per_page: '20',
      });
    },
    SLOW,
  );

  it(
    'asks for one kind and for a search',
    async () => {
      respond = () => json(200, listOf(rows));
      renderAt('/archive/list/all');
      await screen.findByRole('link', { name: 'Aziz Archived' });
      fireEvent.click(screen.getByRole('tab', { name: 'Groups (1)' }));
      await waitFor(() => expect(listCalls().some((c) => c.url.includes('kind=group'))).toBe(true));
      const search = screen.getByRole('searchbox', { name: 'Name or phone' });
      fireEvent.change(search, { target: { value: 'aziz' } });
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
      await waitFor(() => expect(listCalls().some((c) => c.url.includes('search=aziz'))).toBe(true));
    },
    SLOW,
  );

  it(
    'restores after a confirmation, through the archive route of its kind',
    async () => {
      respond = (_, method) =>
        method === 'POST' ? json(200, { ok: true, kind: 'lead', id: 9 }) : json(200, listOf(rows));
      renderAt('/archive/list/all');
      fireEvent.click(await screen.findByRole('button', { name: 'Restore: Dono Lead' }));
      expect(await screen.findByText('Restore Dono Lead?')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
      await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/v1/archive/lead/9/restore'));
      await screen.findByText('Dono Lead is restored');
      // The archive is asked again.
      await waitFor(() => expect(listCalls().length).toBeGreaterThan(1));
    },
    SLOW,
  );

  it(
    'says when nothing matches and offers a retry after an error',
    async () => {
      respond = () => json(500, { error: { code: 'internal', message: 'boom' } });
      renderAt('/archive/list/all');
      const retry = await screen.findByRole('button', { name: 'Try again' });
      respond = () =>
        json(200, { ...listOf([]), counts: { all: 0, student: 0, teacher: 0, staff: 0, group: 0, lead: 0 } });
      fireEvent.click(retry);
      await screen.findByText('Nothing archived matches these filters');
    },
    SLOW,
  );
});

const aProfile: UserProfile = {
  id: 11,
  name: 'Aziz Archived',
  phone: '901234567',
  birthday: null,
  gender: null,
  comment: null,
  parent_name: null,
  parent_phone: null,
  ext_id: null,
  roles: [{ id: Role.student, name: 'Student' }],
  branches: [{ id: 2, name: 'Yunusobod' }],
  main_branch: 2,
  tags: [],
  groups: [],
  archived_at: '2026-03-10T07:00:00.000Z',
  created_at: '2025-09-01T07:00:00.000Z',
  extra_phone: null,
  email: null,
  telegram: null,
  address: null,
  passport_id: null,
  has_password: false,
  types: ['student'],
};

describe('ArchivedStudentPage', () => {
  it(
    "shows the archived student's profile to read, without a single action",
    async () => {
      const empty = {
        data: [],
        pagination: { count: 0, current_page: 1, last_page: 1, per_page: 20, total: 0, total_pages: 1 },
      };
      respond = (url) => {
        const path = new URL(url, 'http://x').pathname;
        if (path === '/api/v1/user/11') return json(200, aProfile);
        if (path === '/api/v1/user/11/balance') return json(200, { balance: -150_000, general: 0, groups: [] });
        return json(200, empty);
      };
      renderAt('/archive/list/student/11');
      expect(await screen.findByRole('heading', { name: 'Aziz Archived' })).toBeTruthy();
      expect(screen.getByText('Archived on 10.03.2026')).toBeTruthy();
      fireEvent.click(screen.getByRole('tab', { name: 'Balance' }));
      expect(await screen.findByText('-150 000 UZS')).toBeTruthy();
      for (const tab of ['Notes', 'History', 'Contacts']) fireEvent.click(screen.getByRole('tab', { name: tab }));
      // No restore, edit, archive, pay, note or any other button: the page only reads.
      expect(screen.queryAllByRole('button').filter((b) => !b.closest('.ant-pagination'))).toEqual([]);
      expect(calls.every((c) => c.method === 'GET')).toBe(true);
    },
    SLOW,
  );
});
