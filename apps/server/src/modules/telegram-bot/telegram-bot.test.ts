import { type SmsMessage, TELEGRAM_LINK_MINUTES, type TelegramDeepLink } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramFake } from '../../../test/fakes/telegram-fake.js';
import { call, openTestDatabase } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { smsMessages } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { runAutoSmsDay } from '../sms/auto-run.js';
import { createSmsWorld, type SmsWorld } from '../sms/sms-test-world.js';
import { signInParent, startPayload } from './telegram-test-support.js';

/**
 * Issue 24, the Telegram bot against a local Bot API: a parent links his chat through a one-time deep link,
 * asks /balance, /schedule and /attendance, gets the automatic messages there instead of SMS, and falls back
 * to SMS once he blocks the bot.
 */
const BOT_TOKEN = '7412369850:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const SECRET = 'webhook-secret-0123456789';
const PARENT_CHAT = 700_100_200;
const fake = await startTelegramFake({ botToken: BOT_TOKEN, chats: [] });
afterAll(() => fake.stop());

let database: Database;
let w: SmsWorld;
let parentToken: string;
let child: { id: number; name: string };

const parentApi = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
  call(w.app, { method, url: `/api/v1${url}`, sub: w.subdomain, token: parentToken });
const webhook = (update: unknown, secret = SECRET) =>
  call(w.app, {
    method: 'POST',
    url: '/api/v1/telegram/webhook',
    body: update,
    headers: secret ? { 'x-telegram-bot-api-secret-token': secret } : {},
  });
/** The person writes to the bot; Telegram posts it to our webhook; the bot's last answer to him. */
async function say(text: string, chat = PARENT_CHAT, language = 'ru') {
  const res = await webhook(fake.userSends(chat, text, language));
  expect(res.status).toBe(200);
  return fake.sent.get(String(chat))?.at(-1)?.text ?? '';
}

beforeAll(async () => {
  database = await openTestDatabase();
  w = await createSmsWorld(database, {
    telegram: { baseUrl: fake.url, botToken: BOT_TOKEN, webhookSecret: SECRET },
  });
  child = await w.student('Aziz Qarzdor');
  await w.run('2025-03-15');
  const saved = await w.admin('PUT', `/user/${child.id}`, { parent_name: 'Nodira Qarzdor', parent_phone: '991234567' });
  expect(saved.status).toBe(200);
  parentToken = await signInParent(w.app, database.db, { id: w.companyId, subdomain: w.subdomain }, '991234567');
});

describe('linking through a one-time deep link', () => {
  it('links the chat that presses Start, and the link works once', async () => {
    expect((await parentApi('GET', '/telegram/link')).body).toMatchObject({ available: true, linked: false });
    const link = (await parentApi('POST', '/telegram/link')).body as TelegramDeepLink;
    expect(link.url).toMatch(/^https:\/\/t\.me\/crm_centre_bot\?start=\d+_[\w-]{32}$/);
    expect(await say(`/start ${startPayload(link)}`)).toContain('Nodira Qarzdor');
    expect((await parentApi('GET', '/telegram/link')).body).toMatchObject({ linked: true });
    expect(await say(`/start ${startPayload(link)}`, 700_100_999)).toContain('уже использована');
  });

  it('refuses an expired link and another company’s token', async () => {
    const link = (await parentApi('POST', '/telegram/link')).body as TelegramDeepLink;
    w.setClock(new Date(w.app.clock().getTime() + (TELEGRAM_LINK_MINUTES + 1) * 60_000));
    expect(await say(`/start ${startPayload(link)}`, 700_100_998)).toContain('Срок ссылки истёк');
    // The same secret under another company's id finds nothing there.
    const [, secret] = startPayload(link).split('_');
    expect(await say(`/start ${w.companyId + 1}_${secret}`, 700_100_997)).toContain('недействительна');
    expect(await say('/start 12_not-a-token', 700_100_997)).toContain('недействительна');
  });

  it('refuses an update without the webhook’s secret', async () => {
    const update = fake.userSends(PARENT_CHAT, '/balance', 'ru');
    expect((await webhook(update, '')).status).toBe(401);
    expect((await webhook(update, 'wrong-secret-0123456789')).status).toBe(401);
  });
});

describe('the commands', () => {
  it('answer each of the parent’s children, in his language', async () => {
    expect(await say('/balance')).toBe('<b>Aziz Qarzdor</b>: долг 600 000 UZS');
    expect(await say('/attendance')).toMatch(/^<b>Aziz Qarzdor<\/b>, \d\d\.\d{4}: был\(а\) \d+, пропустил\(а\) \d+$/);
    expect(await say('/schedule')).toContain('<b>Aziz Qarzdor</b> — занятия на 7 дней:');
    expect(await say('hello')).toContain('/balance');
  });

  it('tell a chat nobody linked how to link', async () => {
    expect(await say('/balance', 700_100_555, 'en')).toContain('not linked yet');
  });
});

describe('automatic messages', () => {
  const messagesOf = () =>
    inCompany(database.db, w.companyId, (tx) =>
      tx
        .select({ id: smsMessages.id, provider: smsMessages.provider, state: smsMessages.state })
        .from(smsMessages)
        .where(and(eq(smsMessages.companyId, w.companyId), eq(smsMessages.userId, child.id))),
    );

  it('go by Telegram to a linked parent, at no SMS cost, and the SMS log says so', async () => {
    await w.admin('PUT', '/auto-sms/debtor', { enabled: true, text: '{student_name}, qarzingiz {debt}' });
    const smsBefore = w.eskiz.messages.length;
    await runAutoSmsDay(w.app, w.companyId, '2025-03-16');
    await w.app.jobs.settle();
    expect(fake.sent.get(String(PARENT_CHAT))?.at(-1)?.text).toBe('Aziz Qarzdor, qarzingiz 600 000 UZS');
    expect(w.eskiz.messages.length).toBe(smsBefore);
    expect(await messagesOf()).toEqual([expect.objectContaining({ provider: 'telegram', state: 'delivered' })]);
    const log = (await w.admin('GET', '/sms?per_page=10')).body.data as SmsMessage[];
    expect(log.find((m) => m.person?.id === child.id)?.delivered_by).toBe('telegram');
  });

  it('fall back to SMS when the parent blocked the bot, and the chat is unlinked', async () => {
    fake.block(PARENT_CHAT);
    await runAutoSmsDay(w.app, w.companyId, '2025-03-17');
    await w.app.jobs.settle();
    expect(w.eskiz.messages.at(-1)?.text).toBe('Aziz Qarzdor, qarzingiz 600 000 UZS');
    const messages = await messagesOf();
    expect(messages.map((m) => m.provider).sort()).toEqual(['eskiz', 'telegram']);
    expect((await parentApi('GET', '/telegram/link')).body).toMatchObject({ linked: false });
  });
});

describe('unlinking', () => {
  it('works from the profile and from the bot (/stop)', async () => {
    const first = (await parentApi('POST', '/telegram/link')).body as TelegramDeepLink;
    expect(await say(`/start ${startPayload(first)}`, 700_100_300)).toContain('✅');
    expect((await parentApi('DELETE', '/telegram/link')).status).toBe(200);
    expect((await parentApi('GET', '/telegram/link')).body).toMatchObject({ linked: false });
    const second = (await parentApi('POST', '/telegram/link')).body as TelegramDeepLink;
    await say(`/start ${startPayload(second)}`, 700_100_300);
    expect(await say('/stop', 700_100_300)).toContain('отвязан');
    expect((await parentApi('GET', '/telegram/link')).body).toMatchObject({ linked: false });
  });
});
