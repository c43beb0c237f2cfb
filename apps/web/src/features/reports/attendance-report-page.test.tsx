import { type AttendanceReport, type AttendanceReportRow, Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser, todayIn } from '../../test/session-fixtures';
import { AttendanceReportPage, attendanceRate } from './attendance-report-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const aRow = (overrides: Partial<AttendanceReportRow> = {}): AttendanceReportRow => ({
  student: { id: 11, name: 'Aziz Karimov' },
  group: { id: 5, title: 'IELTS Evening' },
  teacher: { id: 4, name: 'Anvar Teacher' },
  course: { id: 3, name: 'English' },
  status: 5,
  visits: 8,
  absents: 1,
  misses: 1,
  all: 12,
  ...overrides,
});

const reportOf = (data: AttendanceReportRow[], total = data.length): AttendanceReport => ({
  data,
  totals: data.reduce(
    (sum, r) => ({
      visits: sum.visits + r.visits,
      absents: sum.absents + r.absents,
      misses: sum.misses + r.misses,
      all: sum.all + r.all,
    }),
    { visits: 0, absents: 0, misses: 0, all: 0 },
  ),
  pagination: { count: data.length, current_page: 1, last_page: 1, per_page: 50, total, total_pages: 1 },
});

const emptyList = {
  data: [],
  pagination: { count: 0, current_page: 1, last_page: 1, per_page: 500, total: 0, total_pages: 1 },
};

let answer: () => Response;
let urls: string[] = [];

function renderPage() {
  storeUser(aUser([Role.admin]), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <AttendanceReportPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return url.startsWith('/api/v1/attendance_report/') ? answer() : json(200, emptyList);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

// The page with its pickers and table is a heavy first render in jsdom on a busy machine.
const SLOW = 120_000;

describe('AttendanceReportPage', () => {
  it(
    "shows the branch's rows of this month with links, counts and the totals of every row",
    async () => {
      answer = () =>
        json(
          200,
          reportOf(
            [
              aRow(),
              aRow({ student: { id: 12, name: 'Bekzod Aliyev' }, visits: 2, absents: 4, misses: 0, all: 6, status: 6 }),
            ],
            2,
          ),
        );
      renderPage();
      const aziz = await screen.findByRole('link', { name: 'Aziz Karimov' });
      expect(aziz.getAttribute('href')).toBe('/students/profile/11');
      expect(screen.getAllByRole('link', { name: 'IELTS Evening' })[0]?.getAttribute('href')).toBe('/groups/5');
      expect(screen.getByText('Archived')).toBeTruthy();

      const totals = screen.getByText('Total · rows: 2').closest('tr') as HTMLElement;
      // visits 10, absents 5, not marked 1, all 18, and 10 of the 16 ended lessons attended.
      expect(
        within(totals)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['Total · rows: 2', '10', '5', '1', '18', '63%']);

      const asked = urls.find((url) => url.startsWith('/api/v1/attendance_report/')) ?? '';
      expect(Object.fromEntries(new URL(asked, 'http://x').searchParams)).toEqual({
        branch_id: '2',
        from: todayIn().startOf('month').format('YYYY-MM-DD'),
        till: todayIn().endOf('month').format('YYYY-MM-DD'),
        page: '1',
        per_page: '50',
      });
    },
    SLOW,
  );

  it(
    'says so when the period has no lessons, without a totals row',
    async () => {
      answer = () => json(200, reportOf([]));
      renderPage();
      expect(await screen.findByText('No lessons in this period for these filters')).toBeTruthy();
      expect(screen.queryByText(/^Total/)).toBeNull();
    },
    SLOW,
  );

  it(
    "shows the server's refusal in words",
    async () => {
      answer = () =>
        json(400, {
          error: {
            code: 'validation_failed',
            message: 'till: at most 93 days',
            details: [{ field: 'till', rule: 'too_big', message: 'x' }],
          },
        });
      renderPage();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Some fields are not valid.');
    },
    SLOW,
  );
});

describe('attendanceRate', () => {
  it('is the share of ended lessons attended, and none before any lesson ended', () => {
    expect(attendanceRate({ visits: 3, absents: 1, misses: 0, all: 10 })).toBe('75%');
    expect(attendanceRate({ visits: 0, absents: 0, misses: 0, all: 4 })).toBe('—');
  });
});
