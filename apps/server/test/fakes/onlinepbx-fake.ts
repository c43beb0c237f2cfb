import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { AUTH_HEADER, ONLINEPBX_PATHS } from '../../src/adapters/onlinepbx/protocol.js';
import { type FakeRequest, readFields, sendJson, startFakeServer } from './fake-server.js';

/**
 * A local OnlinePBX: speaks its HTTP API as src/adapters/onlinepbx/protocol.ts describes it (form-encoded POSTs
 * under /{domain}/, auth.json trading the API key for a session key, the `x-pbx-authentication` header, the
 * extensions, the call history by period and numbers, a recording's short-lived address, the transfer), on
 * loopback and a free port. Tests give it accounts (domain → API key), extensions and calls.
 */

export interface FakePbxExtension {
  num: string;
  name: string;
  /** The browser password; null: not allowed to call from a browser. */
  webrtc: string | null;
}

export interface FakePbxCall {
  uuid: string;
  caller_id_number: string;
  destination_number: string;
  start_stamp: number;
  duration: number;
  user_talk_time: number;
  accountcode: 'inbound' | 'outbound';
  /** The recording's bytes (served at the address the download answers); none: not recorded. */
  record?: Buffer;
}

export interface OnlinePbxFakeAccount {
  authKey: string;
  extensions: FakePbxExtension[];
  calls: FakePbxCall[];
}

export interface OnlinePbxFake {
  url: string;
  requests: FakeRequest[];
  accounts: Map<string, OnlinePbxFakeAccount>;
  transfers: { domain: string; call_id: string; destination: string }[];
  /** Forgets the session keys handed out, as when they expire. */
  expireKeys(): void;
  failNext(times: number, status?: number): void;
  stop(): Promise<void>;
}

export async function startOnlinePbxFake(options: {
  accounts: Record<string, OnlinePbxFakeAccount>;
  port?: number;
}): Promise<OnlinePbxFake> {
  const accounts = new Map(Object.entries(options.accounts));
  const sessions = new Map<string, string>();
  const transfers: OnlinePbxFake['transfers'] = [];
  const records = new Map<string, Buffer>();
  const refuse = (res: ServerResponse, comment: string) => sendJson(res, 200, { status: '0', comment });
  const ok = (res: ServerResponse, data: unknown) => sendJson(res, 200, { status: '1', data });
  let url = '';

  const handle = async (request: FakeRequest, res: ServerResponse) => {
    if (request.path.startsWith('/records/')) {
      const bytes = records.get(request.path.slice('/records/'.length));
      if (!bytes) return sendJson(res, 404, { status: '0', comment: 'Not found' });
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': bytes.length });
      return void res.end(bytes);
    }
    const [, domain = '', ...rest] = request.path.split('/');
    const path = rest.join('/');
    const account = accounts.get(domain);
    if (!account || request.method !== 'POST') return sendJson(res, 404, { status: '0', comment: 'Domain not found' });
    const form = await readFields(request);
    if (path === ONLINEPBX_PATHS.auth) {
      if (form.auth_key !== account.authKey) return refuse(res, 'Invalid auth key');
      const key = { key_id: randomBytes(8).toString('hex'), key: randomBytes(16).toString('hex') };
      sessions.set(`${key.key_id}:${key.key}`, domain);
      return ok(res, key);
    }
    const header = request.headers[AUTH_HEADER];
    if (typeof header !== 'string' || sessions.get(header) !== domain) {
      return sendJson(res, 401, { status: '0', comment: 'Authentication failed', errorCode: 'API_KEY_CHECK_FAILED' });
    }
    if (path === ONLINEPBX_PATHS.users) {
      return ok(
        res,
        account.extensions.map((e) => ({ num: e.num, name: e.name, webrtc: e.webrtc ?? false })),
      );
    }
    if (path === ONLINEPBX_PATHS.history) {
      if (form.uuid) {
        const call = account.calls.find((c) => c.uuid === form.uuid);
        if (!call) return ok(res, []);
        if (form.download !== '1') return ok(res, [withoutBytes(call)]);
        if (!call.record) return refuse(res, 'Record not found');
        const token = randomBytes(12).toString('hex');
        records.set(token, call.record);
        return ok(res, `${url}/records/${token}`);
      }
      const from = Number(form.start_stamp_from ?? 0);
      const till = Number(form.start_stamp_to ?? Number.MAX_SAFE_INTEGER);
      const numbers = form.phone_numbers ? new Set(form.phone_numbers.split(',')) : null;
      const found = account.calls.filter(
        (c) =>
          c.start_stamp >= from &&
          c.start_stamp <= till &&
          (!numbers || numbers.has(c.caller_id_number) || numbers.has(c.destination_number)),
      );
      return ok(res, found.map(withoutBytes));
    }
    if (path === ONLINEPBX_PATHS.transfer) {
      if (!form.call_id || !form.destination) return refuse(res, 'call_id and destination are required');
      transfers.push({ domain, call_id: form.call_id, destination: form.destination });
      return ok(res, null);
    }
    return sendJson(res, 404, { status: '0', comment: 'Method not found' });
  };

  const server = await startFakeServer({
    port: options.port,
    failureBody: (status) => ({ status: '0', comment: `HTTP ${status}` }),
    handle,
  });
  url = server.url;
  return {
    url: server.url,
    requests: server.requests,
    accounts,
    transfers,
    expireKeys: () => sessions.clear(),
    failNext: server.failNext,
    stop: server.stop,
  };
}

function withoutBytes({ record, ...call }: FakePbxCall) {
  return { ...call, record: record ? 1 : 0 };
}
