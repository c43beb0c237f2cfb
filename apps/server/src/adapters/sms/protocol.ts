import { z } from 'zod';
import type { SmsDeliveryState } from './sms-provider.js';

/**
 * The SMS operators' HTTP protocols as far as they are known. The clients and the test fakes
 * (test/fakes/eskiz-fake.ts, playmobile-fake.ts) both read this file, so a correction against the real
 * service is made here once.
 *
 * Eskiz (notify.eskiz.uz): its Postman documentation, read through the OpenAPI description generated from it
 * (github.com/iota-uz/eskiz, api/openapi.yaml) and community clients. Known: log-in by e-mail and password
 * (multipart) answering `data.token`, a JWT valid 30 days, renewed by `PATCH /auth/refresh`; Bearer calls;
 * `send-batch` takes `{ messages: [{ user_sms_id, to, text }], from, dispatch_id, callback_url }` and answers
 * one request id for the whole batch; `get-user-messages-by-dispatch` lists a dispatch's messages (Laravel
 * pages) with their `user_sms_id`, `request_id` and `status`; `user/get-limit` answers `data.balance`; the
 * delivery callback posts `{ request_id, message_id, user_sms_id, country, phone_number, sms_count, status,
 * status_date }` per message. Assumed: the body of a refusal (the clients seen read only its `message`), the
 * largest batch Eskiz takes, and that a batch with one bad number is refused as a whole.
 *
 * Play Mobile (send.smsxabar.uz, wiki.playmobile.uz "интеграция по HTTP"): Basic authentication, JSON,
 * `POST /broker-api/send` with `{ messages: [{ recipient, "message-id", sms: { originator, content: { text } } }] }`,
 * HTTP 200 when taken, 400 with an error code otherwise (codes below, from its documentation as public clients
 * copy it). Its statuses are pushed by Play Mobile to an address set on the account ("отправка статусов
 * сообщений"); the shape of that push could not be read, so `playMobileReportSchema` below is an assumption,
 * and no status poll or balance call was found.
 */

// ---------------------------------------------------------------------------------------------- states

/**
 * SMPP delivery-report words (what operators report per SMS part), shared by both providers.
 *   DELIVRD                    delivered to the phone                           → delivered
 *   ACCEPTD, ENROUTE           with the operator, no final report yet            → accepted
 *   UNDELIV, UNDELIVERABLE     the operator could not deliver (phone off, debt)  → not_delivered
 *   EXPIRED                    the phone stayed unreachable the whole validity   → not_delivered
 *   REJECTD                    the operator refused it (number blacklisted)      → rejected
 *   DELETED                    the request was wrong (e.g. an unknown sender)    → failed
 *   UNKNOWN                    the operator does not know                        → error
 */
const SMPP_STATES: Record<string, SmsDeliveryState> = {
  DELIVRD: 'delivered',
  ACCEPTD: 'accepted',
  ENROUTE: 'accepted',
  UNDELIV: 'not_delivered',
  UNDELIVERABLE: 'not_delivered',
  EXPIRED: 'not_delivered',
  REJECTD: 'rejected',
  DELETED: 'failed',
  UNKNOWN: 'error',
};

/**
 * Eskiz's message words on top of the SMPP ones (its documentation, tag "Отправка"):
 *   waiting (send answer), NEW   waiting at Eskiz to go to the operator           → stored
 *   STORED                       written to Eskiz's database (callbacks only)     → stored
 *   ACCEPTED, TRANSMTD           at least one part handed to the operator         → accepted
 *   PARTDELIVERED, DELIVERED     at least one part, or all, delivered             → delivered
 *   REJECTED                     refused, mostly a blacklisted number             → rejected
 * A word in neither table is reported as 'error' (and the message stays visible as such) rather than guessed.
 */
export const ESKIZ_STATES: Record<string, SmsDeliveryState> = {
  ...SMPP_STATES,
  WAITING: 'stored',
  NEW: 'stored',
  STORED: 'stored',
  ACCEPTED: 'accepted',
  TRANSMTD: 'accepted',
  PARTDELIVERED: 'delivered',
  DELIVERED: 'delivered',
  REJECTED: 'rejected',
};

/**
 * Play Mobile's words, assumed (see above): the SMPP ones, and the same in plain words. Spaces, dashes and
 * case are ignored ("Not delivered" = NOTDELIVERED).
 */
export const PLAYMOBILE_STATES: Record<string, SmsDeliveryState> = {
  ...SMPP_STATES,
  STORED: 'stored',
  QUEUED: 'stored',
  TRANSMITTED: 'accepted',
  ACCEPTED: 'accepted',
  DELIVERED: 'delivered',
  NOTDELIVERED: 'not_delivered',
  UNDELIVERED: 'not_delivered',
  REJECTED: 'rejected',
  FAILED: 'failed',
};

/** A provider's word in one of the tables above. */
export function stateOf(table: Record<string, SmsDeliveryState>, word: string): SmsDeliveryState {
  return table[word.toUpperCase().replace(/[^A-Z]/g, '')] ?? 'error';
}

// ----------------------------------------------------------------------------------------------- Eskiz

/** The production API; a server may be pointed elsewhere (ESKIZ_API_URL), the tests at the fake. */
export const ESKIZ_PRODUCTION_URL = 'https://notify.eskiz.uz/api';

export const ESKIZ_PATHS = {
  login: '/auth/login',
  refresh: '/auth/refresh',
  send: '/message/sms/send',
  sendBatch: '/message/sms/send-batch',
  /** Followed by `/{id}`: Eskiz's numeric message id, or a request id (then one of its messages). */
  statusById: '/message/sms/status_by_id',
  messagesByDispatch: '/message/sms/get-user-messages-by-dispatch',
  limit: '/user/get-limit',
} as const;

/** The sender of an account without its own alpha name. */
export const ESKIZ_DEFAULT_SENDER = '4546';
/** "Срок токена - 30 дней"; used when the token does not say (a JWT's `exp`). */
export const ESKIZ_TOKEN_DAYS = 30;
/** Assumed: Eskiz publishes no limit; 200 messages are ~40 KB of JSON, well inside any server's limits. */
export const ESKIZ_BATCH_LIMIT = 200;

const text = z.union([z.string(), z.number()]).transform(String);

export const eskizTokenAnswerSchema = z.object({ data: z.object({ token: z.string().min(1) }) });

export const eskizBatchRequestSchema = z.object({
  messages: z.array(z.object({ user_sms_id: text, to: text, text: z.string() })).min(1),
  from: z.string().optional(),
  dispatch_id: text.optional(),
  callback_url: z.string().optional(),
});
export type EskizBatchRequest = z.input<typeof eskizBatchRequestSchema>;

/** `send` answers `status: 'waiting'`; `send-batch` one word per message. */
export const eskizSendAnswerSchema = z.object({
  id: z.string().min(1),
  message: z.string().optional(),
  status: z.union([z.string(), z.array(z.string())]).optional(),
});

/** One message of a listing (Eskiz's MessageItem); only what is read. */
export const eskizMessageItemSchema = z.object({
  id: text,
  request_id: z.string().nullish(),
  user_sms_id: text.nullish(),
  dispatch_id: text.nullish(),
  status: z.string(),
});

/** A Laravel page: `data.result` (items), `data.current_page`, `data.last_page`; `?page=` in the query. */
export const eskizMessagesPageSchema = z.object({
  data: z.object({
    current_page: z.coerce.number().int(),
    last_page: z.coerce.number().int(),
    result: z.array(z.unknown()),
  }),
});

export const eskizLimitAnswerSchema = z.object({ data: z.object({ balance: z.coerce.number() }) });

/** The delivery callback: JSON, one message per request; a form post would carry the same fields as text. */
export const eskizCallbackSchema = z.object({
  request_id: z.string().min(1),
  message_id: text.optional(),
  user_sms_id: text.nullish(),
  phone_number: text.optional(),
  status: z.string().min(1),
  status_date: z.string().optional(),
});
export type EskizCallback = z.input<typeof eskizCallbackSchema>;

/** A refusal: `message` is what the clients seen read (sometimes an object of field errors). */
export const eskizErrorSchema = z.object({ message: z.unknown().optional(), code: text.optional() });

/**
 * Our id of an Eskiz message: the request id Eskiz answered and our `user_sms_id` (the ref). Both come back in
 * the delivery callback and in listings, so the callback, the listing and the send all name it the same way.
 */
export const eskizMessageId = (requestId: string, ref: string | null | undefined) =>
  ref ? `${requestId}:${ref}` : requestId;

export function readEskizMessageId(id: string): { requestId: string; ref: string } | null {
  const at = id.indexOf(':');
  return at > 0 && at < id.length - 1 ? { requestId: id.slice(0, at), ref: id.slice(at + 1) } : null;
}

// ----------------------------------------------------------------------------------------- Play Mobile

export const PLAYMOBILE_PRODUCTION_URL = 'https://send.smsxabar.uz';

export const PLAYMOBILE_PATHS = { send: '/broker-api/send' } as const;

/** Assumed: the documentation has an error for "too many message ids" (105) without saying how many. */
export const PLAYMOBILE_BATCH_LIMIT = 100;

export const playMobileSendSchema = z.object({
  messages: z.array(
    z.object({
      recipient: text.optional(),
      'message-id': text.optional(),
      sms: z
        .object({
          originator: z.string().optional(),
          content: z.object({ text: z.string().optional() }).optional(),
        })
        .optional(),
    }),
  ),
});
export type PlayMobileSendRequest = z.input<typeof playMobileSendSchema>;

/** The 400 body: `error_code`, `error_description` in the documentation, with dashes in one public client. */
export const playMobileErrorSchema = z
  .object({
    error_code: text.optional(),
    'error-code': text.optional(),
    error_description: z.string().optional(),
    'error-description': z.string().optional(),
  })
  .transform((e) => ({
    code: e.error_code ?? e['error-code'] ?? '',
    description: e.error_description ?? e['error-description'] ?? '',
  }));

/** The codes the adapter treats apart; every other code refuses the message (SmsRefusedError). */
export const PLAYMOBILE_ERROR = {
  internal: '100',
  syntax: '101',
  accountLocked: '102',
  tooManyIds: '105',
  emptyRecipient: '202',
  emptyMessageId: '205',
  emptyOriginator: '401',
  emptyContent: '404',
} as const;

/** Assumed shape of Play Mobile's status push: one report or `{ messages: [...] }`, keyed by our message-id. */
const playMobileReportItem = z
  .object({
    'message-id': text.optional(),
    message_id: text.optional(),
    status: z.string().min(1),
  })
  .transform((r) => ({ messageId: r['message-id'] ?? r.message_id ?? '', status: r.status }))
  .refine((r) => r.messageId !== '', 'message-id missing');
export const playMobileReportSchema = z.union([
  z.object({ messages: z.array(playMobileReportItem).min(1) }).transform((r) => r.messages),
  playMobileReportItem.transform((r) => [r]),
]);
