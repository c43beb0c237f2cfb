import type { Job, JobList } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { BackgroundWorkList } from './background-work';

const base = {
  done: 0,
  total: null,
  percent: 0,
  error: null,
  error_code: null,
  result: null,
  file_name: null,
  attempts: 1,
  created_at: '2025-03-15T09:00:00.000Z',
  updated_at: '2025-03-15T09:00:05.000Z',
  created_by: { id: 7, name: 'Aziza Karimova' },
  policies: { download: false },
} satisfies Partial<Job>;

const EXPORT: Job = {
  ...base,
  id: '8d9a0a51-1c0e-5b7a-9f51-2f0c6f0d1e11',
  name: 'users.export',
  state: 'done',
  done: 2_500,
  total: 2_500,
  percent: 100,
  result: { rows: 2_500 },
  file_name: 'students.xlsx',
  policies: { download: true },
};
const DEAD_LETTER: Job = {
  ...base,
  id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  name: 'sms.deliver',
  state: 'failed',
  error: 'the operator is not answering',
  attempts: 6,
  created_by: null,
};

const page = (data: Job[]): JobList => ({
  data,
  everyone: true,
  pagination: { count: data.length, current_page: 1, last_page: 1, per_page: 10, total: data.length, total_pages: 1 },
});

const calls = stubApi(({ url }) => json(200, page(url.includes('failed=1') ? [DEAD_LETTER] : [EXPORT, DEAD_LETTER])));

describe('BackgroundWorkList', () => {
  it('lists the work with its state, rows, file and the failures’ reasons; the failed ones on their own', async () => {
    renderPage(<BackgroundWorkList />);
    const exportRow = (await screen.findByText('List export')).closest('tr') as HTMLElement;
    expect(within(exportRow).getByText('Done')).toBeTruthy();
    expect(within(exportRow).getByText('2,500 / 2,500 rows')).toBeTruthy();
    expect(within(exportRow).getByText('Rows written: 2,500')).toBeTruthy();
    expect(within(exportRow).getByRole('button', { name: /students.xlsx/ })).toBeTruthy();
    const failedRow = screen.getByText('Sending SMS').closest('tr') as HTMLElement;
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('the operator is not answering')).toBeTruthy();
    expect(within(failedRow).getByText('The system')).toBeTruthy();
    expect(screen.getByText('Everyone’s background work in the company.')).toBeTruthy();

    fireEvent.click(screen.getByText('Failed', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.queryByText('List export')).toBeNull());
    expect(calls.at(-1)?.url).toBe('/api/v1/jobs?page=1&per_page=10&failed=1');
  });
});
