import { z } from 'zod';

/**
 * The Telegram Bot API as the adapter uses it (core.telegram.org/bots/api): `POST {base}/bot{token}/{method}`
 * with a JSON body; every answer is `{ ok: true, result }` or `{ ok: false, error_code, description,
 * parameters? }`, where `parameters.retry_after` (seconds) comes with 429 and `parameters.migrate_to_chat_id`
 * with a group that became a supergroup. The client and the test fake (test/fakes/telegram-fake.ts) both read
 * this file.
 */

export const TELEGRAM_PRODUCTION_URL = 'https://api.telegram.org';

/** The bot's token is part of the path: this path is never logged. */
export const telegramMethodPath = (botToken: string, method: string) => `/bot${botToken}/${method}`;

export const TELEGRAM_METHODS = { sendMessage: 'sendMessage', getUpdates: 'getUpdates', getMe: 'getMe' } as const;

/** The header Telegram sends with every webhook call when setWebhook was given a secret_token. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The longest text of one message. */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** Telegram's HTML parse mode reads `<`, `>` and `&` as markup: a name or a title put in a message must not. */
export const escapeTelegramHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export const sendMessageRequestSchema = z.object({
  chat_id: z.union([z.string(), z.number()]).transform(String),
  text: z.string(),
  parse_mode: z.enum(['HTML', 'MarkdownV2', 'Markdown']).optional(),
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

export const okAnswerSchema = z.object({
  ok: z.literal(true),
  result: z.object({ message_id: z.number().int() }),
});

export const errorAnswerSchema = z.object({
  ok: z.literal(false),
  error_code: z.number().int(),
  description: z.string(),
  parameters: z.object({ retry_after: z.number().optional(), migrate_to_chat_id: z.number().optional() }).optional(),
});
export type TelegramErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** Descriptions Telegram gives, as the fake repeats them. */
export const TELEGRAM_ERRORS = {
  unauthorized: 'Unauthorized',
  chatNotFound: 'Bad Request: chat not found',
  blocked: 'Forbidden: bot was blocked by the user',
  emptyText: 'Bad Request: message text is empty',
  tooLong: 'Bad Request: message is too long',
  tooManyRequests: (seconds: number) => `Too Many Requests: retry after ${seconds}`,
} as const;

/** The part of an Update (core.telegram.org/bots/api#update) the bot reads: a private text message. */
export const updateSchema = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      from: z
        .object({ id: z.number(), language_code: z.string().optional(), first_name: z.string().optional() })
        .optional(),
      chat: z.object({ id: z.number(), type: z.string() }),
      text: z.string().optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof updateSchema>;

/** getUpdates: the updates after `offset` (long polling waits up to `timeout` seconds for one). */
export const getUpdatesRequestSchema = z.object({
  offset: z.coerce.number().int().optional(),
  timeout: z.coerce.number().int().min(0).optional(),
});
export const updatesAnswerSchema = z.object({ ok: z.literal(true), result: z.array(z.unknown()) });
export const getMeAnswerSchema = z.object({
  ok: z.literal(true),
  result: z.object({ id: z.number(), is_bot: z.boolean(), username: z.string() }),
});
