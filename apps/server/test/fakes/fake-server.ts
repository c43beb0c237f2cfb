import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fakes of outside systems share (eskiz-fake.ts, playmobile-fake.ts, telegram-fake.ts): a server on
 * loopback and a free port that records every request, and can be slowed down or made to fail on purpose.
 */

export interface FakeRequest {
  method: string;
  /** Without the fake's prefix (e.g. /api) and query. */
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  authorization: string | undefined;
  /** Every header, as Node reads them (lower-case names). */
  headers: IncomingMessage['headers'];
  /** As received: tests check what was sent, and that a secret went only where it should. */
  body: string;
}

export interface FakeServer {
  /** The base address, the prefix included: http://127.0.0.1:41234/api */
  url: string;
  requests: FakeRequest[];
  /** The next `times` requests answer `status` with the system's error body (an outage). */
  failNext(times: number, status?: number): void;
  /** Answer every request after this many milliseconds. */
  setDelay(ms: number): void;
  stop(): Promise<void>;
}

export async function startFakeServer(options: {
  prefix?: string;
  /** A fixed port (a fake the e2e server is configured with); default a free one. */
  port?: number;
  /** The system's body for a failure it is made to answer. */
  failureBody: (status: number) => unknown;
  handle: (request: FakeRequest, res: ServerResponse) => Promise<void> | void;
}): Promise<FakeServer> {
  const prefix = options.prefix ?? '';
  let failures = { times: 0, status: 500 };
  let delayMs = 0;
  const requests: FakeRequest[] = [];

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname,
      query: Object.fromEntries(url.searchParams),
      contentType: req.headers['content-type'],
      authorization: req.headers.authorization,
      headers: req.headers,
      body: await readBody(req),
    };
    requests.push(request);
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failures.times > 0) {
      failures.times--;
      return sendJson(res, failures.status, options.failureBody(failures.status));
    }
    await options.handle(request, res);
  };
  const server = createServer((req, res) => {
    serve(req, res).catch(() => sendJson(res, 500, options.failureBody(500)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    requests,
    failNext(times, status = 500) {
      failures = { times, status };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** A request's fields, whether it came as JSON, a form or multipart (values as text). */
export async function readFields(request: FakeRequest): Promise<Record<string, string>> {
  const type = request.contentType ?? '';
  if (type.includes('json')) {
    try {
      const parsed = JSON.parse(request.body) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  if (!type.includes('multipart/') && !type.includes('urlencoded')) return {};
  const form = await new Response(request.body, { headers: { 'content-type': type } }).formData();
  return Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
}

/** Posts a delivery report the way a provider does; answers the receiver's status (0: nobody answered). */
export async function postJson(url: string, body: unknown): Promise<number> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Stands in for our own server's delivery-report route: takes every post, answers 200, keeps the bodies. */
export async function startReportReceiver(): Promise<{ url: string; bodies(): unknown[]; stop(): Promise<void> }> {
  const server = await startFakeServer({
    failureBody: () => ({}),
    handle: (_request, res) => sendJson(res, 200, { ok: true }),
  });
  return {
    url: `${server.url}/sms/delivery-report`,
    bodies: () => server.requests.map((r) => JSON.parse(r.body) as unknown),
    stop: server.stop,
  };
}
