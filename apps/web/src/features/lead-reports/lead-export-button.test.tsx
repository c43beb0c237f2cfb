import { Role } from '@crm/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { LeadExportButton } from './lead-export-button';

let answer: () => Response;
let urls: string[] = [];

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  urls = [];
  answer = () => new Response(new Blob(['xlsx']), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer();
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
    <App>
      <LeadExportButton branchId={2} filters={{ search: 'ali', tag_id: 4, course_id: undefined }} />
    </App>,
  );
};

describe('the lead export button', () => {
  it('downloads the board’s leads with its filters in the interface language', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: /Export to Excel/ }));
    await waitFor(() => expect(urls).toEqual(['/api/v1/leadExport?search=ali&tag_id=4&branch_id=2&lang=en']));
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
