import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startTelegramFake } from '../../../test/fakes/telegram-fake.js';
import { splitText, TelegramClient, TelegramRefusedError, TelegramUnavailableError } from './telegram-client.js';

const BOT_TOKEN = '7412369850:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const REPORT_GROUP = '-1001234567890';
const BLOCKED_USER = '555000111';
const fake = await startTelegramFake({
  botToken: BOT_TOKEN,
  chats: [REPORT_GROUP, BLOCKED_USER],
  blockedChats: [BLOCKED_USER],
});
afterAll(() => fake.stop());

const logs: string[] = [];
const log = { warn: (details: object, message: string) => logs.push(`${message} ${JSON.stringify(details)}`) };
const client = (botToken = BOT_TOKEN) =>
  new TelegramClient({ baseUrl: fake.url, botToken, timeoutMs: 300, retryDelayMs: 10, maxRetryAfterMs: 1_500, log });

beforeEach(() => {
  fake.requests.length = 0;
  fake.sent.clear();
  fake.setDelay(0);
  logs.length = 0;
});

describe('the Telegram client', () => {
  it('sends an HTML message to a chat', async () => {
    const text = '<b>Kunlik hisobot</b>\nTo‘lovlar: 4 200 000 so‘m';
    const { messageIds } = await client().sendMessage(REPORT_GROUP, text);
    expect(messageIds).toHaveLength(1);
    expect(fake.sent.get(REPORT_GROUP)).toEqual([{ messageId: messageIds[0], text, parseMode: 'HTML' }]);
    expect(fake.requests[0]?.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
  });

  it('sends a text longer than one message in parts cut between lines', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `${i + 1}. Karimov Jasur — 350 000 so‘m qarz`);
    const { messageIds } = await client().sendMessage(REPORT_GROUP, lines.join('\n'));
    const parts = fake.sent.get(REPORT_GROUP)?.map((m) => m.text) ?? [];
    expect(messageIds.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= 4096)).toBe(true);
    expect(parts.join('\n')).toBe(lines.join('\n'));
  });

  it('reports an unknown chat and a user who blocked the bot as refused, without retrying', async () => {
    const unknown = await client()
      .sendMessage('-100999', 'Hisobot')
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(TelegramRefusedError);
    expect(unknown).toMatchObject({ errorCode: 400, description: 'Bad Request: chat not found' });
    const blocked = await client()
      .sendMessage(BLOCKED_USER, 'Hisobot')
      .catch((e: unknown) => e);
    expect(blocked).toMatchObject({ errorCode: 403, description: 'Forbidden: bot was blocked by the user' });
    expect(fake.requests).toHaveLength(2);
  });

  it('waits out a short rate limit and sends; reports a long one with Telegram’s wait', async () => {
    fake.rateLimitNext(1, 1);
    const started = Date.now();
    await client().sendMessage(REPORT_GROUP, 'Hisobot');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(fake.sent.get(REPORT_GROUP)).toHaveLength(1);

    fake.rateLimitNext(1, 30);
    const error = await client()
      .sendMessage(REPORT_GROUP, 'Hisobot')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelegramUnavailableError);
    expect((error as TelegramUnavailableError).retryAfterSeconds).toBe(30);
    expect(fake.sent.get(REPORT_GROUP)).toHaveLength(1);
  });

  it('retries a server error once, then reports Telegram unavailable, never logging the bot’s token', async () => {
    fake.failNext(1, 502);
    await client().sendMessage(REPORT_GROUP, 'Hisobot');
    fake.failNext(2, 500);
    const error = await client()
      .sendMessage(REPORT_GROUP, 'Hisobot')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelegramUnavailableError);
    expect(logs).toHaveLength(3);
    expect(`${logs.join(' ')} ${String(error)}`).not.toContain(BOT_TOKEN.split(':')[1]);
  });

  it('does not repeat a send that timed out, and refuses a wrong bot token', async () => {
    fake.setDelay(500);
    const slow = await client()
      .sendMessage(REPORT_GROUP, 'Hisobot')
      .catch((e: unknown) => e);
    expect((slow as TelegramUnavailableError).reason).toBe('sendMessage: timeout');
    expect(fake.requests).toHaveLength(1);
    fake.setDelay(0);
    const wrong = await client('123:wrong')
      .sendMessage(REPORT_GROUP, 'Hisobot')
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({ errorCode: 401, description: 'Unauthorized' });
  });
});

describe('splitText', () => {
  it('keeps a short text whole and cuts an overlong line where it must', () => {
    expect(splitText('a\nb', 10)).toEqual(['a\nb']);
    expect(splitText('aaaa\nbbbbbbbbbbbbbbb\ncc', 10)).toEqual(['aaaa', 'bbbbbbbbbb', 'bbbbb\ncc']);
  });
});
