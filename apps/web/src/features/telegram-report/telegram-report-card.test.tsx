import type { TelegramReportSettings } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { TelegramReportCard } from './telegram-report-card';

const OFF: TelegramReportSettings = {
  chat_id: null,
  bot_configured: true,
  last_sent: null,
  last_failure: null,
  policies: { edit: true },
};

let current: TelegramReportSettings;
let testAnswer: Response;
beforeEach(() => {
  current = OFF;
  testAnswer = json(200, { ok: true });
});
const calls = stubApi(({ method, body }) => {
  if (method === 'PUT') current = { ...current, chat_id: (body as { chat_id: string | null }).chat_id };
  if (method === 'POST') return testAnswer;
  return json(200, current);
});

const chatInput = () => screen.getByLabelText('Telegram chat id');
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('TelegramReportCard', () => {
  it('refuses a chat id that is none, saves a group id, and then offers a test report', async () => {
    renderPage(<TelegramReportCard />);
    expect(await screen.findByText('No report has been sent yet.')).toBeTruthy();
    expect(button('Send a test report').disabled).toBe(true);
    fireEvent.change(chatInput(), { target: { value: 'our group' } });
    fireEvent.click(button('Save'));
    expect(await screen.findByText(/A chat id is a number such as -1001234567890/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(chatInput(), { target: { value: ' -1001234567890 ' } });
    fireEvent.click(button('Save'));
    expect(await screen.findByText(/The chat is saved/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/v1/telegram-report',
      body: { chat_id: '-1001234567890' },
    });
    expect(screen.getByText('On')).toBeTruthy();
    await waitFor(() => expect(button('Send a test report').disabled).toBe(false));
    fireEvent.click(button('Send a test report'));
    expect(await screen.findByText(/A test report with today's figures so far was sent/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/v1/telegram-report/test');
  });

  it('says when Telegram refuses the chat, and how the last reports went', async () => {
    current = {
      ...OFF,
      chat_id: '-1009999999999',
      last_sent: { day: '2026-03-17', sent_at: '2026-03-17T13:10:00.000Z' },
      last_failure: { at: '2026-03-18T13:10:00.000Z', reason: 'Telegram refused the message: chat not found' },
    };
    testAnswer = json(409, { error: { code: 'telegram_chat_refused', message: 'Telegram refused the message.' } });
    renderPage(<TelegramReportCard />);
    expect(await screen.findByText(/Last report: for 17.03.2026/)).toBeTruthy();
    expect(screen.getByText('Telegram refused the message: chat not found')).toBeTruthy();
    fireEvent.click(button('Send a test report'));
    expect(
      await screen.findByText('Telegram refused the message: check the chat id and that the bot is in the chat.'),
    ).toBeTruthy();
  });

  it('warns that the server has no bot, and turns the report off only after a confirmation', async () => {
    current = { ...OFF, chat_id: '@bilim_reports', bot_configured: false };
    renderPage(<TelegramReportCard />);
    expect(await screen.findByText('This server has no Telegram bot configured')).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    expect(button('Send a test report').disabled).toBe(true);
    fireEvent.click(button('Turn off'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The daily report is turned off')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ chat_id: null });
  });
});
