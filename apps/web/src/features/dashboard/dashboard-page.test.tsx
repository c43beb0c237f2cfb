import { type Dashboard, type DayLesson, type DayLessons, Role, type RoleId } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { aLesson } from '../attendance/attendance-fixtures';
import { DashboardPage } from './dashboard-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const aDayLesson = (overrides: Partial<DayLesson> = {}): DayLesson => ({
  ...aLesson('2025-03-11'),
  group: { id: 7, title: 'ENG-7', course: { id: 3, name: 'English' } },
  students: 10,
  marked: 3,
  ...overrides,
});

let day: DayLessons;
let dashboard: Dashboard;
let calls: string[] = [];

const month = (n: number, active_students: number, payments: number | null) => ({
  month: `2025-${String(n).padStart(2, '0')}`,
  active_students,
  payments,
});

/** An admin's dashboard of branch 2 in March 2025. */
const anAdminDashboard = (): Dashboard => ({
  branch_id: 2,
  scope: 'branch',
  today: '2025-03-11',
  month: { from: '2025-03-01', till: '2025-03-31' },
  policies: {
    money: true,
    leads: true,
    logs: false,
    open_students: true,
    open_groups: true,
    open_leads: true,
    open_debtors: true,
    open_left_students: true,
    open_history: false,
  },
  filter_options: null,
  groups: { active: 12, selection: 3 },
  students: { all: 240, active: 180, trial: 14, frozen: 6 },
  attendance: { present: 90, absent: 10, percent: 90 },
  left_this_month: 4,
  leads: { new_this_month: 25, in_work: 40 },
  debtors: { count: 17, total_debt: -3_400_000 },
  funnel: { leads: 25, waiting_or_set: 15, trial: 8, paid: 5 },
  lead_sources: [{ source: 'Instagram', leads: 25, paid: 5, share: 100, conversion: 20 }],
  money: {
    this_month: {
      from: '2025-03-01',
      till: '2025-03-31',
      payments: 45_000_000,
      expenses: 20_000_000,
      profit: 25_000_000,
    },
    last_month: {
      from: '2025-02-01',
      till: '2025-02-28',
      payments: 40_000_000,
      expenses: 20_000_000,
      profit: 20_000_000,
    },
  },
  monthly: [month(2, 170, 40_000_000), month(3, 180, 45_000_000)],
  logs: null,
  licence: { ends_on: '2025-03-21', days_left: 10 },
});

/** Where a button took the user. */
function CurrentPlace() {
  const location = useLocation();
  return <output aria-label="place">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(roles: RoleId[]) {
  storeUser(aUser(roles), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <App>
          <Routes>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="*" element={<CurrentPlace />} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  day = { date: '2025-03-11', today: '2025-03-11', now: '09:30', lessons: [] };
  dashboard = anAdminDashboard();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.startsWith('/api/v1/dashboard')) return json(200, dashboard);
      return url.startsWith('/api/v1/lessons/day') ? json(200, day) : json(404, {});
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it("lists a teacher's lessons of today and opens the one going on at its attendance", async () => {
    day.lessons = [
      aDayLesson(),
      aDayLesson({
        start_time: '14:00',
        end_time: '15:30',
        group: { id: 8, title: 'IELTS Evening', course: { id: 4, name: 'IELTS' } },
        marked: 0,
      }),
    ];
    renderPage([Role.teacher]);
    expect(await screen.findByText('ENG-7')).toBeTruthy();
    expect(screen.getByText('IELTS Evening')).toBeTruthy();
    expect(screen.getByText('Marked 3 of 10')).toBeTruthy();
    expect(screen.getByText('Going on now')).toBeTruthy();
    // A teacher's own lessons and figures: no branch is asked for.
    expect(calls.sort()).toEqual(['/api/v1/dashboard', '/api/v1/lessons/day']);
    // The afternoon lesson has not begun: it can be opened, not marked yet.
    expect(screen.getAllByRole('button', { name: 'Open the group' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Mark attendance: ENG-7' }));
    await waitFor(() =>
      expect(screen.getByLabelText('place').textContent).toBe('/groups/7?tab=attendance&date=2025-03-11'),
    );
  });

  it("shows staff the current branch's lessons, cancelled ones as such", async () => {
    day.lessons = [aDayLesson({ state: 'cancelled', cancel_reason: 'Teacher is ill' })];
    renderPage([Role.admin]);
    expect(await screen.findByText('Teacher is ill')).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByText('Anvar Karimov')).toBeTruthy();
    expect(calls).toContain('/api/v1/lessons/day?branch_id=2');
    expect(calls).toContain('/api/v1/dashboard?branch_id=2');
  });

  it('says so when there are no lessons today', async () => {
    renderPage([Role.teacher]);
    expect(await screen.findByText('No lessons today')).toBeTruthy();
  });

  it("shows the branch's counters, each opening its filtered list", async () => {
    renderPage([Role.admin]);
    const link = async (counter: string) => within(await screen.findByTestId(`counter-${counter}`)).getByRole('link');
    const debtors = await link('debtors');
    expect(screen.getByTestId('counter-activeStudents').textContent).toContain('180');
    expect(screen.getByTestId('licence').textContent).toContain('10 days left (until 21.03.2025)');
    expect(screen.getByTestId('money-profit').textContent).toContain('25 000 000');
    expect(screen.getByText('Last month: 20 000 000 UZS (+25%)')).toBeTruthy();
    fireEvent.click(await link('trialStudents'));
    await waitFor(() => expect(screen.getByLabelText('place').textContent).toBe('/students/list?statuses=1%2C2'));
    cleanup();
    renderPage([Role.admin]);
    fireEvent.click(await link('debtors'));
    await waitFor(() => expect(screen.getByLabelText('place').textContent).toBe('/students/debtors'));
    expect(debtors).toBeTruthy();
  });

  it('gives a limited admin no money and no link to the lists his role cannot open', async () => {
    dashboard = {
      ...anAdminDashboard(),
      policies: { ...anAdminDashboard().policies, money: false, open_students: false, open_debtors: false },
      money: null,
      debtors: { count: 17, total_debt: null },
      monthly: [month(2, 170, null), month(3, 180, null)],
    };
    renderPage([Role.limitedAdmin]);
    expect(await screen.findByTestId('counter-debtors')).toBeTruthy();
    expect(within(screen.getByTestId('counter-debtors')).queryByRole('link')).toBeNull();
    expect(screen.queryByText('Money this month')).toBeNull();
    expect(within(screen.getByTestId('counter-activeGroups')).getByRole('link')).toBeTruthy();
  });
});
