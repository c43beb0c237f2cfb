import { type LeadConversion, Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser, todayIn } from '../../test/session-fixtures';
import { LeadConversionPage, LeadSourcesPage } from './lead-report-pages';

// The chart draws on a canvas jsdom does not have; its options are tested on their own.
vi.mock('../../shared/ui/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const REPORT: LeadConversion = {
  lead_conversion: [
    { conversion_date: '2026-03-01', lead_count: 1 },
    { conversion_date: '2026-03-02', lead_count: 2 },
  ],
  lead_conversion_for_source: [
    { source: 'Instagram', leads_count: 6 },
    { source: '', leads_count: 2 },
    // The public form's source as stored (matched ignoring case): shown by its translated name.
    { source: 'website form', leads_count: 0 },
  ],
  funnel: { leads: 8, waiting_or_set: 5, trial: 3, paid: 1 },
};
const EMPTY: LeadConversion = {
  lead_conversion: [{ conversion_date: '2026-03-01', lead_count: 0 }],
  lead_conversion_for_source: [],
  funnel: { leads: 0, waiting_or_set: 0, trial: 0, paid: 0 },
};

let answer: LeadConversion = REPORT;
let urls: string[] = [];

function renderPage(page: React.ReactElement) {
  storeUser(aUser([Role.admin]), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>{page}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  urls = [];
  answer = REPORT;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return json(200, answer);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the lead conversion page', () => {
  it('asks for the header branch and this month, and shows the day chart and the funnel with shares', async () => {
    renderPage(<LeadConversionPage />);
    expect(await screen.findByText('Total: 3')).toBeTruthy();
    const month = todayIn();
    expect(urls[0]).toBe(
      `/api/v1/leadReport/?branch_id=2&from=${month.startOf('month').format('YYYY-MM-DD')}&to=${month.endOf('month').format('YYYY-MM-DD')}`,
    );
    expect(screen.getByRole('img', { name: 'Sales funnel' })).toBeTruthy();
    expect(
      within(rowOf('Waiting or set'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Waiting or set', '5', '63%', '63%']);
    expect(
      within(rowOf('Paid'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Paid', '1', '13%', '33%']);
  });

  it('says so when nothing happened in the period', async () => {
    answer = EMPTY;
    renderPage(<LeadConversionPage />);
    expect(await screen.findByText('No lead reached “Set” in this period')).toBeTruthy();
    expect(screen.getByText('No leads came in this period')).toBeTruthy();
  });
});

describe('the leads report page', () => {
  it('lists the sources with their shares, naming the leads without one', async () => {
    renderPage(<LeadSourcesPage />);
    expect(await screen.findByRole('img', { name: 'Leads by source' })).toBeTruthy();
    expect(
      within(rowOf('Instagram'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Instagram', '6', '75%']);
    expect(
      within(rowOf('No source'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['No source', '2', '25%']);
    expect(within(rowOf('Website form')).getAllByRole('cell')[0]?.textContent).toBe('Website form');
  });
});
