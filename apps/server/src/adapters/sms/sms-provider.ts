import {
  ESKIZ_STATES,
  eskizCallbackSchema,
  eskizMessageId,
  PLAYMOBILE_STATES,
  playMobileReportSchema,
  stateOf,
} from './protocol.js';

/**
 * What the product asks of an SMS operator, in our words. Each operator's client speaks its protocol behind
 * this interface (eskiz-client.ts, playmobile-client.ts; provider-factory.ts builds the right one); a module
 * never sees an operator's URL, token or field name.
 */

export type SmsProviderName = 'eskiz' | 'playmobile';

/** Spec §4 delivery states; the provider's own words are mapped onto these (protocol.ts has the tables). */
export type SmsDeliveryState = 'not_delivered' | 'delivered' | 'accepted' | 'failed' | 'rejected' | 'stored' | 'error';

export interface OutgoingSms {
  /** Our message id (string of our sms_messages.id): Eskiz user_sms_id / Play Mobile message-id. */
  ref: string;
  /** Digits only, international without '+', e.g. 998901234567. */
  phone: string;
  text: string;
  /** Sender (alpha) name; undefined: the account's default ("4546" for Eskiz). */
  from?: string;
  /** Delivery-report URL for this message (Eskiz callback_url); undefined: none. */
  callbackUrl?: string;
}

export interface SentSms {
  ref: string;
  /**
   * How the provider's status reports name this message: what fetchStatus takes and what
   * parseDeliveryCallback answers. null: the message was refused and never sent (state 'rejected').
   */
  providerMessageId: string | null;
  state: SmsDeliveryState;
}

export interface SmsStatus {
  providerMessageId: string;
  state: SmsDeliveryState;
}

export interface SmsProvider {
  readonly name: SmsProviderName;
  /** Throws SmsRefusedError when the provider refuses this message. */
  send(message: OutgoingSms): Promise<SentSms>;
  /**
   * Many messages in as few calls as the provider allows (Eskiz send-batch, Play Mobile's messages array), in
   * chunks the provider accepts. A message the provider refuses comes back 'rejected' (its chunk-mates are
   * still sent); only a provider or account failure throws.
   */
  sendBatch(messages: readonly OutgoingSms[]): Promise<SentSms[]>;
  /** Polls the states of sent messages; an id the provider does not know is left out of the answer. */
  fetchStatus(providerMessageIds: readonly string[]): Promise<SmsStatus[]>;
  /** What the account has left, when the provider tells (Eskiz: balance); null when it does not. */
  balance(): Promise<{ balance: number | null }>;
}

/** The provider is down or answered 5xx/timeout after the retry: the caller's job retries later. */
export class SmsProviderUnavailableError extends Error {
  constructor(readonly reason = 'unavailable') {
    super(`SMS provider unavailable: ${reason}`);
  }
}

/** The provider refused the credentials (after one token renewal): not retried; the company must fix its settings. */
export class SmsCredentialsRejectedError extends Error {
  constructor(message = 'The SMS provider refused the credentials') {
    super(message);
  }
}

/** The provider refused this message (bad number, text, sender): not retried; the message's state becomes 'rejected'. */
export class SmsRefusedError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
  }
}

/** Parses a provider's delivery callback body into states (Eskiz posts one per message); throws on a body that is not one. */
export function parseDeliveryCallback(provider: SmsProviderName, body: unknown): SmsStatus[] {
  if (provider === 'eskiz') {
    const report = eskizCallbackSchema.safeParse(body);
    if (!report.success) throw new Error('Not an Eskiz delivery report');
    const { request_id, user_sms_id, status } = report.data;
    return [{ providerMessageId: eskizMessageId(request_id, user_sms_id), state: stateOf(ESKIZ_STATES, status) }];
  }
  const reports = playMobileReportSchema.safeParse(body);
  if (!reports.success) throw new Error('Not a Play Mobile delivery report');
  return reports.data.map((r) => ({ providerMessageId: r.messageId, state: stateOf(PLAYMOBILE_STATES, r.status) }));
}
