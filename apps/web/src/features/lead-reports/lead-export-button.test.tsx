import { Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { LeadExportButton } from './lead-export-button';

let answer: () => Response;
/** What POST /leadExport answers: no job for a small board (it is then downloaded at once). */
let started: () => Response;
let urls: string[] = [];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  urls = [];
  answer = () => new Response(new Blob(['xlsx']), { status: 200 });
  started = () => json({ job_id: null, rows: 3 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      urls.push(`${init.method ?? 'GET'} ${url}`);
      return init.method === 'POST' ? started() : answer();
    }),
  );
  // jsdom has no object URLs; the download itself is the browser's business.
  URL.createObjectURL = vi.fn(() => 'blob:leads');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const renderButton = () => {
  storeUser(aUser([Role.admin]), 'token');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <LeadExportButton branchId={2} filters={{ search: 'ali', tag_id: 4, course_id: undefined }} />
      </App>
    </QueryClientProvider>,
  );
};

describe('the lead export button', () => {
  it('downloads the board’s leads with its filters in the interface language', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: /Export to Excel/ }));
    const url = '/api/v1/leadExport?search=ali&tag_id=4&branch_id=2&lang=en';
    // The server counts them first: a small board needs no background job.
    await waitFor(() => expect(urls).toEqual([`POST ${url}`, `GET ${url}`]));
  });

  it('follows a large board’s export in the background, then offers its file', async () => {
    const job = '8d9a0a51-1c0e-5b7a-9f51-2f0c6f0d1e11';
    started = () => json({ job_id: job, rows: 2_500 });
    answer = () =>
      json({
        id: job,
        name: 'leads.export',
        state: 'done',
        done: 2_500,
        total: 2_500,
        percent: 100,
        error: null,
        error_code: null,
        result: { rows: 2_500 },
        file_name: 'leads.xlsx',
        attempts: 1,
        created_at: '2025-03-15T09:00:00.000Z',
        updated_at: '2025-03-15T09:00:05.000Z',
        created_by: { id: 7, name: 'Aziza Karimova' },
        policies: { download: true },
      });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: /Export to Excel/ }));
    expect(await screen.findByText('2,500 / 2,500 rows')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Download leads.xlsx/ }));
    await waitFor(() => expect(urls).toContain(`GET /api/v1/jobs/${job}/file`));
    expect(urls).toContain(`GET /api/v1/jobs/${job}`);
  });

  it('shows the server’s refusal', async () => {
    answer = () =>
      new Response(JSON.stringify({ error: { code: 'branch_forbidden', message: 'No', request_id: 'r' } }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: /Export to Excel/ }));
    expect(await screen.findByText('You do not work in this branch.')).toBeTruthy();
  });
});
