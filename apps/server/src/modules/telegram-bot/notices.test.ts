import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramFake } from '../../../test/fakes/telegram-fake.js';
import { openTestDatabase } from '../../../test/helpers.js';
import { createSmsWorld, type SmsWorld } from '../sms/sms-test-world.js';
import { linkChat, signInParent } from './telegram-test-support.js';

/**
 * Issue 24: what the centre never sent by SMS, the bot tells a linked parent for free — his child's absence from
 * today's lesson, a new grade, news for parents — once each, in his language.
 */
const BOT_TOKEN = '7412369852:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsac';
const SECRET = 'webhook-secret-notices-0123456789';
const PARENT_CHAT = 700_500_600;
const fake = await startTelegramFake({ botToken: BOT_TOKEN, chats: [] });
afterAll(() => fake.stop());

const TODAY = '2025-03-17'; // a Monday: the world's group meets on odd days
let w: SmsWorld;
let child: { id: number; name: string };
const parentChat = () => (fake.sent.get(String(PARENT_CHAT)) ?? []).map((m) => m.text);
async function told<T>(action: () => Promise<T>): Promise<string[]> {
  const before = parentChat().length;
  await action();
  await w.app.jobs.settle();
  return parentChat().slice(before);
}
const mark = (studentId: number, date: string, status: 0 | 1) =>
  w.admin('POST', '/attendance', { student_id: studentId, group_id: w.groupId, date, status });

beforeAll(async () => {
  const database = await openTestDatabase();
  w = await createSmsWorld(database, {
    day: TODAY,
    telegram: { baseUrl: fake.url, botToken: BOT_TOKEN, webhookSecret: SECRET, noticeDelaySeconds: 0 },
  });
  child = await w.student('Aziz Davomat');
  const saved = await w.admin('PUT', `/user/${child.id}`, { parent_name: 'Lola Davomat', parent_phone: '991230077' });
  expect(saved.status).toBe(200);
  const token = await signInParent(w.app, database.db, { id: w.companyId, subdomain: w.subdomain }, '991230077');
  await linkChat(
    w.app,
    fake,
    { subdomain: w.subdomain, token },
    { id: PARENT_CHAT, language: 'ru', webhookSecret: SECRET },
  );
  expect(parentChat().at(-1)).toContain('Lola Davomat');
});

describe('the bot tells a linked parent', () => {
  it('of his child’s absence from today’s lesson, once however often it is marked', async () => {
    const first = await told(async () => expect((await mark(child.id, TODAY, 0)).status).toBe(200));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^❗ Aziz Davomat сегодня не пришёл\(а\) на занятие: .+, \d\d:\d\d$/);
    expect(await told(() => mark(child.id, TODAY, 0))).toEqual([]);
  });

  it('of nothing for a presence, nor for an absence of another day', async () => {
    const classmate = await w.student('Sardor Sinfdosh');
    expect(await told(() => mark(classmate.id, TODAY, 1))).toEqual([]);
    expect(await told(() => mark(child.id, '2025-03-14', 0))).toEqual([]);
  });

  it('of a new grade, with the company’s highest score', async () => {
    const settings = await w.admin('PUT', '/grade-settings', {
      max_score: 10,
      aggregate_by_month: false,
      calculate_average: true,
      allow_past_dates: true,
      allow_non_teachers: true,
      rating_in_profile: 'none',
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const given = await told(async () => {
      const res = await w.admin('PUT', '/grade', { group_id: w.groupId, student_id: child.id, date: TODAY, score: 4 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(given).toEqual([expect.stringMatching(/^⭐ Aziz Davomat: оценка 4\/10 — .+, 17\.03\.2025$/)]);
  });

  it('of news for parents or for everybody, not of news for the teachers', async () => {
    const post = (title: string, audience: string) =>
      w.admin('POST', '/blog/', { title, body_html: '<p>Dam olish <b>kunlari</b></p>', audience });
    expect(await told(() => post('Navruz bayrami', 'parents'))).toEqual([
      '📰 Новость: <b>Navruz bayrami</b>\nDam olish kunlari',
    ]);
    expect(await told(() => post('Pedagogik kengash', 'teachers'))).toEqual([]);
  });

  it('again on the job’s retry when Telegram could not take the message, and only once', async () => {
    fake.failNext(2, 503);
    const news = await told(() =>
      w.admin('POST', '/blog/', { title: 'Imtihonlar', body_html: '<p>Juma kuni</p>', audience: 'all' }),
    );
    expect(news).toEqual(['📰 Новость: <b>Imtihonlar</b>\nJuma kuni']);
  });
});
