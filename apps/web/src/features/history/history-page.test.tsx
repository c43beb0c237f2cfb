import { HistoryEvent, type HistoryItem, type HistoryPage as Page, Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { HistoryPage } from './history-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const NNBSP = '\u202f';
const NBSP = '\u00a0';

/** The payment of the server's known log (history-test-world): Aziza took 450 000 from Sobirov for PY-BAS-1. */
const payment: HistoryItem = {
  id: 12,
  type: HistoryEvent.balanceTopUp,
  name: 'balanceTopUp',
  entity: 'user',
  entity_id: 70,
  branch_id: 1,
  actor: { id: 4, name: 'Aziza Nurova', gender: 'f' },
  data: { amount: 450_000, method: 'cash', student_name: 'Sobirov D.', group_id: 30, group_title: 'PY-BAS-1' },
  refs: {
    person: { id: 70, name: 'Sobirov Doniyor', type: 'student' },
    group: { id: 30, title: 'PY-BAS-1' },
    lead: null,
  },
  // 14:05 in Tashkent.
  created_at: '2026-03-21T09:05:00.000Z',
};
const lead: HistoryItem = {
  ...payment,
  id: 11,
  type: HistoryEvent.leadAdded,
  name: 'leadAdded',
  entity: 'lead',
  entity_id: 50,
  actor: null,
  data: { via: 'public_form', name: 'Olim' },
  refs: { person: null, group: null, lead: { id: 50, name: 'Olim' } },
  created_at: '2026-03-20T19:30:00.000Z',
};

const page = (data: HistoryItem[], exportable = true, total = data.length): Page => ({
  data,
  pagination: { count: data.length, current_page: 1, last_page: 1, per_page: 30, total, total_pages: 1 },
  policies: { export: exportable },
});

let answer: (url: string) => Response;
let urls: string[] = [];
let location = '';

function Where() {
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}

function renderPage(entry = '/history') {
  storeUser(aUser([Role.owner]), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <App>
          <HistoryPage />
          <Where />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The calls for the log itself (the staff filter asks for people too). */
const logCalls = () => urls.filter((url) => url.includes('/history'));

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  urls = [];
  answer = (url) =>
    url.startsWith('/api/v1/user')
      ? json(200, { data: [], pagination: page([]).pagination })
      : json(200, page([payment, lead]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer(url);
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:history');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const SLOW = 120_000;

describe('HistoryPage', () => {
  it(
    'says each event in a sentence, at the company’s time, linking the student and the group',
    async () => {
      renderPage();
      const item = (await screen.findByText('Aziza Nurova')).closest('li') as HTMLElement;
      expect(item.textContent).toContain(
        `21.03.2026 14:05Aziza Nurova took a payment of 450${NNBSP}000${NBSP}UZS from Sobirov D. for PY-BAS-1 (cash)`,
      );
      expect(within(item).getByRole('link', { name: 'Sobirov D.' }).getAttribute('href')).toBe('/students/profile/70');
      expect(within(item).getByRole('link', { name: 'PY-BAS-1' }).getAttribute('href')).toBe('/groups/30');
      expect(item.textContent).toContain('Payment taken · Chilonzor');
      const visitor = screen.getByText(/A new lead came in through the website form/).closest('li') as HTMLElement;
      expect(within(visitor).getByRole('link', { name: 'Olim' }).getAttribute('href')).toBe('/history?lead_id=50');
      expect(screen.getByText('Events in all: 2')).toBeTruthy();
      expect(logCalls()).toEqual(['/api/v1/company/1/history?page=1&per_page=30']);
    },
    SLOW,
  );

  it(
    'opens for one student from the address, names him, and lets the filter go',
    async () => {
      answer = (url) => (url.startsWith('/api/v1/user') ? json(200, page([])) : json(200, page([payment])));
      renderPage('/history?student_id=70');
      expect(await screen.findByText('Student: Sobirov Doniyor')).toBeTruthy();
      expect(logCalls()[0]).toBe('/api/v1/company/1/history?student_id=70&page=1&per_page=30');
      const chip = screen.getByText('Student: Sobirov Doniyor').closest('.ant-tag') as HTMLElement;
      fireEvent.click(chip.querySelector('.ant-tag-close-icon') as HTMLElement);
      await waitFor(() => expect(location).toBe('/history'));
      await waitFor(() => expect(logCalls().at(-1)).toBe('/api/v1/company/1/history?page=1&per_page=30'));
    },
    SLOW,
  );

  it(
    'asks for the event types chosen, from page one',
    async () => {
      renderPage('/history?page=3');
      await screen.findByText('Aziza Nurova');
      // The options are a virtual list: searched first.
      const types = screen.getByRole('combobox', { name: 'Event type' });
      fireEvent.mouseDown(types);
      fireEvent.change(types, { target: { value: 'Payment taken' } });
      fireEvent.click(await screen.findByText('Payment taken', { selector: '.ant-select-item-option-content' }));
      await waitFor(() => expect(location).toBe(`/history?type=${HistoryEvent.balanceTopUp}`));
      await waitFor(() =>
        expect(logCalls().at(-1)).toBe(
          `/api/v1/company/1/history?type=${HistoryEvent.balanceTopUp}&page=1&per_page=30`,
        ),
      );
    },
    SLOW,
  );

  it(
    'downloads the same filter as Excel in the interface language, when the server allows it',
    async () => {
      renderPage(`/history?type=${HistoryEvent.balanceTopUp}&actor_id=4`);
      await screen.findByText('Aziza Nurova');
      answer = () => new Response(new Blob(['xlsx']), { status: 200 });
      fireEvent.click(screen.getByRole('button', { name: /Download Excel/ }));
      await waitFor(() =>
        expect(urls.at(-1)).toBe(
          `/api/v1/company/1/history/export?actor_id=4&type=${HistoryEvent.balanceTopUp}&lang=en`,
        ),
      );
    },
    SLOW,
  );

  it(
    'has no download without the export policy, and says when nothing matches',
    async () => {
      answer = (url) => json(200, url.startsWith('/api/v1/user') ? page([]) : page([], false));
      renderPage('/history?actor_id=4');
      expect(await screen.findByText('No events match these filters')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Download Excel/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'shows a failure with a way to try again',
    async () => {
      answer = (url) =>
        url.startsWith('/api/v1/user')
          ? json(200, page([]))
          : json(500, { error: { code: 'internal', message: 'x', request_id: 'r' } });
      renderPage();
      const retry = await screen.findByRole('button', { name: 'Try again' });
      answer = (url) => json(200, url.startsWith('/api/v1/user') ? page([]) : page([payment]));
      fireEvent.click(retry);
      expect(await screen.findByText('Aziza Nurova')).toBeTruthy();
    },
    SLOW,
  );
});
