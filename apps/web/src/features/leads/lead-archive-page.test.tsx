import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, pageOf, renderAt, stubMoneyApi } from '../finance/finance-test-support';
import { LeadArchivePage } from './lead-archive-page';
import { aLead } from './leads-fixtures';

const gone = aLead({
  name: 'Dilnoza Yusupova',
  archived_at: '2025-11-21T10:00:00.000Z',
  archive_reason: { id: 1, title: 'Too expensive' },
});
const calls = stubMoneyApi(
  ({ method, url }) => {
    if (url.startsWith('/api/v1/leads/archive?')) return json(200, { data: [gone], pagination: pageOf(1) });
    if (method === 'POST' && url === `/api/v1/leads/archive/${gone.id}/restore`)
      return json(200, { ...gone, archived_at: null });
    return undefined;
  },
  { roles: [Role.marketer] },
);

describe('LeadArchivePage', () => {
  it('lists archived leads with their reason and restores one after confirmation', async () => {
    renderAt(<LeadArchivePage />, '/leads/archive');
    expect(await screen.findByText('Dilnoza Yusupova')).toBeTruthy();
    expect(screen.getByText('Too expensive')).toBeTruthy();
    expect(screen.getByText('21.11.2025')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/leads/archive?branch_id=2&page=1&per_page=50');
    fireEvent.click(screen.getByLabelText('Restore Dilnoza Yusupova'));
    const confirm = (await screen.findByText('Restore Dilnoza Yusupova?')).closest('.ant-popover') as HTMLElement;
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByText('Restore').closest('button') as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByText('The lead is back on the board')).toBeTruthy();
  });

  it('searches the archive by name or phone', async () => {
    renderAt(<LeadArchivePage />, '/leads/archive');
    await screen.findByText('Dilnoza Yusupova');
    fireEvent.change(screen.getByLabelText('Name or phone'), { target: { value: 'Dil' } });
    fireEvent.keyDown(screen.getByLabelText('Name or phone'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/v1/leads/archive?branch_id=2&search=Dil&page=1&per_page=50'),
    );
  });
});
