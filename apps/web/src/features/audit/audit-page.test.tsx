import { type AuditFigures, type AuditReport, Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser, todayIn } from '../../test/session-fixtures';
import { AuditPage } from './audit-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const nothing = {
  students_added: 0,
  students_activated: 0,
  students_archived: 0,
  attendance_marked: 0,
  leads_handled: 0,
};
const money = (patch: Partial<NonNullable<AuditFigures['money']>> = {}) => ({
  payments: 0,
  paid: 0,
  by_method: {},
  refunds: 0,
  refunded: 0,
  write_offs: 0,
  written_off: 0,
  cash: 0,
  ...patch,
});

const cashier = { id: 4, name: 'Aziza Nurmatova' };
const teacher = { id: 6, name: 'Kamola Ergasheva' };

/** The cashier's day of the server's known book, the teacher's marks over two days. */
const fullReport: AuditReport = {
  branch_id: 2,
  from: '2026-03-01',
  till: '2026-03-31',
  policies: { money: true },
  methods: ['cash', 'card'],
  staff: [teacher, cashier],
  rows: [
    {
      day: '2026-03-10',
      staff: cashier,
      money: money({
        payments: 3,
        paid: 900_000,
        by_method: { cash: 450_000, card: 450_000 },
        refunds: 1,
        refunded: 50_000,
        cash: 400_000,
      }),
      ...nothing,
    },
    { day: '2026-03-10', staff: teacher, money: money(), ...nothing, attendance_marked: 4 },
    { day: '2026-03-11', staff: teacher, money: money(), ...nothing, attendance_marked: 2 },
  ],
  total: {
    money: money({
      payments: 3,
      paid: 900_000,
      by_method: { cash: 450_000, card: 450_000 },
      refunds: 1,
      refunded: 50_000,
      cash: 400_000,
    }),
    ...nothing,
    attendance_marked: 6,
  },
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
          <AuditPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const SLOW = 120_000;

describe('AuditPage', () => {
  it(
    "shows each day's staff rows with money by method, the cash in hand and a total row",
    async () => {
      answer = () => json(200, fullReport);
      renderPage();
      const cashierRow = (await screen.findByText('Aziza Nurmatova')).closest('tr') as HTMLElement;
      // Day (spanning the day's two rows), staff, payments: count, cash, card, sum; refunds and write-offs
      // (sum and count); cash in hand; students: added, activated, archived; attendance; leads.
      expect(cellsOf(cashierRow).slice(1)).toEqual([
        'Aziza Nurmatova',
        '3',
        '450 000',
        '450 000',
        '900 000',
        '50 000 (1)',
        '–',
        '400 000',
        '–',
        '–',
        '–',
        '–',
        '–',
      ]);
      expect(screen.getAllByText('10.03.2026')).toHaveLength(1);
      const total = screen.getByText('Total').closest('tr') as HTMLElement;
      expect(cellsOf(total)).toEqual([
        'Total',
        '3',
        '450 000',
        '450 000',
        '900 000',
        '50 000 (1)',
        '0',
        '400 000',
        '0',
        '0',
        '0',
        '6',
        '0',
      ]);
      expect(screen.getByRole('columnheader', { name: 'Payments, UZS' })).toBeTruthy();
      expect(screen.getByRole('columnheader', { name: 'Cash in hand, UZS' })).toBeTruthy();

      const asked = new URL(urls[0] ?? '', 'http://x');
      expect(asked.pathname).toBe('/api/v1/audit');
      expect(Object.fromEntries(asked.searchParams)).toEqual({
        branch_id: '2',
        from: todayIn().startOf('month').format('YYYY-MM-DD'),
        till: todayIn().endOf('month').format('YYYY-MM-DD'),
      });
    },
    SLOW,
  );

  it(
    'shows no money column to whom the server gives no money, and says why',
    async () => {
      answer = () =>
        json(200, {
          ...fullReport,
          policies: { money: false },
          methods: [],
          rows: fullReport.rows.slice(1).map((row) => ({ ...row, money: null })),
          total: { ...fullReport.total, money: null },
        });
      renderPage();
      await screen.findByText('Money figures are not shown for your role.');
      expect(screen.queryByRole('columnheader', { name: /Payments/ })).toBeNull();
      expect(screen.queryByRole('columnheader', { name: /Cash in hand/ })).toBeNull();
      const total = screen.getByText('Total').closest('tr') as HTMLElement;
      expect(cellsOf(total)).toEqual(['Total', '0', '0', '0', '6', '0']);
    },
    SLOW,
  );

  it(
    'asks again for one staff member when one is chosen',
    async () => {
      answer = () => json(200, fullReport);
      renderPage();
      await screen.findByText('Aziza Nurmatova');
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Staff member' }));
      fireEvent.click(await screen.findByTitle('Kamola Ergasheva'));
      await waitFor(() => expect(urls.some((url) => url.includes('staff_id=6'))).toBe(true));
    },
    SLOW,
  );

  it(
    'says when nobody did anything, and offers a retry after an error',
    async () => {
      answer = () => json(500, { error: { code: 'internal', message: 'boom' } });
      renderPage();
      const retry = await screen.findByRole('button', { name: 'Try again' });
      answer = () => json(200, { ...fullReport, rows: [], staff: [], total: { ...nothing, money: money() } });
      fireEvent.click(retry);
      await screen.findByText('Nobody did anything in this branch in this period');
      expect(screen.queryByText('Total')).toBeNull();
    },
    SLOW,
  );
});
