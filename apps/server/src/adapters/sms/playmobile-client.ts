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
import {
  PLAYMOBILE_BATCH_LIMIT,
  PLAYMOBILE_ERROR,
  PLAYMOBILE_PATHS,
  type PlayMobileSendRequest,
  playMobileErrorSchema,
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

/** A Play Mobile (smsxabar.uz) broker account and the sender name it was given. */
export interface PlayMobileCredentials {
  username: string;
  password: string;
  /** The default sender (alpha name or short number) of the account's messages. */
  originator: string;
}

/**
 * Play Mobile behind SmsProvider: Basic authentication on every call, no token. It knows a message by the
 * message-id we give it (our ref), so that is the provider message id too. Its delivery reports are pushed to
 * an address set on the account, not per message (an OutgoingSms's callbackUrl is not sent), and it has no
 * status poll or balance call that we could find (protocol.ts).
 */
export class PlayMobileClient implements SmsProvider {
  readonly name = 'playmobile';
  private readonly http: ExchangeSettings;
  private readonly authorization: string;

  constructor(
    private readonly credentials: PlayMobileCredentials,
    settings: HttpSettings,
  ) {
    this.http = exchangeSettings('playmobile', settings);
    const pair = `${credentials.username}:${credentials.password}`;
    this.authorization = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  }

  async send(message: OutgoingSms): Promise<SentSms> {
    if (!isDialable(message.phone)) throw new SmsRefusedError('The number cannot be dialled', 'invalid_phone');
    return (await this.sendChunk([message]))[0] as SentSms;
  }

  sendBatch(messages: readonly OutgoingSms[]): Promise<SentSms[]> {
    // Each message carries its own sender, so any messages may share a call.
    return sendInChunks(messages, {
      limit: PLAYMOBILE_BATCH_LIMIT,
      keyOf: () => '',
      sendChunk: (c) => this.sendChunk(c),
    });
  }

  /** Play Mobile pushes its reports (parseDeliveryCallback); there is nothing to poll. */
  async fetchStatus(_providerMessageIds: readonly string[]): Promise<SmsStatus[]> {
    return [];
  }

  async balance(): Promise<{ balance: number | null }> {
    return { balance: null };
  }

  private async sendChunk(chunk: OutgoingSms[]): Promise<SentSms[]> {
    const request: PlayMobileSendRequest = {
      messages: chunk.map((m) => ({
        recipient: m.phone,
        'message-id': m.ref,
        sms: { originator: m.from ?? this.credentials.originator, content: { text: m.text } },
      })),
    };
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: this.authorization },
      body: JSON.stringify(request),
    };
    // A send that timed out is not repeated: Play Mobile may have taken it, and a second call would send it twice.
    const answer = await this.exchange(init);
    if (answer.status === 401 || answer.status === 403) throw new SmsCredentialsRejectedError();
    if (answer.status === 400) throw refusal(answer);
    if (answer.status < 200 || answer.status > 299)
      throw new SmsProviderUnavailableError(`send: status ${answer.status}`);
    return chunk.map((m) => ({ ref: m.ref, providerMessageId: m.ref, state: 'stored' }));
  }

  private async exchange(init: RequestInit): Promise<Answer> {
    try {
      const answer = await exchange(this.http, {
        name: 'send',
        path: PLAYMOBILE_PATHS.send,
        init,
        retryTimeout: false,
      });
      if (RETRYABLE_STATUSES.has(answer.status)) throw new SmsProviderUnavailableError(`send: status ${answer.status}`);
      return answer;
    } catch (err) {
      if (err instanceof NoAnswerError) throw new SmsProviderUnavailableError(`send: ${err.reason}`);
      throw err;
    }
  }
}

/**
 * What a 400 means. "Too many message ids" is a refusal too: the chunk is then sent message by message
 * (batching.ts), which gets the messages out even if PLAYMOBILE_BATCH_LIMIT is above Play Mobile's.
 */
function refusal(answer: Answer): Error {
  const error = playMobileErrorSchema.safeParse(answer.body);
  const { code, description } = error.success ? error.data : { code: '', description: '' };
  if (code === PLAYMOBILE_ERROR.internal) return new SmsProviderUnavailableError('send: internal error');
  if (code === PLAYMOBILE_ERROR.accountLocked)
    return new SmsCredentialsRejectedError('The Play Mobile account is locked');
  return new SmsRefusedError(description || `Play Mobile refused the message (code ${code || '?'})`, code || '400');
}
