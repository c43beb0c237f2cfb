import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramFake } from '../../../test/fakes/telegram-fake.js';
import { openTestDatabase } from '../../../test/helpers.js';
import { createSmsWorld, type SmsWorld } from '../sms/sms-test-world.js';
import { linkChat } from '../telegram-bot/telegram-test-support.js';
import { sendDueTaskNotices } from './telegram-notices.js';

/**
 * Issue 24: a staff member who linked the bot is told in his chat when one of his tasks falls due — once, in his
 * language, with what it concerns; again when the task is moved; never for someone who did not link the bot.
 */
const BOT_TOKEN = '7412369851:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsab';
const ADMIN_CHAT = 700_300_400;
const fake = await startTelegramFake({ botToken: BOT_TOKEN, chats: [] });
afterAll(() => fake.stop());

let w: SmsWorld;
let child: { id: number; name: string };
const DAY = '2025-03-15';
/** The world's clock is noon in Tashkent (the company's zone); these move it to a time of that day. */
const at = (time: string) => w.setClock(new Date(`${DAY}T${time}:00+05:00`));
const run = () => sendDueTaskNotices(w.app, [w.companyId]);
const adminChat = () => (fake.sent.get(String(ADMIN_CHAT)) ?? []).map((m) => m.text);

async function task(title: string, time: string, assignee: 'admin' | 'teacher') {
  const users = w.users as NonNullable<typeof w.users>;
  const res = await w.admin('POST', `/reminder?branch_id=${w.branchId}`, {
    title,
    date: DAY,
    time,
    assigned_to: users[assignee].id,
    student_id: child.id,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number };
}

beforeAll(async () => {
  w = await createSmsWorld(await openTestDatabase(), {
    telegram: { baseUrl: fake.url, botToken: BOT_TOKEN, webhookSecret: 'webhook-secret-0123456789' },
  });
  child = await w.student('Aziz Eslatma');
  await linkChat(
    w.app,
    fake,
    { subdomain: w.subdomain, token: w.tokens.admin },
    { id: ADMIN_CHAT, language: 'en', webhookSecret: 'webhook-secret-0123456789' },
  );
  expect((await w.admin('GET', '/telegram/link')).body).toMatchObject({ linked: true });
});

describe('task reminders by Telegram', () => {
  it('tells the linked assignee once when his task falls due, and not before', async () => {
    at('12:00');
    await task('Call about the debt', '12:30', 'admin');
    await task('Check the teacher’s journal', '12:30', 'teacher');
    const before = adminChat().length;
    expect(await run()).toBe(0);
    at('12:31');
    expect(await run()).toBe(1);
    expect(adminChat().slice(before)).toEqual([
      '⏰ A task is due: <b>Call about the debt</b>\n15.03.2025 12:30 · Aziz Eslatma',
    ]);
    expect(await run()).toBe(0);
    expect(adminChat().length).toBe(before + 1);
  });

  it('tells once even when two processes run the job at the same moment', async () => {
    at('12:40');
    await task('Prepare the room', '12:41', 'admin');
    at('12:42');
    const counts = await Promise.all([run(), run()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('tells again when the task is moved to a new time', async () => {
    at('12:50');
    const moved = await task('Meet the parent', '12:51', 'admin');
    at('12:52');
    expect(await run()).toBe(1);
    const res = await w.admin('PUT', `/reminder/${moved.id}?branch_id=${w.branchId}`, {
      title: 'Meet the parent',
      date: DAY,
      time: '13:10',
    });
    expect(res.status).toBe(200);
    expect(await run()).toBe(0);
    at('13:11');
    expect(await run()).toBe(1);
    expect(adminChat().at(-1)).toContain('15.03.2025 13:10');
  });

  it('leaves a task due long ago to the overdue count', async () => {
    const old = await w.admin('POST', `/reminder?branch_id=${w.branchId}`, {
      title: 'Last week’s call',
      date: '2025-03-08',
      time: '10:00',
    });
    expect(old.status).toBe(200);
    expect(await run()).toBe(0);
  });

  it('tries again on the next run when Telegram could not take the message', async () => {
    at('13:20');
    await task('Order the books', '13:21', 'admin');
    at('13:22');
    fake.failNext(2, 503);
    expect(await run()).toBe(0);
    expect(await run()).toBe(1);
    expect(adminChat().at(-1)).toContain('Order the books');
  });

  it('stops, and unlinks the chat, once he blocked the bot', async () => {
    at('13:30');
    await task('Sign the contract', '13:31', 'admin');
    at('13:32');
    fake.block(ADMIN_CHAT);
    expect(await run()).toBe(0);
    expect((await w.admin('GET', '/telegram/link')).body).toMatchObject({ linked: false });
  });
});
