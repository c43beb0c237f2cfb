import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { aLog, aMessage } from './sms-fixtures';
import { SmsHistoryTab } from './sms-history-tab';

const history = [
  aMessage({ id: 5, state: 'rejected', error: 'Blacklisted number' }),
  aMessage({
    id: 4,
    kind: 'auto',
    rule: 'payment_done',
    recipient: 'parent',
    author: null,
    text: 'Toʻlov qabul qilindi.',
  }),
];

const calls = stubApi(({ url }) => {
  if (url.startsWith('/api/v1/user/11/sms_history')) {
    const { usage: _usage, ...list } = aLog(history);
    return json(200, {
      ...list,
      pagination: { ...list.pagination, total: 45, total_pages: 3, last_page: 3, per_page: 20 },
    });
  }
  if (url === '/api/v1/sms/templates') return json(200, { data: [], policies: { create: true } });
  return json(404, { error: { code: 'not_found', message: 'Not found.' } });
});

describe('SmsHistoryTab', () => {
  it("lists a student's SMS with their states and pages, and writes a new one to him", async () => {
    renderPage(<SmsHistoryTab userId={11} userName="Karimov Aziz" />);
    expect(await screen.findByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Toʻlov qabul qilindi.')).toBeTruthy();
    expect(screen.getByText(/^Automatic: Payment received/)).toBeTruthy();
    expect(screen.getByText('Parent · +998 90 123 45 67')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/user/11/sms_history?page=1&per_page=20');

    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/v1/user/11/sms_history?page=2&per_page=20'));

    fireEvent.click(screen.getByRole('button', { name: /Write SMS/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Karimov Aziz', { selector: 'strong' })).toBeTruthy();
  });
});
