import type { Reminder, ReminderBucketPage, ReminderList } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { RemindersBadge } from './reminders-badge';
import { RemindersPage } from './reminders-page';

const task = (id: number, title: string, over: Partial<Reminder> = {}): Reminder => ({
  id,
  status: 0,
  state: 'active',
  title,
  description: null,
  date: '2025-03-04',
  time: '15:00',
  due_at: '2025-03-04T10:00:00.000Z',
  assigned_to: { id: 7, name: 'Aziza Karimova' },
  created_by: { id: 7, name: 'Aziza Karimova' },
  result_comment: null,
  tags: [],
  student: null,
  lead: null,
  group: null,
  branch_id: 2,
  created_at: '2025-03-01T10:00:00.000Z',
  updated_at: '2025-03-01T10:00:00.000Z',
  policies: { can_edit: true, can_delete: true, can_change_status: true },
  ...over,
});

const bucket = (data: Reminder[], total = data.length, lastPage = 1): ReminderBucketPage => ({
  data,
  meta: { total, current_page: 1, last_page: lastPage, per_page: 100 },
});

const LIST: ReminderList = {
  overdue: bucket([
    task(1, 'Call the debtor', { state: 'overdue', date: '2025-03-03', student: { id: 5, name: 'Ali' } }),
  ]),
  today: bucket([task(2, 'Confirm the trial', { lead: { id: 9, name: 'Dono' } })]),
  future: bucket([task(3, 'Print certificates', { date: '2025-03-06' })], 101, 2),
  done: bucket([]),
  policies: { can_create: true, can_assign_others: true, can_attach_leads: true },
};

const calls = stubApi(({ method, url }) => {
  if (url.startsWith('/api/v1/reminder/index')) return json(200, LIST);
  if (url.startsWith('/api/v1/reminder/counts'))
    return json(200, {
      available: true,
      today: 1,
      overdue: 2,
      due_now: [{ id: 2, title: 'Confirm the trial', date: '2025-03-04', time: '10:00' }],
    });
  if (url.startsWith('/api/v1/tags')) return json(200, { data: [] });
  if (method === 'POST' && url.includes('/status')) return json(200, task(2, 'Confirm the trial', { status: 1 }));
  return json(200, { ok: true });
});

describe('RemindersPage', () => {
  it('asks for active tasks of the branch without empty filters, and shows the buckets', async () => {
    renderPage(<RemindersPage />);
    expect(await screen.findByText('Call the debtor')).toBeTruthy();
    const request = calls.find((c) => c.url.startsWith('/api/v1/reminder/index'));
    expect(request?.url).toBe('/api/v1/reminder/index?branch_id=2');
    expect(request?.body).toEqual({ status: 'active', pages: {} });
    expect(within(screen.getByTestId('bucket-overdue')).getByText('Overdue')).toBeTruthy();
    expect(within(screen.getByTestId('bucket-today')).getByText('Confirm the trial')).toBeTruthy();
    expect(screen.getByText('Lead: Dono', { exact: false })).toBeTruthy();
    expect(screen.queryByTestId('bucket-done')).toBeNull();
  });

  it('pages one bucket on its own (100 a page)', async () => {
    renderPage(<RemindersPage />);
    const future = await screen.findByTestId('bucket-future');
    fireEvent.click(within(future).getByTitle('2'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/v1/reminder/index')).at(-1)?.body).toEqual({
        status: 'active',
        pages: { future: 2 },
      }),
    );
  });

  it('marks a task done with the result comment it asks for', async () => {
    renderPage(<RemindersPage />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Mark “Confirm the trial” done' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Result'), { target: { value: 'Comes on Friday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.includes('/status'))).toEqual({
        method: 'POST',
        url: '/api/v1/reminder/2/status',
        body: { status: 1, comment: 'Comes on Friday' },
      }),
    );
  });

  it('refuses a task without a title before asking the server', async () => {
    renderPage(<RemindersPage />);
    fireEvent.click(await screen.findByRole('button', { name: /New task/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/v1/reminder?'))).toHaveLength(0);
  });
});

describe('RemindersBadge', () => {
  it('counts today’s and overdue tasks and tells of the one just due, once', async () => {
    renderPage(<RemindersBadge />);
    expect(await screen.findByRole('button', { name: 'My tasks of today and overdue: 3' })).toBeTruthy();
    expect(await screen.findByText('A task is due')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/v1/reminder/notified')).toEqual([
        { method: 'POST', url: '/api/v1/reminder/notified', body: { ids: [2] } },
      ]),
    );
  });
});
