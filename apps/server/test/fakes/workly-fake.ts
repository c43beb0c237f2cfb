import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WORKLY_ERROR, WORKLY_PATHS, WORKLY_QUERY } from '../../src/adapters/workly/protocol.js';

/**
 * A local Workly: speaks its HTTP protocol as src/adapters/workly/protocol.ts describes it (OAuth2 password
 * grant, Bearer calls, Yii2 pages and error bodies), on loopback and a free port. Tests start one, point the
 * server's WORKLY_API_URL at it, and can break it on purpose: stop it, slow it down, make it fail.
 */

export interface FakeEmployee {
  id: number;
  full_name: string;
  position_title?: string;
  department_title?: string;
  schedule?: string;
}

/** One employee's day: his schedule's start (`HH:MM:SS`, null: not scheduled) and his check-ins and -outs. */
export interface FakeDay {
  employee_id: number;
  date: string;
  start: string | null;
  events: ['in' | 'out', string][];
}

export interface FakeWorklyOptions {
  client_id: string;
  client_secret: string;
  username: string;
  password: string;
  employees: FakeEmployee[];
  days?: FakeDay[];
  /** Items per page when the client asks for none (Yii2's default 20); small values exercise paging. */
  defaultPageSize?: number;
  maxPageSize?: number;
  tokenSeconds?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The token request's body, as received (tests check the secret went only here). */
  body: string;
  authorization: string | undefined;
}

export interface WorklyFake {
  /** The API's base, e.g. http://127.0.0.1:41234/v1. */
  url: string;
  requests: FakeRequest[];
  /** Answer every request after this delay. */
  delayMs: number;
  /** The next `times` requests answer `status` (a Workly outage). */
  failNext(status: number, times?: number): void;
  /** Forget the issued tokens, as when they expire or are revoked. */
  revokeTokens(): void;
  days: FakeDay[];
  stop(): Promise<void>;
}

export async function startWorklyFake(options: FakeWorklyOptions): Promise<WorklyFake> {
  const tokens = new Set<string>();
  let failures: { status: number; left: number } | null = null;
  const fake = {
    url: '',
    requests: [] as FakeRequest[],
    delayMs: 0,
    days: options.days ?? [],
    failNext(status: number, times = 1) {
      failures = { status, left: times };
    },
    revokeTokens() {
      tokens.clear();
    },
    stop: async () => {},
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    const path = url.pathname.replace(/^\/v1/, '');
    fake.requests.push({
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: req.headers.authorization,
    });
    if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (failures && failures.left > 0) {
      failures.left--;
      return send(res, failures.status, {
        name: 'Service Unavailable',
        message: 'Down',
        code: 0,
        status: failures.status,
      });
    }
    if (path === WORKLY_PATHS.token && req.method === 'POST') return issueToken(res, body, req.headers['content-type']);
    const token = req.headers.authorization?.match(/^Bearer (\S+)$/)?.[1];
    if (!token || !tokens.has(token)) {
      return send(res, 401, { name: 'Unauthorized', message: 'Invalid access token', code: WORKLY_ERROR.invalidToken });
    }
    if (req.method !== 'GET') return send(res, 405, { name: 'Method Not Allowed', message: '', code: 0 });
    const from = url.searchParams.get(WORKLY_QUERY.from) ?? '0000-00-00';
    const till = url.searchParams.get(WORKLY_QUERY.till) ?? '9999-99-99';
    const inPeriod = (day: FakeDay) => day.date >= from && day.date <= till;
    if (path === WORKLY_PATHS.employees) return sendPage(res, url, path, employeeItems());
    if (path === WORKLY_PATHS.inOuts) return sendPage(res, url, path, inOutItems(fake.days.filter(inPeriod)));
    if (path === WORKLY_PATHS.atWork) return sendPage(res, url, path, atWorkItems(fake.days.filter(inPeriod)));
    return send(res, 404, { name: 'Not Found', message: 'Page not found.', code: 0, status: 404 });
  };

  function issueToken(res: ServerResponse, body: string, type: string | undefined) {
    const fields: Record<string, string> = type?.includes('json')
      ? safeJson(body)
      : Object.fromEntries(new URLSearchParams(body));
    const client = fields.client_id === options.client_id && fields.client_secret === options.client_secret;
    const user = fields.username === options.username && fields.password === options.password;
    if (fields.grant_type !== 'password' || !client || !user) {
      return send(res, 401, {
        name: 'Unauthorized',
        message: 'Incorrect username or password.',
        code: WORKLY_ERROR.wrongCredentials,
        status: 401,
      });
    }
    const token = randomBytes(16).toString('hex');
    tokens.add(token);
    return send(res, 200, {
      access_token: token,
      refresh_token: randomBytes(16).toString('hex'),
      expires_in: options.tokenSeconds ?? 3600,
      token_type: 'Bearer',
    });
  }

  const nameOf = (id: number) => options.employees.find((e) => e.id === id);
  const employeeItems = () =>
    options.employees.map((e) => ({
      id: e.id,
      full_name: e.full_name,
      position_title: e.position_title ?? null,
      department_title: e.department_title ?? null,
      schedule: e.schedule ? { title: e.schedule } : null,
    }));
  const inOutItems = (days: FakeDay[]) =>
    days
      .flatMap((day) =>
        day.events.map(([event, time]) => ({
          employee_id: day.employee_id,
          full_name: nameOf(day.employee_id)?.full_name ?? '',
          first_name: nameOf(day.employee_id)?.full_name.split(' ')[0] ?? '',
          position_title: nameOf(day.employee_id)?.position_title ?? null,
          department_title: nameOf(day.employee_id)?.department_title ?? null,
          event_date: day.date,
          event_time: time,
          event_full_date: `${day.date} ${time}`,
          event_name: event,
        })),
      )
      .sort((a, b) => a.event_full_date.localeCompare(b.event_full_date));
  const atWorkItems = (days: FakeDay[]) =>
    days.map((day) => ({
      employee: {
        id: day.employee_id,
        full_name: nameOf(day.employee_id)?.full_name ?? '',
        department_id: 1,
      },
      scheduled: { report_date: day.date, start_time: day.start ? `${day.date} ${day.start}` : null },
      actual: { first_in: day.events.find(([event]) => event === 'in')?.[1] ?? null },
    }));

  /** Yii2's envelope: items, _links (self, next) and _meta, `page` and `per-page` in the query. */
  function sendPage(res: ServerResponse, url: URL, path: string, all: unknown[]) {
    const asked = Number(url.searchParams.get(WORKLY_QUERY.perPage) ?? options.defaultPageSize ?? 20);
    const perPage = Math.min(Math.max(1, asked), options.maxPageSize ?? 50);
    const pageCount = Math.max(1, Math.ceil(all.length / perPage));
    const page = Math.min(Math.max(1, Number(url.searchParams.get(WORKLY_QUERY.page) ?? 1)), pageCount);
    const link = (p: number) => ({
      href: `${fake.url}${path}?${WORKLY_QUERY.page}=${p}&${WORKLY_QUERY.perPage}=${perPage}`,
    });
    send(res, 200, {
      items: all.slice((page - 1) * perPage, page * perPage),
      _links: { self: link(page), ...(page < pageCount ? { next: link(page + 1) } : {}) },
      _meta: { totalCount: all.length, pageCount, currentPage: page, perPage },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { name: 'Internal Server Error', message: '', code: 0 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function send(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function safeJson(text: string): Record<string, string> {
  try {
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return {};
  }
}
