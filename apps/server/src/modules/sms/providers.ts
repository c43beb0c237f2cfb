import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createSmsProvider } from '../../adapters/sms/provider-factory.js';
import type { OutgoingSms, SentSms, SmsProvider, SmsStatus } from '../../adapters/sms/sms-provider.js';
import type { SmsAccount } from './account.js';

/** The operator a company's messages go through, and how it is named in the log. */
export interface CompanySender {
  provider: SmsProvider | LogSmsProvider;
  /** 'eskiz' | 'playmobile' | 'log' */
  name: string;
  /** The sender (alpha) name its messages carry by default. */
  sender: string | null;
}

/**
 * The shared sender of a server without an SMS operator (SMS_PROVIDER=log, the default on a laptop and in
 * the demo): a message is written to the server's log — the phone masked — and stays 'accepted', since it
 * never reaches a phone. The /sms page says so, so nobody takes it for delivery.
 */
export class LogSmsProvider {
  readonly name = 'log';
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: OutgoingSms): Promise<SentSms> {
    const [sent] = await this.sendBatch([message]);
    return sent as SentSms;
  }

  async sendBatch(messages: readonly OutgoingSms[]): Promise<SentSms[]> {
    for (const m of messages) {
      this.log.info(
        { sms: { ref: m.ref, to: `${m.phone.slice(0, 5)}****${m.phone.slice(-2)}`, from: m.from } },
        'SMS (log only, not sent)',
      );
    }
    return messages.map((m) => ({ ref: m.ref, providerMessageId: `log-${m.ref}`, state: 'accepted' }));
  }

  async fetchStatus(ids: readonly string[]): Promise<SmsStatus[]> {
    return ids.map((providerMessageId) => ({ providerMessageId, state: 'accepted' }));
  }

  async balance() {
    return { balance: null };
  }
}

/** The company's own operator when it connected one, else the platform's shared sender (config). */
export function senderFor(app: FastifyInstance, account: SmsAccount): CompanySender {
  const config = app.messaging;
  if (account.ownProvider === 'eskiz' || account.ownProvider === 'playmobile') {
    const baseUrl = account.ownProvider === 'eskiz' ? config.eskizApiUrl : config.playmobileApiUrl;
    return {
      provider: createSmsProvider(account.ownProvider, account.ownCredentials, baseUrl),
      name: account.ownProvider,
      sender: account.sender,
    };
  }
  return sharedSender(app, account.sender);
}

/**
 * The platform's shared operator (config), carrying `sender` or the platform's own name: the sender of every
 * company without its own operator, and of the service's own messages (sign-up and recovery codes).
 */
export function sharedSender(app: FastifyInstance, sender: string | null = null): CompanySender {
  const shared = app.messaging.sms;
  if (shared.provider === 'log') return { provider: new LogSmsProvider(app.log), name: 'log', sender: shared.sender };
  const credentials =
    shared.provider === 'eskiz'
      ? { email: shared.email, password: shared.password }
      : { username: shared.username, password: shared.password, originator: shared.sender };
  return {
    provider: createSmsProvider(shared.provider, credentials, shared.baseUrl),
    name: shared.provider,
    sender: sender ?? shared.sender,
  };
}
