import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { okSchema } from './auth.js';

/**
 * Spec §3 company "telegram report id" (issue 15): the chat the daily report goes to at the end of the working
 * day. A chat is named as Telegram's Bot API takes it: a user's or group's numeric id (groups and channels are
 * negative, e.g. -1001234567890) or a public channel's @username (5–32 letters, digits and underscores, starting
 * with a letter).
 */
export const TELEGRAM_CHAT_ID_PATTERN = /^(-?[1-9]\d{0,15}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

export const telegramChatIdSchema = z.string().trim().regex(TELEGRAM_CHAT_ID_PATTERN);

export const telegramReportSettingsSchema = z.object({
  chat_id: z.string().nullable(),
  /** Whether this server has a bot (TELEGRAM_BOT_TOKEN): without one no report is sent, whatever the chat. */
  bot_configured: z.boolean(),
  /** The newest report that reached the chat (the company's day it covered, and when it went). */
  last_sent: z.object({ day: z.string(), sent_at: z.string() }).nullable(),
  /** The newest report Telegram refused or could not take, when it is newer than the last one sent. */
  last_failure: z.object({ at: z.string(), reason: z.string() }).nullable(),
  policies: z.object({ edit: z.boolean() }),
});
export type TelegramReportSettings = z.infer<typeof telegramReportSettingsSchema>;

/** null: no report. */
export const telegramReportUpdateSchema = z.object({ chat_id: telegramChatIdSchema.nullable() });
export type TelegramReportUpdate = z.infer<typeof telegramReportUpdateSchema>;

/** Company settings (spec §6 settings area: owner, CEO, branch director). */
export const telegramReportRoutes = {
  settings: defineRoute({
    method: 'GET',
    path: '/telegram-report',
    operationId: 'getTelegramReportSettings',
    summary: 'The chat the daily Telegram report goes to, whether the server has a bot, and the last report sent.',
    tags: ['telegram-report'],
    access: 'settings',
    query: undefined,
    body: undefined,
    response: telegramReportSettingsSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/telegram-report',
    operationId: 'updateTelegramReportSettings',
    summary: 'Sets the chat of the daily Telegram report (a numeric chat id or @channel), or null for none.',
    tags: ['telegram-report'],
    access: 'settings',
    query: undefined,
    body: telegramReportUpdateSchema,
    response: telegramReportSettingsSchema,
  }),
  sendTest: defineRoute({
    method: 'POST',
    path: '/telegram-report/test',
    operationId: 'sendTelegramTestReport',
    summary: 'Sends today’s report so far to the chat now, without counting it as the day’s report.',
    tags: ['telegram-report'],
    access: 'settings',
    query: undefined,
    body: undefined,
    response: okSchema,
  }),
};
