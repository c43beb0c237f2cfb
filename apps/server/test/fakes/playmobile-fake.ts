import type { ServerResponse } from 'node:http';
import {
  PLAYMOBILE_BATCH_LIMIT,
  PLAYMOBILE_ERROR,
  PLAYMOBILE_PATHS,
  playMobileSendSchema,
} from '../../src/adapters/sms/protocol.js';
import { type FakeRequest, postJson, sendJson, startFakeServer } from './fake-server.js';

/**
 * A local Play Mobile broker (send.smsxabar.uz): Basic authentication, `POST /broker-api/send` with its
 * messages array, 200 when taken and 400 with `{ error_code, error_description }` otherwise, as
 * src/adapters/sms/protocol.ts describes it. deliver() changes a message's status and pushes a report to the
 * account's status address, in the shape protocol.ts assumes (Play Mobile's own could not be read).
 */

export interface PlayMobileFakeOptions {
  username: string;
  password: string;
  /** The account's status address (set in Play Mobile's cabinet, not per message); none: no reports pushed. */
  statusUrl?: string;
  /** Numbers the operators refuse. A request holding one is refused whole. */
  refusedPhones?: string[];
  /** Messages a request may carry; more is error 105. */
  batchLimit?: number;
}

export interface PlayMobileFakeMessage {
  messageId: string;
  recipient: string;
  originator: string;
  text: string;
  status: string;
}

export interface PlayMobileFake {
  url: string;
  requests: FakeRequest[];
  messages: PlayMobileFakeMessage[];
  /** Reports pushed: the body, and the receiver's answer (0: none). */
  reports: { body: unknown; status: number }[];
  failNext(times: number, status?: number): void;
  setDelay(ms: number): void;
  deliver(messageId: string, status: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startPlayMobileFake(options: PlayMobileFakeOptions): Promise<PlayMobileFake> {
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const refused = new Set(options.refusedPhones ?? []);
  const messages: PlayMobileFakeMessage[] = [];
  const byId = new Map<string, PlayMobileFakeMessage>();
  const reports: PlayMobileFake['reports'] = [];

  const refuse = (res: ServerResponse, code: string, description: string) =>
    sendJson(res, 400, { error_code: code, error_description: description });

  const handle = (request: FakeRequest, res: ServerResponse) => {
    if (request.path !== PLAYMOBILE_PATHS.send || request.method !== 'POST') {
      return sendJson(res, 404, { error_code: '404', error_description: 'Not found' });
    }
    if (request.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="broker"' }).end();
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(request.body);
    } catch {
      raw = undefined;
    }
    const parsed = playMobileSendSchema.safeParse(raw);
    if (!parsed.success || !parsed.data.messages.length) return refuse(res, PLAYMOBILE_ERROR.syntax, 'Syntax error');
    if (parsed.data.messages.length > (options.batchLimit ?? PLAYMOBILE_BATCH_LIMIT)) {
      return refuse(res, PLAYMOBILE_ERROR.tooManyIds, 'Too much IDs');
    }
    const taken: PlayMobileFakeMessage[] = [];
    for (const m of parsed.data.messages) {
      const recipient = m.recipient ?? '';
      if (!/^998\d{9}$/.test(recipient) || refused.has(recipient)) {
        return refuse(res, PLAYMOBILE_ERROR.emptyRecipient, `Invalid recipient ${recipient}`);
      }
      if (!m['message-id']) return refuse(res, PLAYMOBILE_ERROR.emptyMessageId, 'Empty message-id');
      if (!m.sms?.originator) return refuse(res, PLAYMOBILE_ERROR.emptyOriginator, 'Empty originator');
      if (!m.sms.content?.text) return refuse(res, PLAYMOBILE_ERROR.emptyContent, 'Empty content');
      taken.push({
        messageId: m['message-id'],
        recipient,
        originator: m.sms.originator,
        text: m.sms.content.text,
        status: 'Stored',
      });
    }
    for (const message of taken) {
      messages.push(message);
      byId.set(message.messageId, message);
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=UTF-8' });
    res.end('Request is received');
  };

  const server = await startFakeServer({
    failureBody: (status) => ({ error_code: PLAYMOBILE_ERROR.internal, error_description: `Server error ${status}` }),
    handle,
  });

  return {
    url: server.url,
    requests: server.requests,
    messages,
    reports,
    failNext: server.failNext,
    setDelay: server.setDelay,
    stop: server.stop,
    async deliver(messageId, status) {
      const message = byId.get(messageId);
      if (!message) throw new Error(`The Play Mobile fake has no message ${messageId}`);
      message.status = status;
      if (!options.statusUrl) return;
      const body = { messages: [{ 'message-id': messageId, status, 'status-date': new Date().toISOString() }] };
      reports.push({ body, status: await postJson(options.statusUrl, body) });
    },
  };
}
