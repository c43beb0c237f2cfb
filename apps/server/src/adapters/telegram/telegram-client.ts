import {
  type Answer,
  type ExchangeSettings,
  exchange,
  exchangeSettings,
  type HttpSettings,
  NoAnswerError,
  RETRYABLE_STATUSES,
} from '../http-exchange.js';
import {
  errorAnswerSchema,
  getMeAnswerSchema,
  okAnswerSchema,
  type SendMessageRequest,
  TELEGRAM_METHODS,
  TELEGRAM_TEXT_LIMIT,
  type TelegramUpdate,
  telegramMethodPath,
  updateSchema,
  updatesAnswerSchema,
} from './protocol.js';

/** Telegram is down, answered 5xx after the retry, or asks to wait longer than we do: the job retries later. */
export class TelegramUnavailableError extends Error {
  constructor(
    readonly reason: string,
    /** Telegram's own "retry after" (seconds) when it limited us; the job should wait at least that long. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`Telegram unavailable: ${reason}`);
  }
}

/**
 * Telegram refused the message for good (chat not found, bot blocked or removed, bot token refused): not
 * retried; whoever set the chat must fix it. `migrateToChatId`: the group became a supergroup with this id.
 */
export class TelegramRefusedError extends Error {
  constructor(
    readonly description: string,
    readonly errorCode: number,
    readonly migrateToChatId?: number,
  ) {
    super(`Telegram refused the message: ${description}`);
  }
}

export interface TelegramClientOptions extends HttpSettings {
  /** TELEGRAM_BOT_TOKEN; it travels in the path and is never logged. */
  botToken: string;
  /** A 429 asking to wait at most this long is waited out and retried once; a longer one is reported. */
  maxRetryAfterMs?: number;
}

/** The bot that sends the daily reports (spec §3 "telegram report id"). */
export class TelegramClient {
  private readonly http: ExchangeSettings;
  private readonly botToken: string;
  private readonly maxRetryAfterMs: number;

  constructor(options: TelegramClientOptions) {
    this.http = exchangeSettings('telegram', options);
    this.botToken = options.botToken;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 5_000;
  }

  /**
   * Sends an HTML text to a chat (a user id, a group id, or @channel), in as many messages as Telegram's 4096
   * characters need (cut between lines), and answers their ids.
   */
  async sendMessage(chatId: string | number, text: string): Promise<{ messageIds: number[] }> {
    const messageIds: number[] = [];
    for (const part of splitText(text)) messageIds.push(await this.sendPart(chatId, part));
    return { messageIds };
  }

  private async sendPart(chatId: string | number, text: string): Promise<number> {
    const request: SendMessageRequest = { chat_id: chatId, text, parse_mode: 'HTML' };
    let answer: Answer;
    try {
      answer = await exchange(this.http, {
        name: TELEGRAM_METHODS.sendMessage,
        path: telegramMethodPath(this.botToken, TELEGRAM_METHODS.sendMessage),
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) },
        // A send that timed out may have been delivered: not repeated, lest the chat get it twice.
        retryTimeout: false,
        retryDelay: (a) => this.retryDelay(a),
      });
    } catch (err) {
      if (err instanceof NoAnswerError) throw new TelegramUnavailableError(`sendMessage: ${err.reason}`);
      throw err;
    }
    const sent = okAnswerSchema.safeParse(answer.body);
    if (answer.status === 200 && sent.success) return sent.data.result.message_id;
    const error = errorAnswerSchema.safeParse(answer.body);
    const retryAfter = error.success ? error.data.parameters?.retry_after : undefined;
    if (RETRYABLE_STATUSES.has(answer.status) || !error.success) {
      throw new TelegramUnavailableError(`sendMessage: status ${answer.status}`, retryAfter);
    }
    const { description, error_code, parameters } = error.data;
    throw new TelegramRefusedError(description, error_code, parameters?.migrate_to_chat_id);
  }

  /** The bot's own user name, for its deep links (t.me/<username>?start=…). */
  async getMe(): Promise<{ username: string }> {
    const answer = await this.call(TELEGRAM_METHODS.getMe, {});
    const me = getMeAnswerSchema.safeParse(answer.body);
    if (!me.success) throw new TelegramUnavailableError(`getMe: status ${answer.status}`);
    return { username: me.data.result.username };
  }

  /**
   * Long polling (the embedded mode, where Telegram cannot reach a webhook): the updates after `offset`,
   * waiting up to `timeoutSeconds` for one. Updates of shapes the bot does not read are left out.
   */
  async getUpdates(offset: number | undefined, timeoutSeconds: number): Promise<TelegramUpdate[]> {
    const body = { ...(offset === undefined ? {} : { offset }), timeout: timeoutSeconds };
    const answer = await this.call(TELEGRAM_METHODS.getUpdates, body, timeoutSeconds * 1000);
    const updates = updatesAnswerSchema.safeParse(answer.body);
    if (!updates.success) throw new TelegramUnavailableError(`getUpdates: status ${answer.status}`);
    return updates.data.result.flatMap((raw) => {
      const update = updateSchema.safeParse(raw);
      return update.success ? [update.data] : [];
    });
  }

  private async call(method: string, body: object, extraTimeoutMs = 0): Promise<Answer> {
    try {
      return await exchange(
        { ...this.http, timeoutMs: this.http.timeoutMs + extraTimeoutMs },
        {
          name: method,
          path: telegramMethodPath(this.botToken, method),
          init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
          retryTimeout: false,
        },
      );
    } catch (err) {
      if (err instanceof NoAnswerError) throw new TelegramUnavailableError(`${method}: ${err.reason}`);
      throw err;
    }
  }

  /** 429 says how long to wait; other retryable answers get the usual pause. */
  private retryDelay(answer: Answer): number | undefined {
    if (answer.status !== 429) return this.http.retryDelayMs;
    const error = errorAnswerSchema.safeParse(answer.body);
    const waitMs = (error.success ? (error.data.parameters?.retry_after ?? 1) : 1) * 1000;
    return waitMs <= this.maxRetryAfterMs ? waitMs : undefined;
  }
}

/** A text in parts of at most `limit` characters, cut at line ends (a longer line is cut where it must be). */
export function splitText(text: string, limit = TELEGRAM_TEXT_LIMIT): string[] {
  if (text.length <= limit) return [text];
  const parts: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    for (let start = 0; start < Math.max(line.length, 1); start += limit) {
      const piece = line.slice(start, start + limit);
      if (current && current.length + 1 + piece.length > limit) {
        parts.push(current);
        current = piece;
      } else {
        current = current ? `${current}\n${piece}` : piece;
      }
    }
  }
  if (current) parts.push(current);
  return parts;
}
