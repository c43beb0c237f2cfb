import { type CompanyDatas, HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startTelegramFake } from '../../../test/fakes/telegram-fake.js';
import { buildTestApp, call, loginAs, openTestDatabase, testJobs, uniqueSubdomain } from '../../../test/helpers.js';
import { OFFLINE_MESSAGING } from '../../app.js';
import { companies, historyEvents, telegramLinks, telegramReports } from '../../db/schema/index.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { dispatchTelegramReports, endedDay, sendCompanyReport } from './sending.js';

const BOT_TOKEN = '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Chats the fake bot may write to, one per company of the tests. */
const CHAT = {
  tashkent: '-1001000000001',
  jakarta: '-1001000000002',
  lisbon: '-1001000000003',
  once: '-1001000000004',
  retried: '-1001000000005',
  settings: '-1001000000006',
};
const BLOCKED = '555000111';
const DAY = '2026-03-18';

const fake = await startTelegramFake({
  botToken: BOT_TOKEN,
  chats: [...Object.values(CHAT), BLOCKED],
  blockedChats: [BLOCKED],
});
afterAll(() => fake.stop());
const database = await openTestDatabase();
// Wednesday 18 March 2026, 13:30 UTC: 18:30 in Tashkent, 20:30 in Jakarta, 13:30 in Lisbon.
let now = new Date('2026-03-18T13:30:00Z');
const app = await buildTestApp(database, {
  clock: () => now,
  jobs: testJobs(),
  messaging: { ...OFFLINE_MESSAGING, telegram: { baseUrl: fake.url, botToken: BOT_TOKEN } },
});
await app.ready();
await app.jobs.start();
afterAll(() => app.close());

/** A centre whose working day ends at 18:00 unless said, reporting to `chat`. */
async function centre(chat: string | null, datas: Partial<CompanyDatas> = {}, endOfWorkingDay = '18:00') {
  const company = await createCompanyWithRoleUsers(database.db, {
    name: 'Bilim & Co',
    subdomain: uniqueSubdomain('tg'),
    branches: ['Main'],
    datas,
  });
  await database.db
    .update(companies)
    .set({ telegramReportId: chat, endOfWorkingDay })
    .where(eq(companies.id, company.id));
  const api = async (role: 'owner' | 'teacher', method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
    call(app, {
      method,
      url: `/api/v1${url}`,
      sub: company.subdomain,
      token: await loginAs(app, company.subdomain, company.users[role].phone),
      body,
    });
  return { ...company, api };
}

const sentTo = (chat: string) => fake.sent.get(chat) ?? [];
const requestsTo = (chat: string) => fake.requests.filter((r) => r.body.includes(`"chat_id":"${chat}"`)).length;
const reportsOf = (companyId: number) =>
  database.db.select().from(telegramReports).where(eq(telegramReports.companyId, companyId));

describe('the dispatch', () => {
  it('queues the report of each company whose working day has ended in its own time zone, once', async () => {
    const tashkent = await centre(CHAT.tashkent);
    const jakarta = await centre(CHAT.jakarta, { country: 'id', locale: 'id' });
    const lisbon = await centre(CHAT.lisbon, { country: 'pt', locale: 'en' });
    const silent = await centre(null);
    const ids = [tashkent.id, jakarta.id, lisbon.id, silent.id];

    expect(await dispatchTelegramReports(app, ids)).toBe(2);
    await app.jobs.settle();
    expect(sentTo(CHAT.tashkent)).toHaveLength(1);
    expect(sentTo(CHAT.tashkent)[0]).toMatchObject({ parseMode: 'HTML' });
    expect(sentTo(CHAT.tashkent)[0]?.text).toContain('<b>Kunlik hisobot · Bilim &amp; Co</b>\n18.03.2026');
    expect(sentTo(CHAT.jakarta)[0]?.text).toContain('Laporan harian');
    expect(sentTo(CHAT.lisbon)).toHaveLength(0);
    expect(await reportsOf(tashkent.id)).toEqual([
      { companyId: tashkent.id, day: DAY, chatId: CHAT.tashkent, sentAt: now },
    ]);

    // Ten minutes later: nothing new is due in Tashkent or Jakarta.
    now = new Date('2026-03-18T13:40:00Z');
    expect(await dispatchTelegramReports(app, ids)).toBe(0);
    // 18:05 in Lisbon; 01:05 of the 19th in Jakarta, too long after its day to send it now.
    now = new Date('2026-03-18T18:05:00Z');
    expect(await dispatchTelegramReports(app, ids)).toBe(1);
    await app.jobs.settle();
    expect(sentTo(CHAT.lisbon)[0]?.text).toContain('Daily report');
    expect(sentTo(CHAT.tashkent)).toHaveLength(1);
    expect(sentTo(CHAT.jakarta)).toHaveLength(1);
  });

  it('reports a day that ends just before midnight after the date has changed', () => {
    // 00:05 of the 19th in Tashkent.
    const at = new Date('2026-03-18T19:05:00Z');
    expect(endedDay(at, 'Asia/Tashkent', '23:55')).toBe('2026-03-18');
    expect(endedDay(at, 'Asia/Tashkent', '18:00')).toBeNull();
    expect(endedDay(at, 'Asia/Tashkent', '00:05')).toBe('2026-03-19');
    expect(endedDay(new Date('2026-03-18T12:59:00Z'), 'Asia/Tashkent', '18:00')).toBeNull();
  });

  it('does nothing on a server without a bot', async () => {
    const offline = await buildTestApp(database, { clock: () => now });
    await offline.ready();
    try {
      const company = await centre(CHAT.once);
      // Its queue is not even started: queuing anything would throw.
      expect(await dispatchTelegramReports(offline, [company.id])).toBe(0);
      expect(await sendCompanyReport(offline, company.id, DAY)).toBe('no_bot');
    } finally {
      await offline.close();
    }
  });
});

describe('the company-day report', () => {
  it('goes once when its job runs twice, one after the other or at the same time', async () => {
    const company = await centre(CHAT.once);
    expect(await sendCompanyReport(app, company.id, '2026-03-16')).toBe('sent');
    expect(await sendCompanyReport(app, company.id, '2026-03-16')).toBe('already_sent');
    const together = await Promise.all([
      sendCompanyReport(app, company.id, '2026-03-17'),
      sendCompanyReport(app, company.id, '2026-03-17'),
    ]);
    expect(together.sort()).toEqual(['already_sent', 'sent']);
    // A second job of the same day (not deduplicated by its key) sends nothing either.
    await app.jobs.send(JOBS.telegramCompanyReport, { companyId: company.id, date: '2026-03-17' });
    await app.jobs.settle();
    expect(sentTo(CHAT.once).map((m) => m.text.split('\n')[1])).toEqual(['16.03.2026', '17.03.2026']);

    const settings = await company.api('owner', 'GET', '/telegram-report');
    expect(settings.body.last_sent).toEqual({ day: '2026-03-17', sent_at: now.toISOString() });
    expect(settings.body.last_failure).toBeNull();
  });

  it('goes to the owner’s own Telegram once he linked the bot, even with no company chat (issue 24)', async () => {
    const company = await centre(null);
    const [ownerChat, teacherChat] = [600_700_800, 600_700_801];
    for (const chat of [ownerChat, teacherChat]) fake.userSends(chat, '/start', 'uz');
    await database.db.insert(telegramLinks).values([
      { companyId: company.id, userId: company.users.owner.id, chatId: String(ownerChat), language: 'uz' },
      { companyId: company.id, userId: company.users.teacher.id, chatId: String(teacherChat), language: 'uz' },
    ]);
    expect(await dispatchTelegramReports(app, [company.id])).toBe(1);
    await app.jobs.settle();
    expect(sentTo(String(ownerChat)).map((m) => m.text.split('\n')[1])).toEqual(['18.03.2026']);
    expect(await sendCompanyReport(app, company.id, '2026-03-17')).toBe('sent');
    expect(sentTo(String(ownerChat))).toHaveLength(2);
    // The teacher's link brings him no report: it is the managers'.
    expect(sentTo(String(teacherChat))).toEqual([]);
  });

  it('does not retry a chat Telegram refuses, and shows the failure instead of a report sent', async () => {
    const company = await centre(BLOCKED);
    await app.jobs.send(
      JOBS.telegramCompanyReport,
      { companyId: company.id, date: DAY },
      { key: `${company.id}:${DAY}` },
    );
    await app.jobs.settle();
    expect(requestsTo(BLOCKED)).toBe(1);
    expect(await reportsOf(company.id)).toEqual([]);
    const settings = await company.api('owner', 'GET', '/telegram-report');
    expect(settings.body.last_sent).toBeNull();
    expect(settings.body.last_failure.reason).toContain('bot was blocked by the user');
    // The dispatch does not queue the refused day again.
    expect(await dispatchTelegramReports(app, [company.id])).toBe(0);
  });

  it('retries a report Telegram could not take (5xx) until it goes', async () => {
    const company = await centre(CHAT.retried);
    // The client's own retry fails too: the job fails, and the queue's retry sends it.
    fake.failNext(2, 502);
    await app.jobs.send(JOBS.telegramCompanyReport, { companyId: company.id, date: DAY });
    await app.jobs.settle();
    expect(requestsTo(CHAT.retried)).toBe(3);
    expect(sentTo(CHAT.retried)).toHaveLength(1);
    expect(await reportsOf(company.id)).toHaveLength(1);
  });
});

describe('the settings routes', () => {
  it('refuse a teacher and a chat id that is none', async () => {
    const company = await centre(null);
    expect((await company.api('teacher', 'GET', '/telegram-report')).status).toBe(403);
    expect((await company.api('teacher', 'PUT', '/telegram-report', { chat_id: CHAT.settings })).status).toBe(403);
    expect((await company.api('teacher', 'POST', '/telegram-report/test')).status).toBe(403);
    for (const chat_id of ['my group', '12.5', '@abc', '-0', '']) {
      const res = await company.api('owner', 'PUT', '/telegram-report', { chat_id });
      expect(res.status, chat_id).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ field: 'chat_id' });
    }
  });

  it('set the chat, write the change in the history, and send a test report that does not count', async () => {
    const company = await centre(null);
    const empty = await company.api('owner', 'GET', '/telegram-report');
    expect(empty.body).toEqual({
      chat_id: null,
      bot_configured: true,
      last_sent: null,
      last_failure: null,
      policies: { edit: true },
    });
    const notSet = await company.api('owner', 'POST', '/telegram-report/test');
    expect(notSet.status).toBe(409);
    expect(notSet.body.error.code).toBe('telegram_not_configured');

    const saved = await company.api('owner', 'PUT', '/telegram-report', { chat_id: ` ${CHAT.settings} ` });
    expect(saved.status).toBe(200);
    expect(saved.body.chat_id).toBe(CHAT.settings);
    await company.api('owner', 'PUT', '/telegram-report', { chat_id: CHAT.settings });
    await company.api('owner', 'PUT', '/telegram-report', { chat_id: '@bilim_reports' });
    const events = await database.db
      .select({ data: historyEvents.data })
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, company.id), eq(historyEvents.type, HistoryEvent.companySettingsChanged)))
      .orderBy(historyEvents.id);
    // Saving the same chat again changes nothing and writes nothing.
    expect(events.map((e) => e.data)).toEqual([
      { before: { telegram_report_id: null }, after: { telegram_report_id: CHAT.settings } },
      { before: { telegram_report_id: CHAT.settings }, after: { telegram_report_id: '@bilim_reports' } },
    ]);

    await company.api('owner', 'PUT', '/telegram-report', { chat_id: CHAT.settings });
    const test = await company.api('owner', 'POST', '/telegram-report/test');
    expect(test.body).toEqual({ ok: true });
    expect(sentTo(CHAT.settings)[0]?.text).toContain('<i>Sinov hisoboti');
    expect(await reportsOf(company.id)).toEqual([]);
  });

  it('answer a refused chat and an absent Telegram with their own errors, and a server without a bot', async () => {
    const company = await centre('-1009999999999');
    const refused = await company.api('owner', 'POST', '/telegram-report/test');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'telegram_chat_refused',
      details: { description: 'Bad Request: chat not found' },
    });
    await company.api('owner', 'PUT', '/telegram-report', { chat_id: CHAT.settings });
    fake.failNext(2, 500);
    const down = await company.api('owner', 'POST', '/telegram-report/test');
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe('telegram_unavailable');

    const offline = await buildTestApp(database, { clock: () => now });
    await offline.ready();
    try {
      const ask = async (method: 'GET' | 'POST', url: string) =>
        call(offline, {
          method,
          url: `/api/v1${url}`,
          sub: company.subdomain,
          token: await loginAs(offline, company.subdomain, company.users.owner.phone),
        });
      expect((await ask('GET', '/telegram-report')).body).toMatchObject({
        chat_id: CHAT.settings,
        bot_configured: false,
      });
      expect((await ask('POST', '/telegram-report/test')).body.error.code).toBe('telegram_not_configured');
    } finally {
      await offline.close();
    }
  });
});
