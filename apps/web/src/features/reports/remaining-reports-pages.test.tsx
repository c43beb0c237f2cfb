import type { ActiveStudents, ClientList, DiscountList, LeftStatistics, Reachability } from '@crm/contracts';
import { Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser, todayIn } from '../../test/session-fixtures';
import { LeftStudentsPage } from '../groups/left-students-page';
import { ActiveStudentsPage } from './active-students-page';
import { ClientsPage } from './clients-page';
import { DiscountsPage } from './discounts-page';
import { LeftStudentsStatistics } from './left-students-statistics';
import { PageRedirect } from './page-redirect';
import { ReachabilityPage } from './reachability-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const pagination = (total: number) => ({
  count: total,
  current_page: 1,
  last_page: 1,
  per_page: 50,
  total,
  total_pages: 1,
});
const emptyList = { data: [], pagination: pagination(0) };

/** The answer of each API path the test names; any other path gets an empty list. */
let answers: Record<string, () => Response> = {};
let urls: string[] = [];
const askedWith = (path: string) => {
  const url = urls.filter((u) => u.startsWith(`/api/v1${path}?`)).at(-1) ?? '';
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
};

function renderAt(element: ReactNode) {
  storeUser(aUser([Role.admin]), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>{element}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  urls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const path = url.replace(/^\/api\/v1/, '').split('?')[0] ?? '';
      return answers[path]?.() ?? json(200, emptyList);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

// Pages with pickers and tables are a heavy first render in jsdom on a busy machine.
const SLOW = 120_000;

describe('ReachabilityPage', () => {
  it(
    "says what counts as reached and shows the branch's figures by source and staff",
    async () => {
      const report: Reachability = {
        totals: { leads: 10, reached: 6, percent: 60 },
        by_source: [
          { source: { id: 1, name: 'Instagram' }, leads: 5, reached: 3, percent: 60 },
          { source: null, leads: 5, reached: 3, percent: 60 },
        ],
        by_staff: [
          { staff: { id: 4, name: 'Madina Admin' }, reached: 5, average_hours: 2.5 },
          { staff: null, reached: 1, average_hours: null },
        ],
        counted: ['called', 'moved', 'converted', 'edited'],
      };
      answers['/reports/reachability'] = () => json(200, report);
      renderAt(<ReachabilityPage />);
      expect(await screen.findByText('Madina Admin')).toBeTruthy();
      expect(screen.getByText(/a call with his number was answered/)).toBeTruthy();
      expect(screen.getByText('No source')).toBeTruthy();
      expect(screen.getByText('Not recorded')).toBeTruthy();
      expect(screen.getByText('2.5 h')).toBeTruthy();
      // Not reached: 10 − 6.
      expect(screen.getByText('Not reached').nextSibling?.textContent).toBe('4');
      expect(askedWith('/reports/reachability')).toEqual({
        branch_id: '2',
        from: todayIn().startOf('month').format('YYYY-MM-DD'),
        till: todayIn().endOf('month').format('YYYY-MM-DD'),
      });
    },
    SLOW,
  );

  it(
    'offers to ask again after a failure',
    async () => {
      answers['/reports/reachability'] = () => json(500, { error: { code: 'internal', message: 'boom' } });
      renderAt(<ReachabilityPage />);
      const retry = await screen.findByRole('button', { name: 'Try again' });
      const before = urls.length;
      fireEvent.click(retry);
      await waitFor(() => expect(urls.length).toBeGreaterThan(before));
    },
    SLOW,
  );
});

describe('ActiveStudentsPage', () => {
  it(
    'shows a column a month with the count and its change, and the totals line',
    async () => {
      const report: ActiveStudents = {
        months: ['2026-01', '2026-02'],
        totals: [
          { month: '2026-01', active: 5, change: 3 },
          { month: '2026-02', active: 4, change: -1 },
        ],
        rows: [
          {
            branch: { id: 2, name: 'Yunusobod' },
            course: { id: 3, name: 'English' },
            months: [
              { month: '2026-01', active: 3, change: 1 },
              { month: '2026-02', active: 3, change: 0 },
            ],
          },
        ],
      };
      answers['/reports/active-students'] = () => json(200, report);
      renderAt(<ActiveStudentsPage />);
      const line = (await screen.findByText('English')).closest('tr') as HTMLElement;
      expect(within(line).getByText('Yunusobod')).toBeTruthy();
      expect(within(line).getByText('+1')).toBeTruthy();
      const total = screen.getByText('Total (each student once)').closest('tr') as HTMLElement;
      expect(within(total).getByText('+3')).toBeTruthy();
      expect(within(total).getByText('−1')).toBeTruthy();
      const asked = askedWith('/reports/active-students');
      expect(asked).toEqual({
        from: todayIn().subtract(5, 'month').format('YYYY-MM'),
        till: todayIn().format('YYYY-MM'),
      });
    },
    SLOW,
  );
});

describe('ClientsPage', () => {
  const list: ClientList = {
    data: [
      {
        student: { id: 11, name: 'Aziz Karimov', phone: '901234567' },
        balance: -500_000,
        status: 'active',
        groups: [{ id: 5, title: 'IELTS Evening', status: 5 }],
        source: { id: 1, name: 'Instagram' },
        last_payment: { date: '2026-03-02', amount: 500_000 },
        registered: '2025-09-01',
      },
    ],
    pagination: pagination(1),
    totals: { clients: 1, debtors: 1, debt: -500_000 },
    policies: { export: true },
  };

  it(
    'lists the clients of the header branch with money, status, groups and source, and filters debtors',
    async () => {
      answers['/reports/clients'] = () => json(200, list);
      renderAt(<ClientsPage />);
      expect((await screen.findByRole('link', { name: 'Aziz Karimov' })).getAttribute('href')).toBe(
        '/students/profile/11',
      );
      expect(screen.getByRole('link', { name: 'IELTS Evening' }).getAttribute('href')).toBe('/groups/5');
      expect(screen.getAllByText('-500 000 UZS').length).toBeGreaterThan(0);
      expect(screen.getByText('Active')).toBeTruthy();
      expect(screen.getByText('Instagram')).toBeTruthy();
      expect(askedWith('/reports/clients')).toEqual({ branch_id: '2', page: '1', per_page: '50' });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Debtors only' }));
      await waitFor(() => expect(askedWith('/reports/clients').debt).toBe('true'));
    },
    SLOW,
  );
});

describe('DiscountsPage', () => {
  it(
    'shows the income forgone by month and every price with its state and author',
    async () => {
      const report: DiscountList = {
        data: [
          {
            student: { id: 11, name: 'Aziz Karimov', phone: '901234567' },
            group: { id: 5, title: 'IELTS Evening' },
            course: { id: 3, name: 'English' },
            regular_price: 300_000,
            price: 250_000,
            discount: 50_000,
            reason: 'Sibling',
            start_date: '2026-02-01',
            end_date: '2026-03-31',
            set_by: { id: 4, name: 'Madina Admin' },
            set_at: '2026-01-20T07:00:00Z',
            state: 'removed',
            closed_on: '2026-02-10',
          },
        ],
        pagination: pagination(1),
        months: [{ month: '2026-02', forgone: 100_000, students: 2 }],
        total_forgone: 100_000,
        policies: { export: true },
      };
      answers['/reports/discounts'] = () => json(200, report);
      renderAt(<DiscountsPage />);
      expect(await screen.findByText('Sibling')).toBeTruthy();
      expect(screen.getByText('Removed')).toBeTruthy();
      expect(screen.getByText('10.02.2026')).toBeTruthy();
      expect(screen.getByText('Madina Admin')).toBeTruthy();
      expect(screen.getAllByText('100 000 UZS')).toHaveLength(2);
      expect(screen.getByText('50 000 UZS')).toBeTruthy();
      expect(askedWith('/reports/discounts')).toMatchObject({ branch_id: '2', page: '1' });
    },
    SLOW,
  );
});

describe('LeftStudentsStatistics', () => {
  it(
    "counts the departures of the list's filters by teacher, course, month and reason",
    async () => {
      const statistics: LeftStatistics = {
        total: 4,
        by_teacher: [{ teacher: { id: 1, name: 'Anvar Teacher' }, count: 4 }],
        by_course: [{ course: { id: 2, name: 'Math' }, count: 4 }],
        by_month: [{ month: '2026-02', count: 4 }],
        by_reason: [{ reason: null, count: 4 }],
      };
      answers['/reports/left-students/statistics'] = () => json(200, statistics);
      renderAt(<LeftStudentsStatistics query={{ branch_id: 2, date_start: '2026-02-01', date_end: '2026-02-28' }} />);
      expect(await screen.findByText('Anvar Teacher')).toBeTruthy();
      expect(screen.getByText('Math')).toBeTruthy();
      expect(screen.getByText('No reason')).toBeTruthy();
      expect(askedWith('/reports/left-students/statistics')).toEqual({
        branch_id: '2',
        date_start: '2026-02-01',
        date_end: '2026-02-28',
      });
    },
    SLOW,
  );
});

describe('the left-students page', () => {
  it(
    'shows the statistics of its own filters in a tab beside the list',
    async () => {
      answers['/reports/left-students/statistics'] = () =>
        json(200, { total: 0, by_teacher: [], by_course: [], by_month: [], by_reason: [] });
      renderAt(<LeftStudentsPage />);
      fireEvent.click(await screen.findByRole('tab', { name: 'Statistics' }));
      expect(await screen.findByText('By reason')).toBeTruthy();
      const list = Object.fromEntries(
        new URL(urls.find((u) => u.startsWith('/api/v1/user/left_group')) ?? '', 'http://x').searchParams,
      );
      expect(askedWith('/reports/left-students/statistics')).toEqual({
        branch_id: '2',
        date_start: list.date_start,
        date_end: list.date_end,
      });
    },
    SLOW,
  );
});

/** Where the router is now. */
function Where() {
  const { pathname, search } = useLocation();
  return <span>at {`${pathname}${search}`}</span>;
}

describe('PageRedirect', () => {
  it('opens the one built page from its second address, with the query', async () => {
    render(
      <MemoryRouter initialEntries={['/reports/left-students?reason_id=3']}>
        <Routes>
          <Route path="/reports/left-students" element={<PageRedirect to="/left-students" />} />
          <Route path="/left-students" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('at /left-students?reason_id=3')).toBeTruthy();
  });
});
