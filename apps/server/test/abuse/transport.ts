import { connect } from 'node:net';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AbuseRequest } from './requests.js';

/** What came back: status 0 when the connection closed with no answer at all. */
export interface AbuseResponse {
  status: number;
  contentType: string;
  body: Buffer;
  /** Why there is no answer (status 0). */
  error?: string;
}

const EVENT_STREAM = 'text/event-stream';
/** A request that takes longer has hung: the server must answer even a hostile request. */
const HTTP_TIMEOUT_MS = 30_000;

/** Sends by `app.inject`, or over a real socket where Node's HTTP parser and Fastify's client-error path speak. */
export const send = (app: FastifyInstance, port: number, r: AbuseRequest): Promise<AbuseResponse> =>
  r.transport === 'http' ? sendHttp(port, r) : sendInject(app, r);

async function sendInject(app: FastifyInstance, r: AbuseRequest): Promise<AbuseResponse> {
  // A stream, so the live lead board (Server-Sent Events, never ends) can be let go after its head.
  const abort = new AbortController();
  try {
    const res = await app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers: r.headers,
      ...(r.payload === undefined ? {} : { payload: r.payload }),
      payloadAsStream: true,
      signal: abort.signal,
    });
    const contentType = String(res.headers['content-type'] ?? '');
    if (contentType.startsWith(EVENT_STREAM)) {
      abort.abort();
      return { status: res.statusCode, contentType, body: Buffer.alloc(0) };
    }
    return { status: res.statusCode, contentType, body: await readAll(res.stream()) };
  } catch (error) {
    return { status: 0, contentType: '', body: Buffer.alloc(0), error: `inject failed: ${(error as Error).message}` };
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** One request on its own connection, written byte for byte (so a raw NUL or space can reach the parser). */
function sendHttp(port: number, r: AbuseRequest): Promise<AbuseResponse> {
  const payload = r.payload === undefined ? Buffer.alloc(0) : Buffer.from(r.payload);
  const headers: Record<string, string> = { ...r.headers, connection: 'close' };
  if (r.payload !== undefined) headers['content-length'] = String(payload.length);
  const head = `${r.method} ${r.url} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseResponse(Buffer.concat(chunks), error));
    };
    const timer = setTimeout(() => finish(`no answer within ${HTTP_TIMEOUT_MS / 1000} s`), HTTP_TIMEOUT_MS);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end >= 0 && /\r\ncontent-type:\s*text\/event-stream/i.test(text.slice(0, end))) finish();
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // A server may answer and then reset the connection (431): what it wrote is still read above.
    socket.on('error', (error) => finish(error.message));
    socket.write(Buffer.concat([Buffer.from(head, 'utf8'), payload]));
  });
}

function parseResponse(raw: Buffer, error?: string): AbuseResponse {
  const end = raw.indexOf('\r\n\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(raw.subarray(0, 20).toString('latin1'));
  if (end < 0 || !match) {
    return { status: 0, contentType: '', body: Buffer.alloc(0), error: error ?? 'connection closed with no answer' };
  }
  const head = raw.subarray(0, end).toString('latin1');
  const header = (name: string) => new RegExp(`\\r\\n${name}:\\s*([^\\r]*)`, 'i').exec(head)?.[1] ?? '';
  let body = raw.subarray(end + 4);
  if (/chunked/i.test(header('transfer-encoding'))) body = dechunk(body);
  const length = Number(header('content-length'));
  if (header('content-length') && Number.isFinite(length)) body = body.subarray(0, length);
  return { status: Number(match[1]), contentType: header('content-type'), body };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
