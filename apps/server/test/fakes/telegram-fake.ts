import type { ServerResponse } from 'node:http';
import {
  getUpdatesRequestSchema,
  sendMessageRequestSchema,
  TELEGRAM_ERRORS,
  TELEGRAM_METHODS,
  TELEGRAM_TEXT_LIMIT,
  type TelegramErrorAnswer,
  type TelegramUpdate,
} from '../../src/adapters/telegram/protocol.js';
import { type FakeRequest, readFields, sendJson, startFakeServer } from './fake-server.js';

/**
 * A local Telegram Bot API (https://api.telegram.org): `{base}/bot{token}/sendMessage` with JSON, a form or a
 * query, answering `{ ok, result }` or `{ ok: false, error_code, description, parameters }` as Telegram does.
 * It knows one bot token and some chats; records what each chat got; refuses unknown chats and chats that
 * blocked the bot; can limit the rate (429 with retry_after) or fail on purpose. A test plays a person writing to
 * the bot (`userSends`): the message waits in getUpdates (long polling), and the person's chat becomes known.
 */

export interface TelegramFakeOptions {
  botToken: string;
  /** Chats the bot may write to. */
  chats: (string | number)[];
  /** Chats whose user blocked the bot. */
  blockedChats?: (string | number)[];
}

export interface TelegramFakeMessage {
  messageId: number;
  text: string;
  parseMode: string | undefined;
}

export interface TelegramFake {
  url: string;
  requests: FakeRequest[];
  /** What each chat got, by chat id as text. */
  sent: Map<string, TelegramFakeMessage[]>;
  /** The next `times` sends answer 429 asking to retry after `seconds`. */
  rateLimitNext(times: number, seconds: number): void;
  failNext(times: number, status?: number): void;
  setDelay(ms: number): void;
  /** A person writes to the bot from his private chat (as Telegram's app does on "Start" with a deep link). */
  userSends(chatId: number, text: string, languageCode?: string): TelegramUpdate;
  /** The person blocks the bot: sends to his chat answer 403 from now on. */
  block(chatId: number): void;
  /** The bot's user name, as getMe answers it. */
  username: string;
  stop(): Promise<void>;
}

const BOT_USERNAME = 'crm_centre_bot';

export async function startTelegramFake(options: TelegramFakeOptions): Promise<TelegramFake> {
  const known = new Set(options.chats.map(String));
  const blocked = new Set((options.blockedChats ?? []).map(String));
  const sent = new Map<string, TelegramFakeMessage[]>();
  let limited = { times: 0, seconds: 1 };
  let nextMessageId = 1;
  let nextUpdateId = 1;
  const updates: TelegramUpdate[] = [];
  const waiting: (() => void)[] = [];

  const fail = (res: ServerResponse, error_code: number, description: string, parameters?: object) => {
    const body: TelegramErrorAnswer = { ok: false, error_code, description, ...(parameters ? { parameters } : {}) };
    sendJson(res, error_code, body);
  };

  const handle = async (request: FakeRequest, res: ServerResponse) => {
    const [, token, method] = request.path.match(/^\/bot([^/]+)\/([^/]+)$/) ?? [];
    if (token !== options.botToken) return fail(res, 401, TELEGRAM_ERRORS.unauthorized);
    if (method === TELEGRAM_METHODS.getMe) {
      return sendJson(res, 200, {
        ok: true,
        result: { id: 1, is_bot: true, first_name: 'CRM', username: BOT_USERNAME },
      });
    }
    if (method === TELEGRAM_METHODS.getUpdates) return answerUpdates(request, res);
    if (method !== TELEGRAM_METHODS.sendMessage) return fail(res, 404, 'Not Found');
    if (limited.times > 0) {
      limited.times--;
      return fail(res, 429, TELEGRAM_ERRORS.tooManyRequests(limited.seconds), { retry_after: limited.seconds });
    }
    const parsed = sendMessageRequestSchema.safeParse({ ...request.query, ...(await readFields(request)) });
    if (!parsed.success) return fail(res, 400, 'Bad Request: chat_id is empty');
    const { chat_id, text, parse_mode } = parsed.data;
    if (!known.has(chat_id)) return fail(res, 400, TELEGRAM_ERRORS.chatNotFound);
    if (blocked.has(chat_id)) return fail(res, 403, TELEGRAM_ERRORS.blocked);
    if (!text.trim()) return fail(res, 400, TELEGRAM_ERRORS.emptyText);
    if (text.length > TELEGRAM_TEXT_LIMIT) return fail(res, 400, TELEGRAM_ERRORS.tooLong);
    const message = { messageId: nextMessageId++, text, parseMode: parse_mode };
    sent.set(chat_id, [...(sent.get(chat_id) ?? []), message]);
    sendJson(res, 200, {
      ok: true,
      result: {
        message_id: message.messageId,
        from: { id: 1, is_bot: true, first_name: 'CRM reports', username: 'crm_reports_bot' },
        chat: { id: Number(chat_id) || chat_id, type: Number(chat_id) < 0 ? 'group' : 'private' },
        date: Math.floor(Date.now() / 1000),
        text,
      },
    });
  };

  /** Confirms the updates before `offset` (Telegram forgets them) and answers the rest, waiting for one if asked. */
  const answerUpdates = async (request: FakeRequest, res: ServerResponse) => {
    const asked = getUpdatesRequestSchema.parse({ ...request.query, ...(await readFields(request)) });
    if (asked.offset !== undefined) {
      while (updates[0] && updates[0].update_id < asked.offset) updates.shift();
    }
    if (!updates.length && asked.timeout) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, (asked.timeout ?? 0) * 1000);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    sendJson(res, 200, { ok: true, result: updates });
  };

  const server = await startFakeServer({
    failureBody: (status) => ({ ok: false, error_code: status, description: 'Internal Server Error' }),
    handle,
  });

  return {
    url: server.url,
    requests: server.requests,
    sent,
    rateLimitNext(times, seconds) {
      limited = { times, seconds };
    },
    failNext: server.failNext,
    setDelay: server.setDelay,
    username: BOT_USERNAME,
    userSends(chatId, text, languageCode) {
      known.add(String(chatId));
      const update: TelegramUpdate = {
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          from: { id: chatId, first_name: 'Parent', ...(languageCode ? { language_code: languageCode } : {}) },
          chat: { id: chatId, type: 'private' },
          text,
        },
      };
      updates.push(update);
      for (const wake of waiting.splice(0)) wake();
      return update;
    },
    block(chatId) {
      blocked.add(String(chatId));
    },
    async stop() {
      for (const wake of waiting.splice(0)) wake();
      await server.stop();
    },
  };
}
