import { createHash } from 'node:crypto';
import {
  type Answer,
  type ExchangeSettings,
  exchange,
  exchangeSettings,
  type HttpSettings,
  NoAnswerError,
  RETRYABLE_STATUSES,
} from '../http-exchange.js';
import { isDialable, sendInChunks } from './batching.js';
import { EskizTokens, expiryOf, type IssuedToken, type TokenSource } from './eskiz-tokens.js';
import {
  ESKIZ_BATCH_LIMIT,
  ESKIZ_DEFAULT_SENDER,
  ESKIZ_PATHS,
  ESKIZ_STATES,
  type EskizBatchRequest,
  eskizErrorSchema,
  eskizLimitAnswerSchema,
  eskizMessageId,
  eskizMessageItemSchema,
  eskizMessagesPageSchema,
  eskizSendAnswerSchema,
  eskizTokenAnswerSchema,
  readEskizMessageId,
  stateOf,
} from './protocol.js';
import {
  type OutgoingSms,
  type SentSms,
  SmsCredentialsRejectedError,
  type SmsProvider,
  SmsProviderUnavailableError,
  SmsRefusedError,
  type SmsStatus,
} from './sms-provider.js';

/** An Eskiz SMS-gateway account (not the my.eskiz.uz cabinet log-in, which the API refuses). */
export interface EskizCredentials {
  email: string;
  password: string;
}

/** A dispatch listing longer than this many pages is not read further (200 messages are 10 pages of 20). */
const MAX_STATUS_PAGES = 50;

/**
 * Eskiz behind SmsProvider. Every message, a single one too, goes through send-batch: only there does Eskiz
 * take our `user_sms_id` and a dispatch id, which make its delivery callback name the message and its state
 * listable later (dispatchOf). A batch Eskiz refuses is sent again message by message (batching.ts).
 */
export class EskizClient implements SmsProvider {
  readonly name = 'eskiz';
  private readonly http: ExchangeSettings;
  private readonly tokenKey: string;
  private readonly source: TokenSource;

  constructor(
    private readonly credentials: EskizCredentials,
    settings: HttpSettings,
    private readonly tokens = new EskizTokens(),
  ) {
    this.http = exchangeSettings('eskiz', settings);
    this.tokenKey = EskizTokens.keyOf(this.http.baseUrl, credentials.email, credentials.password);
    this.source = { logIn: () => this.logIn(), refresh: (token) => this.refresh(token) };
  }

  async send(message: OutgoingSms): Promise<SentSms> {
    if (!isDialable(message.phone)) throw new SmsRefusedError('The number cannot be dialled', 'invalid_phone');
    return (await this.sendChunk([message]))[0] as SentSms;
  }

  sendBatch(messages: readonly OutgoingSms[]): Promise<SentSms[]> {
    return sendInChunks(messages, {
      limit: ESKIZ_BATCH_LIMIT,
      // One call per dispatch, sender and callback address: send-batch takes each once for all its messages.
      keyOf: (m) => JSON.stringify([dispatchOf(m.ref), m.from ?? '', m.callbackUrl ?? '']),
      sendChunk: (chunk) => this.sendChunk(chunk),
    });
  }

  /** Reads the dispatches the messages belong to, page by page, until every asked message is found. */
  async fetchStatus(providerMessageIds: readonly string[]): Promise<SmsStatus[]> {
    const byDispatch = new Map<number, Set<string>>();
    for (const id of providerMessageIds) {
      const parts = readEskizMessageId(id);
      if (!parts) continue;
      const dispatch = dispatchOf(parts.ref);
      byDispatch.set(dispatch, (byDispatch.get(dispatch) ?? new Set()).add(id));
    }
    const found: SmsStatus[] = [];
    for (const [dispatch, pending] of byDispatch) {
      for (let page = 1, last = 1; page <= last && pending.size; page++) {
        const form = new FormData();
        form.set('dispatch_id', String(dispatch));
        const path = `${ESKIZ_PATHS.messagesByDispatch}?page=${page}`;
        const answer = await this.call('messages-by-dispatch', path, { method: 'POST', body: form }, true);
        if (answer.status === 404) break;
        const listing = eskizMessagesPageSchema.safeParse(answer.status === 200 ? answer.body : undefined);
        if (!listing.success) throw new SmsProviderUnavailableError(`messages-by-dispatch: status ${answer.status}`);
        last = Math.min(listing.data.data.last_page, MAX_STATUS_PAGES);
        for (const raw of listing.data.data.result) {
          const item = eskizMessageItemSchema.safeParse(raw);
          if (!item.success || !item.data.request_id) continue;
          const id = eskizMessageId(item.data.request_id, item.data.user_sms_id);
          if (pending.delete(id)) found.push({ providerMessageId: id, state: stateOf(ESKIZ_STATES, item.data.status) });
        }
      }
    }
    return found;
  }

  async balance(): Promise<{ balance: number | null }> {
    const answer = await this.call('get-limit', ESKIZ_PATHS.limit, { method: 'GET' }, true);
    const limit = eskizLimitAnswerSchema.safeParse(answer.status === 200 ? answer.body : undefined);
    if (!limit.success) throw new SmsProviderUnavailableError(`get-limit: status ${answer.status}`);
    return { balance: Math.floor(limit.data.data.balance) };
  }

  /** One send-batch call; all messages of the chunk share its dispatch, sender and callback address. */
  private async sendChunk(chunk: OutgoingSms[]): Promise<SentSms[]> {
    const first = chunk[0] as OutgoingSms;
    const request: EskizBatchRequest = {
      messages: chunk.map((m) => ({ user_sms_id: m.ref, to: Number(m.phone), text: m.text })),
      from: first.from ?? ESKIZ_DEFAULT_SENDER,
      dispatch_id: dispatchOf(first.ref),
      ...(first.callbackUrl ? { callback_url: first.callbackUrl } : {}),
    };
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) };
    // A send that timed out is not repeated: Eskiz may have taken it, and a second call would send it twice.
    const answer = await this.call('send-batch', ESKIZ_PATHS.sendBatch, init, false);
    if (answer.status === 400 || answer.status === 422) throw refusal(answer);
    const sent = eskizSendAnswerSchema.safeParse(answer.status === 200 ? answer.body : undefined);
    if (!sent.success) throw new SmsProviderUnavailableError(`send-batch: status ${answer.status}`);
    const { id, status } = sent.data;
    return chunk.map((m, i) => ({
      ref: m.ref,
      providerMessageId: eskizMessageId(id, m.ref),
      state: stateOf(ESKIZ_STATES, (Array.isArray(status) ? status[i] : status) ?? 'waiting'),
    }));
  }

  /** A call with the account's token; a refused token is replaced once, then the credentials are at fault. */
  private async call(name: string, path: string, init: RequestInit, retryTimeout: boolean): Promise<Answer> {
    const bearer = (token: string) => ({ ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
    const token = await this.tokens.token(this.tokenKey, this.source);
    let answer = await this.exchange(name, path, bearer(token), retryTimeout);
    if (answer.status === 401) {
      const renewed = await this.tokens.token(this.tokenKey, this.source, token);
      answer = await this.exchange(name, path, bearer(renewed), retryTimeout);
    }
    if (answer.status === 401 || answer.status === 403) throw new SmsCredentialsRejectedError();
    return answer;
  }

  /** Log-in (multipart, as Eskiz documents it). The password is sent here only, and only in the body. */
  private async logIn(): Promise<IssuedToken> {
    const form = new FormData();
    form.set('email', this.credentials.email);
    form.set('password', this.credentials.password);
    const answer = await this.exchange('log-in', ESKIZ_PATHS.login, { method: 'POST', body: form }, true);
    if ([400, 401, 403, 422].includes(answer.status)) throw new SmsCredentialsRejectedError();
    return issued('log-in', answer);
  }

  private async refresh(current: string): Promise<IssuedToken> {
    const init = { method: 'PATCH', headers: { authorization: `Bearer ${current}` } };
    return issued('refresh', await this.exchange('refresh', ESKIZ_PATHS.refresh, init, true));
  }

  /** One exchange; Eskiz down or answering 5xx after the retry is unavailable. */
  private async exchange(name: string, path: string, init: RequestInit, retryTimeout: boolean): Promise<Answer> {
    try {
      const answer = await exchange(this.http, { name, path, init, retryTimeout });
      if (RETRYABLE_STATUSES.has(answer.status))
        throw new SmsProviderUnavailableError(`${name}: status ${answer.status}`);
      return answer;
    } catch (err) {
      if (err instanceof NoAnswerError) throw new SmsProviderUnavailableError(`${name}: ${err.reason}`);
      throw err;
    }
  }
}

/**
 * The dispatch id a message is sent under. Eskiz lists a batch's messages only by dispatch id, and its
 * callback does not carry that id; so it is derived from the message's own ref (one dispatch per 200
 * consecutive refs): any message's dispatch is then known from its id alone, and a dispatch never lists more
 * than 200 of our messages. A ref that is not a number (never ours, but possible) gets a hash-based one.
 */
export function dispatchOf(ref: string): number {
  if (/^\d{1,15}$/.test(ref)) return Math.floor(Number(ref) / ESKIZ_BATCH_LIMIT);
  return 10 ** 13 + (createHash('sha256').update(ref).digest().readUInt32BE(0) % 1_000_000);
}

function issued(name: string, answer: Answer): IssuedToken {
  const token = eskizTokenAnswerSchema.safeParse(answer.status === 200 ? answer.body : undefined);
  if (!token.success) throw new SmsProviderUnavailableError(`${name}: status ${answer.status}`);
  return { value: token.data.data.token, expiresAt: expiryOf(token.data.data.token) };
}

/** Eskiz's reason, as it gave it (a sentence, or Laravel's field errors). */
function refusal(answer: Answer): SmsRefusedError {
  const error = eskizErrorSchema.safeParse(answer.body);
  const said = error.success ? error.data.message : undefined;
  const reason = typeof said === 'string' ? said : said === undefined ? '' : JSON.stringify(said);
  return new SmsRefusedError(
    (reason || `Eskiz refused the message (status ${answer.status})`).slice(0, 500),
    (error.success ? error.data.code : undefined) ?? String(answer.status),
  );
}
