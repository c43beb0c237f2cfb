import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  ESKIZ_DEFAULT_SENDER,
  ESKIZ_PATHS,
  type EskizCallback,
  eskizBatchRequestSchema,
} from '../../src/adapters/sms/protocol.js';
import { type FakeRequest, postJson, readFields, sendJson, startFakeServer } from './fake-server.js';

/**
 * A local Eskiz: speaks its HTTP protocol as src/adapters/sms/protocol.ts describes it (multipart log-in
 * answering a JWT, Bearer calls, send and send-batch, status by id, the dispatch listing, the balance, the
 * delivery callback), on loopback and a free port under /api, like https://notify.eskiz.uz/api. It keeps every
 * message with an id and a status word; deliver() changes the word and posts Eskiz's callback when the
 * message had a callback_url. A batch is indexed as it arrives, so 10,000 messages go through in a moment.
 */

export interface EskizFakeOptions {
  email: string;
  password: string;
  /** Lifetime of the tokens it issues (their JWT `exp`); default Eskiz's 30 days. */
  tokenSeconds?: number;
  balance?: number;
  /** Numbers the operators refuse (blacklisted). A batch holding one is refused whole, as assumed of Eskiz. */
  refusedPhones?: string[];
  /** Messages a page of a listing; Laravel's default 20. */
  pageSize?: number;
  /** A fixed port; default a free one. */
  port?: number;
}

export interface EskizFakeMessage {
  /** Eskiz's own numeric id. */
  id: number;
  /** The id the send answered (shared by a batch's messages). */
  requestId: string;
  dispatchId: string | null;
  userSmsId: string | null;
  to: string;
  text: string;
  from: string;
  callbackUrl: string | null;
  /** Eskiz's word: 'waiting' at first, then what deliver() sets. */
  status: string;
}

export interface EskizFake {
  url: string;
  requests: FakeRequest[];
  messages: EskizFakeMessage[];
  /** Callbacks posted: where, what, and the receiver's answer (0: none). */
  callbacks: { url: string; body: EskizFakeCallback; status: number }[];
  failNext(times: number, status?: number): void;
  setDelay(ms: number): void;
  /** Forgets every token issued, as when Eskiz revokes them. */
  revokeTokens(): void;
  /** Sets the word of the messages with this user_sms_id, request id or Eskiz id; posts their callbacks. */
  deliver(key: string | number, status: string): Promise<void>;
  stop(): Promise<void>;
}

/** Eskiz's callback body: the fields the adapter reads, and two it does not. */
export type EskizFakeCallback = EskizCallback & { country: string; sms_count: string };

const UZBEK_MOBILE = /^998\d{9}$/;

export async function startEskizFake(options: EskizFakeOptions): Promise<EskizFake> {
  const tokens = new Map<string, number>();
  const messages: EskizFakeMessage[] = [];
  const index = {
    byId: new Map<number, EskizFakeMessage>(),
    byRequest: new Map<string, EskizFakeMessage[]>(),
    byUserSmsId: new Map<string, EskizFakeMessage[]>(),
    byDispatch: new Map<string, EskizFakeMessage[]>(),
  };
  const refused = new Set(options.refusedPhones ?? []);
  const pageSize = options.pageSize ?? 20;
  const callbacks: EskizFake['callbacks'] = [];

  const issueToken = () => {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + (options.tokenSeconds ?? 30 * 86_400);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp, iat: now, role: 'user', sub: '1' })}.${randomBytes(16).toString('base64url')}`;
    tokens.set(token, exp * 1000);
    return { message: 'token_generated', data: { token }, token_type: 'bearer' };
  };
  const authorized = (request: FakeRequest) => {
    const token = request.authorization?.match(/^Bearer (\S+)$/)?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  };
  const add = <K>(map: Map<K, EskizFakeMessage[]>, key: K | null, message: EskizFakeMessage) => {
    if (key === null) return;
    const list = map.get(key);
    if (list) list.push(message);
    else map.set(key, [message]);
  };
  const store = (fields: Omit<EskizFakeMessage, 'id' | 'status'>) => {
    const message: EskizFakeMessage = { ...fields, id: messages.length + 1, status: 'waiting' };
    messages.push(message);
    index.byId.set(message.id, message);
    add(index.byRequest, message.requestId, message);
    add(index.byUserSmsId, message.userSmsId, message);
    add(index.byDispatch, message.dispatchId, message);
  };
  const phoneRefusal = (phone: string) =>
    UZBEK_MOBILE.test(phone) && !refused.has(phone)
      ? null
      : { status: 'error', message: `Invalid phone number: ${phone}` };

  const handle = async (request: FakeRequest, res: ServerResponse) => {
    const { method, path } = request;
    if (method === 'POST' && path === ESKIZ_PATHS.login) {
      const fields = await readFields(request);
      if (fields.email !== options.email || fields.password !== options.password) {
        return sendJson(res, 401, { message: 'Incorrect email or password', status: 'error' });
      }
      return sendJson(res, 200, issueToken());
    }
    if (!authorized(request)) return sendJson(res, 401, { message: 'Expired token', status: 'token-invalid' });
    if (method === 'PATCH' && path === ESKIZ_PATHS.refresh) return sendJson(res, 200, issueToken());
    if (method === 'GET' && path === ESKIZ_PATHS.limit) {
      return sendJson(res, 200, { status: 'success', data: { balance: options.balance ?? 0 } });
    }
    if (method === 'POST' && path === ESKIZ_PATHS.send) {
      const fields = await readFields(request);
      const phone = fields.mobile_phone ?? '';
      const refusal = fields.message ? phoneRefusal(phone) : { status: 'error', message: 'Message is empty' };
      if (refusal) return sendJson(res, 400, refusal);
      const requestId = randomUUID();
      store({
        requestId,
        dispatchId: null,
        userSmsId: fields.user_sms_id ?? null,
        to: phone,
        text: fields.message ?? '',
        from: fields.from ?? ESKIZ_DEFAULT_SENDER,
        callbackUrl: fields.callback_url || null,
      });
      return sendJson(res, 200, { id: requestId, message: 'Waiting for SMS provider', status: 'waiting' });
    }
    if (method === 'POST' && path === ESKIZ_PATHS.sendBatch) {
      let raw: unknown;
      try {
        raw = JSON.parse(request.body);
      } catch {
        raw = undefined;
      }
      const batch = eskizBatchRequestSchema.safeParse(raw);
      if (!batch.success) return sendJson(res, 422, { message: { messages: ['The messages field is required.'] } });
      for (const m of batch.data.messages) {
        const refusal = phoneRefusal(m.to);
        if (refusal) return sendJson(res, 400, refusal);
      }
      const requestId = randomUUID();
      for (const m of batch.data.messages) {
        store({
          requestId,
          dispatchId: batch.data.dispatch_id ?? null,
          userSmsId: m.user_sms_id,
          to: m.to,
          text: m.text,
          from: batch.data.from ?? ESKIZ_DEFAULT_SENDER,
          callbackUrl: batch.data.callback_url || null,
        });
      }
      const status = batch.data.messages.map(() => 'waiting');
      return sendJson(res, 200, { id: requestId, message: 'Waiting for SMS provider', status });
    }
    if (method === 'GET' && path.startsWith(`${ESKIZ_PATHS.statusById}/`)) {
      const key = decodeURIComponent(path.slice(ESKIZ_PATHS.statusById.length + 1));
      const message = /^\d+$/.test(key) ? index.byId.get(Number(key)) : index.byRequest.get(key)?.[0];
      if (!message) return sendJson(res, 404, { status: 'error', message: 'SMS not found' });
      return sendJson(res, 200, { status: 'success', data: messageItem(message), id: null });
    }
    if (method === 'POST' && path === ESKIZ_PATHS.messagesByDispatch) {
      const fields = await readFields(request);
      const all = index.byDispatch.get(fields.dispatch_id ?? '') ?? [];
      const lastPage = Math.max(1, Math.ceil(all.length / pageSize));
      const page = Math.min(Math.max(1, Number(request.query.page ?? fields.page ?? 1)), lastPage);
      const result = all.slice((page - 1) * pageSize, page * pageSize).map(messageItem);
      return sendJson(res, 200, {
        status: 'success',
        data: { current_page: page, last_page: lastPage, per_page: pageSize, total: all.length, result },
      });
    }
    return sendJson(res, 404, { status: 'error', message: 'Not found' });
  };

  const server = await startFakeServer({
    prefix: '/api',
    port: options.port,
    failureBody: (status) => ({ status: 'error', message: `Server error ${status}` }),
    handle,
  });

  return {
    url: server.url,
    requests: server.requests,
    messages,
    callbacks,
    failNext: server.failNext,
    setDelay: server.setDelay,
    stop: server.stop,
    revokeTokens: () => tokens.clear(),
    async deliver(key, status) {
      const found =
        index.byUserSmsId.get(String(key)) ??
        index.byRequest.get(String(key)) ??
        (typeof key === 'number' || /^\d+$/.test(key) ? [index.byId.get(Number(key))] : []);
      const delivered = found.filter((m): m is EskizFakeMessage => m !== undefined);
      if (!delivered.length) throw new Error(`The Eskiz fake has no message ${key}`);
      for (const message of delivered) {
        message.status = status;
        if (!message.callbackUrl) continue;
        const body = callbackOf(message);
        callbacks.push({ url: message.callbackUrl, body, status: await postJson(message.callbackUrl, body) });
      }
    },
  };
}

/** Eskiz's delivery callback of one message. */
function callbackOf(message: EskizFakeMessage): EskizFakeCallback {
  return {
    request_id: message.requestId,
    message_id: String(message.id),
    user_sms_id: message.userSmsId ?? '',
    country: 'UZ',
    phone_number: message.to,
    sms_count: '1',
    status: message.status,
    status_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
  };
}

/** One message as Eskiz lists it (MessageItem). */
function messageItem(message: EskizFakeMessage) {
  return {
    id: message.id,
    user_id: 1,
    country_id: null,
    connection_id: 1,
    smsc_id: 1,
    dispatch_id: message.dispatchId,
    user_sms_id: message.userSmsId,
    request_id: message.requestId,
    price: 50,
    is_ad: false,
    nick: message.from,
    to: message.to,
    message: message.text,
    encoding: 0,
    parts_count: 1,
    status: message.status,
  };
}
