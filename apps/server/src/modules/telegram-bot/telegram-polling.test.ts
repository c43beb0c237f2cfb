import type { TelegramDeepLink } from '@crm/contracts';
import { afterAll, expect, it } from 'vitest';
import { startTelegramFake } from '../../../test/fakes/telegram-fake.js';
import { buildTestApp, call, loginAs, openTestDatabase, uniqueSubdomain } from '../../../test/helpers.js';
import { OFFLINE_MESSAGING } from '../../app.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';

/** Issue 24, the embedded mode: with no webhook secret the server asks Telegram for updates (long polling). */
const BOT_TOKEN = '7412369850:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const fake = await startTelegramFake({ botToken: BOT_TOKEN, chats: [] });
const database = await openTestDatabase();
const app = await buildTestApp(database, {
  messaging: { ...OFFLINE_MESSAGING, telegram: { baseUrl: fake.url, botToken: BOT_TOKEN, webhookSecret: null } },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await fake.stop();
});

it('links a chat through the updates it polls, and keeps the webhook closed', async () => {
  const company = await createCompanyWithRoleUsers(database.db, {
    name: 'Polling',
    subdomain: uniqueSubdomain('poll'),
    branches: ['P'],
  });
  const token = await loginAs(app, company.subdomain, company.users.parent.phone);
  const api = (method: 'GET' | 'POST', url: string) =>
    call(app, { method, url: `/api/v1${url}`, sub: company.subdomain, token });
  const link = (await api('POST', '/telegram/link')).body as TelegramDeepLink;
  app.startTelegramPolling();
  fake.userSends(800_200_300, `/start ${new URL(link.url).searchParams.get('start')}`, 'uz');
  await expect.poll(() => fake.sent.get('800200300')?.at(-1)?.text ?? '', { timeout: 5_000 }).toContain('✅');
  expect((await api('GET', '/telegram/link')).body).toMatchObject({ linked: true });
  const posted = await call(app, { method: 'POST', url: '/api/v1/telegram/webhook', body: {} });
  expect(posted.status).toBe(404);
});
