import { Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { LeadImportButton } from './lead-import-button';
import type { LeadImportResult } from './lead-reports-api';

const RESULT: LeadImportResult = {
  total_rows: 3,
  imported: 2,
  rejected: [{ row: 3, reason: 'phone_invalid', name: 'Bad Phone', phone: '90555', existing_id: null }],
  added: [
    { row: 2, name: 'Imported One', phone: '905550001' },
    { row: 4, name: 'Imported Two', phone: '905550003' },
  ],
  took_ms: 12,
};

const JOB_ID = '8d9a0a51-1c0e-5b7a-9f51-2f0c6f0d1e11';
let calls: { url: string; method: string }[] = [];
let answer: LeadImportResult = RESULT;

/** GET /jobs/{id} of the import (issue 15): done, with the import's answer. */
const doneJob = (result: LeadImportResult) => ({
  id: JOB_ID,
  name: 'leads.import',
  state: 'done',
  done: result.total_rows,
  total: result.total_rows,
  percent: 100,
  error: null,
  error_code: null,
  result,
  file_name: null,
  attempts: 1,
  created_at: '2025-03-15T09:00:00.000Z',
  updated_at: '2025-03-15T09:00:01.000Z',
  created_by: { id: 7, name: 'Aziza Karimova' },
  policies: { download: false },
});

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  calls = [];
  answer = RESULT;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      const body = init?.method === 'POST' ? { job_id: JOB_ID } : doneJob(answer);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function renderButton(onImported = vi.fn()) {
  storeUser(aUser([Role.marketer]), 'token');
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <App>
        <LeadImportButton branchId={2} onImported={onImported} />
      </App>
    </QueryClientProvider>,
  );
  return { onImported, invalidate };
}

const choose = (name: string) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
};

describe('the lead import button', () => {
  it('uploads the file to the branch and lists the refused and the added rows', async () => {
    const { onImported, invalidate } = renderButton();
    fireEvent.click(screen.getByRole('button', { name: /Import from Excel/ }));
    expect(await screen.findByText('Import leads from Excel')).toBeTruthy();
    choose('leads.xlsx');
    expect(await screen.findByText('Imported 2 of 3 rows')).toBeTruthy();
    expect(calls[0]).toEqual({ url: '/api/v1/leads/import?branch_id=2', method: 'POST' });
    expect(calls.slice(1)).toContainEqual({ url: `/api/v1/jobs/${JOB_ID}`, method: 'GET' });
    const refused = screen.getByText('Bad Phone').closest('tr') as HTMLElement;
    expect(within(refused).getByText('Wrong phone number')).toBeTruthy();
    fireEvent.click(screen.getByText('Rows added: 2'));
    expect(await screen.findByText('90 555 00 03')).toBeTruthy();
    expect(onImported).toHaveBeenCalledWith(RESULT);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['leads'] });
  });

  it('refuses a file that is not a spreadsheet before sending it', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: /Import from Excel/ }));
    await screen.findByText('Import leads from Excel');
    choose('leads.csv');
    expect(await screen.findByText('The file could not be read; use the sample xls or xlsx file.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says which rows were skipped because their phone is already a lead on the board', async () => {
    answer = {
      total_rows: 1,
      imported: 0,
      rejected: [{ row: 2, reason: 'lead_exists', name: 'Called Again', phone: '905550001', existing_id: 41 }],
      added: [],
      took_ms: 3,
    };
    const { onImported } = renderButton();
    fireEvent.click(screen.getByRole('button', { name: /Import from Excel/ }));
    await screen.findByText('Import leads from Excel');
    choose('leads.xlsx');
    const skipped = (await screen.findByText('Called Again')).closest('tr') as HTMLElement;
    expect(within(skipped).getByText('A lead with this phone is already on the board: skipped')).toBeTruthy();
    expect(within(skipped).getByText('+998 90 555 00 01')).toBeTruthy();
    expect(screen.getByText('Imported 0 of 1 rows')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
  });
});
