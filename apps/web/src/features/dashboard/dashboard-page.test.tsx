import { type DayLesson, type DayLessons, Role, type RoleId } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
let calls: string[] = [];

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
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
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
    // A teacher's own lessons: no branch is asked for.
    expect(calls).toEqual(['/api/v1/lessons/day']);
    // The afternoon lesson has not begun: it can be opened, not marked yet.
    expect(screen.getByRole('button', { name: 'Open the group IELTS Evening' })).toBeTruthy();
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
    expect(calls).toEqual(['/api/v1/lessons/day?branch_id=2']);
  });

  it('says so when there are no lessons today', async () => {
    renderPage([Role.teacher]);
    expect(await screen.findByText('No lessons today')).toBeTruthy();
  });
});
