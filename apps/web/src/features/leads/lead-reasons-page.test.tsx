import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { LeadReasonsPage } from './lead-reasons-page';

const REASONS = [
  { id: 1, title: 'Too expensive', staff: { id: 3, name: 'Nodira Admin' }, active: true },
  { id: 2, title: 'Moved away', staff: null, active: false },
];
const calls = stubApi(({ method, body }) => {
  if (method === 'GET') return json(200, { data: REASONS });
  if (method === 'DELETE') return json(200, { ok: true });
  return json(200, { id: 9, staff: null, ...(body as object) });
});

describe('LeadReasonsPage', () => {
  it('lists every reason, active or not, with who added it', async () => {
    renderPage(<LeadReasonsPage />);
    expect(await screen.findByText('Moved away')).toBeTruthy();
    expect(screen.getByText('Nodira Admin')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/leads/archive-reason?all=1');
  });

  it('switches a reason off, adds one, and deletes one after confirmation', async () => {
    renderPage(<LeadReasonsPage />);
    fireEvent.click(await screen.findByLabelText('Reason Too expensive is active'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        url: '/api/v1/leads/archive-reason/1',
        body: { title: 'Too expensive', active: false },
      }),
    );
    fireEvent.click(screen.getByText('Add a reason'));
    const dialog = (await screen.findByText('New deletion reason')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Found another centre ' } });
    fireEvent.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Found another centre', active: true }),
    );
    fireEvent.click(screen.getByLabelText('Delete Moved away'));
    const confirm = (await screen.findByText('Delete the reason “Moved away”?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByText('Delete').closest('button') as HTMLElement);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/leads/archive-reason/2'));
  });
});
