import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { ArchiveReasonsPage } from './archive-reasons-page';

const REASONS = [
  { id: 1, name: 'Moved away', active: true, usage_count: 4 },
  { id: 2, name: 'Old reason', active: false, usage_count: 0 },
];
const calls = stubApi(({ method }) => {
  if (method === 'DELETE') return json(200, { ok: true, deactivated: true });
  if (method === 'PUT') return json(200, { ...REASONS[0], active: false });
  return json(200, { data: REASONS });
});

describe('ArchiveReasonsPage', () => {
  it('filters active and inactive reasons', async () => {
    renderPage(<ArchiveReasonsPage />);
    expect(await screen.findByText('Old reason')).toBeTruthy();
    fireEvent.click(screen.getByText('Active', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.queryByText('Old reason')).toBeNull());
    expect(screen.getByText('Moved away')).toBeTruthy();
  });

  it('deactivates with the switch', async () => {
    renderPage(<ArchiveReasonsPage />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Reason Moved away is active' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        url: '/api/v1/archive_reasons/1',
        body: { name: 'Moved away', active: false },
      }),
    );
    expect(await screen.findByText('The reason is deactivated')).toBeTruthy();
  });

  it('warns that a reason in use is deactivated rather than deleted, and says so after', async () => {
    renderPage(<ArchiveReasonsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Moved away' }));
    expect(
      await screen.findByText('4 students left for this reason: it is deactivated instead, so their history keeps it.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The reason is in use, so it was deactivated instead of deleted')).toBeTruthy();
  });
});
