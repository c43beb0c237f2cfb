import type { SmsMessage } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { awaitingDelivery } from './sms-api';
import { aLog, aMessage, aTemplate, aUsage } from './sms-fixtures';
import { SmsLogPage } from './sms-log-page';

const delivered = aMessage();
const toParent = aMessage({
  id: 2,
  state: 'not_delivered',
  recipient: 'parent',
  phone: '998907654321',
  error: 'Subscriber unreachable',
});
const birthday = aMessage({
  id: 3,
  state: 'failed',
  kind: 'auto',
  rule: 'birthday',
  author: null,
  person: { id: 12, name: 'Tursunova Malika' },
  text: 'Tugʻilgan kuningiz bilan, Malika!',
  alphabet: 'ucs2',
});

let answers: { log: (url: string) => SmsMessage[]; usage: ReturnType<typeof aUsage> };
beforeEach(() => {
  answers = { log: () => [delivered, toParent, birthday], usage: aUsage() };
});

const calls = stubApi(({ method, url, body }) => {
  if (url.startsWith('/api/v1/sms?')) return json(200, aLog(answers.log(url), answers.usage));
  if (url === '/api/v1/sms/templates' && method === 'GET')
    return json(200, { data: [aTemplate()], policies: { create: true } });
  if (url === '/api/v1/sms/templates' && method === 'POST')
    return json(200, aTemplate({ id: 4, ...(body as object), updated_at: '2025-03-05T08:00:00.000Z' }));
  if (url === '/api/v1/sms/templates/3' && method === 'DELETE') return json(200, { ok: true });
  return json(404, { error: { code: 'not_found', message: 'Not found.' } });
});

const logCalls = () => calls.filter((call) => call.url.startsWith('/api/v1/sms?')).map((call) => call.url);

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
};

describe('SmsLogPage', () => {
  it('shows each message with its state, who got it and why, and the month against the limit', async () => {
    renderPage(<SmsLogPage />);
    expect(await screen.findByText('SMS parts this month: 120 of 500')).toBeTruthy();
    expect(screen.getByText('Bonus SMS left: 30')).toBeTruthy();
    expect(screen.getByText('Delivered').closest('tr')?.textContent).toContain('Karimov Aziz');
    const notDelivered = screen.getByText('Not delivered').closest('tr');
    expect(notDelivered?.textContent).toContain('Parent');
    expect(notDelivered?.textContent).toContain('+998 90 765 43 21');
    expect(screen.getByText('Failed').closest('tr')?.textContent).toContain('Tursunova Malika');
    // The parent's SMS names the student too: both lead to his profile.
    for (const link of screen.getAllByRole('link', { name: 'Karimov Aziz' }))
      expect(link.getAttribute('href')).toBe('/students/profile/11');
    // Empty filters are not sent (spec §7); the branch chosen in the header is.
    expect(logCalls()).toEqual(['/api/v1/sms?page=1&per_page=50&branch_id=2']);
  });

  it('says which automatic message went by Telegram instead of SMS (issue 24)', async () => {
    answers.log = () => [
      aMessage({ id: 5, kind: 'auto', rule: 'debtor', recipient: 'parent', delivered_by: 'telegram' }),
      aMessage({ id: 6, kind: 'auto', rule: 'debtor', recipient: 'parent', delivered_by: 'sms' }),
    ];
    renderPage(<SmsLogPage />);
    expect(await screen.findByText('via Telegram')).toBeTruthy();
    expect(screen.getAllByText('via Telegram')).toHaveLength(1);
  });

  it('says when the limit is used up, when nothing reaches a phone, and that an own operator has no limit', async () => {
    answers.usage = aUsage({ month_parts: 500, bonus_left: 0 });
    const { unmount } = renderPage(<SmsLogPage />);
    expect(
      await screen.findByText('The limit is reached. Connect your own SMS operator in the settings to keep sending.'),
    ).toBeTruthy();
    unmount();
    answers.usage = aUsage({ log_only: true });
    const second = renderPage(<SmsLogPage />);
    expect(await screen.findByText(/^This server has no SMS operator connected/)).toBeTruthy();
    second.unmount();
    answers.usage = aUsage({ own_operator: true, month_parts: 0, month_cost_parts: 75, log_only: true });
    renderPage(<SmsLogPage />);
    expect(await screen.findByText('Sent through your own SMS operator: no monthly limit')).toBeTruthy();
    expect(screen.getByText('SMS parts this month: 75')).toBeTruthy();
    expect(screen.queryByText(/Bonus SMS left/)).toBeNull();
    expect(screen.queryByText(/^This server has no SMS operator connected/)).toBeNull();
  });

  it('filters by state, kind and a name, from page one, and says when nothing matches', async () => {
    renderPage(<SmsLogPage />);
    await screen.findByText('Delivered');
    answers.log = (url) => (url.includes('state=failed') && !url.includes('search=') ? [birthday] : []);
    await choose('State', 'Failed');
    await waitFor(() => expect(logCalls().at(-1)).toBe('/api/v1/sms?state=failed&page=1&per_page=50&branch_id=2'));
    await waitFor(() => expect(screen.queryByText('Karimov Aziz')).toBeNull());
    await choose('Kind', 'Automatic');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name or phone' }), { target: { value: ' Malika ' } });
    await waitFor(() =>
      expect(logCalls().at(-1)).toBe('/api/v1/sms?state=failed&kind=auto&search=Malika&page=1&per_page=50&branch_id=2'),
    );
    expect(await screen.findByText('No SMS match the filters')).toBeTruthy();
  });

  it('asks again while a message is on its way, so its state changes on the screen', async () => {
    let asked = 0;
    answers.log = () => {
      asked += 1;
      return [aMessage({ state: asked === 1 ? 'accepted' : 'delivered', created_at: new Date().toISOString() })];
    };
    renderPage(<SmsLogPage />);
    expect(await screen.findByText('Accepted')).toBeTruthy();
    // The next question comes about 10 s later, by itself.
    expect(await screen.findByText('Delivered', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Accepted')).toBeNull();
  });

  it('waits for a report only on messages sent within the hour that are not final', () => {
    const now = Date.parse('2025-03-04T06:00:00.000Z');
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    expect(awaitingDelivery([aMessage({ state: 'accepted', created_at: at(5) })], now)).toBe(true);
    expect(awaitingDelivery([aMessage({ state: 'stored', created_at: at(59) })], now)).toBe(true);
    expect(awaitingDelivery([aMessage({ state: 'accepted', created_at: at(61) })], now)).toBe(false);
    expect(awaitingDelivery([aMessage({ state: 'rejected', created_at: at(1) })], now)).toBe(false);
    expect(awaitingDelivery([], now)).toBe(false);
  });

  it('adds a template and deletes one only after a confirmation', async () => {
    renderPage(<SmsLogPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Templates' }));
    expect(await screen.findByText('Dars eslatmasi')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Add template/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Toʻlov' } });
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Balans: {balance}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Toʻlov',
        text: 'Balans: {balance}',
      }),
    );
    expect(await screen.findByText('Template added')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Dars eslatmasi' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/v1/sms/templates/3'));
    expect(await screen.findByText('Template deleted')).toBeTruthy();
  });
});
