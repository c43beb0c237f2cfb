import type { TelegramDeepLink } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TelegramFake } from '../../../test/fakes/telegram-fake.js';
import { call, loginAs } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { inCompany } from '../../platform/tenancy.js';
import { DEMO_PASSWORD } from '../../seed/factories.js';

/** The parent account a student's record made (it has no password yet): given the demo password, signed in. */
export async function signInParent(
  app: FastifyInstance,
  db: Db,
  company: { id: number; subdomain: string },
  phone: string,
) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await inCompany(db, company.id, (tx) =>
    tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.companyId, company.id), eq(users.phone, phone))),
  );
  return loginAs(app, company.subdomain, phone);
}

/** The `start` value of a deep link: what Telegram sends the bot when the person presses Start. */
export const startPayload = (link: TelegramDeepLink) => new URL(link.url).searchParams.get('start') ?? '';

/**
 * Links a person's chat as he would: his one-time deep link from the profile, then "Start" in Telegram, which the
 * fake posts to our webhook with its secret.
 */
export async function linkChat(
  app: FastifyInstance,
  fake: TelegramFake,
  person: { subdomain: string; token: string },
  chat: { id: number; language: string; webhookSecret: string },
) {
  const link = (
    await call(app, { method: 'POST', url: '/api/v1/telegram/link', sub: person.subdomain, token: person.token })
  ).body as TelegramDeepLink;
  const res = await call(app, {
    method: 'POST',
    url: '/api/v1/telegram/webhook',
    body: fake.userSends(chat.id, `/start ${startPayload(link)}`, chat.language),
    headers: { 'x-telegram-bot-api-secret-token': chat.webhookSecret },
  });
  expect(res.status).toBe(200);
}
