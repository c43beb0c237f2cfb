import { timingSafeEqual } from 'node:crypto';
import { telegramBotRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TELEGRAM_SECRET_HEADER, updateSchema } from '../../adapters/telegram/protocol.js';
import { AppError, notFound } from '../../platform/errors.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { spendOrRefuse } from '../../platform/request-rate.js';
import { registerRoute } from '../../platform/route-table.js';
import { newDeepLink, ownTelegramLink, unlinkTelegram } from './links.js';
import { sendTelegramNotice } from './notices.js';
import { botClientOf, handleUpdate } from './updates-source.js';

const sameSecret = (given: unknown, expected: string) => {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
};

/** Issue 24: the Telegram bot — the person's link from his profile, and the updates Telegram sends the bot. */
export default async function telegramBotModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const client = botClientOf(app);
  // Telegram posts at most as fast as people write; a flood is not Telegram.
  const updatesRate = app.requestRate('telegram-webhook', 600);
  let botUsername: string | null = null;
  app.jobs.handle(JOBS.telegramNotice, (notice) => sendTelegramNotice(app, notice));

  registerRoute(app, telegramBotRoutes.ownLink, (req) =>
    req.tenant((tx, actor) => ownTelegramLink(tx, actor, client !== null)),
  );
  registerRoute(app, telegramBotRoutes.newLink, async (req) => {
    // The caller's session first (a stranger learns nothing of the bot), then the bot, asked outside any transaction.
    await req.tenant(async () => undefined);
    if (!client) throw new AppError(422, 'telegram_bot_not_configured');
    botUsername ??= (await client.getMe()).username;
    const username = botUsername;
    return req.tenant((tx, actor) => newDeepLink(tx, actor, username, app.clock()));
  });
  registerRoute(app, telegramBotRoutes.unlink, (req) =>
    req.tenant(async (tx, actor) => {
      await unlinkTelegram(tx, actor, 'profile');
      return { ok: true as const };
    }),
  );
  registerRoute(app, telegramBotRoutes.webhook, async (req, { body }) => {
    const secret = app.messaging.telegram.webhookSecret;
    // Without a secret the bot polls: the address answers as if it were not there.
    if (!client || !secret) throw notFound();
    await spendOrRefuse(updatesRate, req.ip);
    if (!sameSecret(req.headers[TELEGRAM_SECRET_HEADER], secret)) throw new AppError(401, 'unauthorized');
    const update = updateSchema.safeParse(body);
    if (update.success) await handleUpdate(app, client, update.data);
    return { ok: true as const };
  });
}
