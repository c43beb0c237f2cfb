import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { okSchema } from './auth.js';

const tags = ['telegram'];

/**
 * Issue 24, the Telegram bot: a person links his chat with the bot through a one-time deep link from his
 * profile (never by typing a phone), then gets his automatic messages there and asks the bot /balance,
 * /schedule and /attendance.
 */
export const telegramLinkSchema = z.object({
  /** The platform has a bot (TELEGRAM_BOT_TOKEN): without one, nothing to link. */
  available: z.boolean(),
  linked: z.boolean(),
  linked_at: z.string().nullable(),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

export const telegramDeepLinkSchema = z.object({
  /** https://t.me/<bot>?start=<token>: opening it in Telegram and pressing Start links the chat. */
  url: z.string(),
  expires_at: z.string(),
});
export type TelegramDeepLink = z.infer<typeof telegramDeepLinkSchema>;

/** The minutes a deep link stays good. */
export const TELEGRAM_LINK_MINUTES = 15;

export const telegramBotRoutes = {
  ownLink: defineRoute({
    method: 'GET',
    path: '/telegram/link',
    operationId: 'readOwnTelegramLink',
    summary: 'Whether the caller’s Telegram is linked to the bot.',
    tags,
    access: 'signedIn',
    query: undefined,
    body: undefined,
    response: telegramLinkSchema,
  }),
  newLink: defineRoute({
    method: 'POST',
    path: '/telegram/link',
    operationId: 'createTelegramDeepLink',
    summary: 'A one-time deep link (15 minutes) that links the caller’s Telegram chat when he presses Start.',
    tags,
    access: 'signedIn',
    query: undefined,
    body: undefined,
    response: telegramDeepLinkSchema,
  }),
  unlink: defineRoute({
    method: 'DELETE',
    path: '/telegram/link',
    operationId: 'unlinkOwnTelegram',
    summary: 'Unlinks the caller’s Telegram: his messages go by SMS again.',
    tags,
    access: 'signedIn',
    query: undefined,
    body: undefined,
    response: okSchema,
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/telegram/webhook',
    operationId: 'receiveTelegramUpdate',
    summary: 'Telegram’s webhook: an update, authenticated by the secret-token header set with setWebhook.',
    tags,
    access: 'public',
    query: undefined,
    body: z.unknown(),
    response: okSchema,
  }),
};
