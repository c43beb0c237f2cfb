import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  atWorkSchema,
  employeeSchema,
  inOutSchema,
  pageOf,
  tokenAnswerSchema,
  WORKLY_PAGE_SIZE,
  WORKLY_PATHS,
  WORKLY_QUERY,
} from './protocol.js';
import {
  type WorklyApi,
  type WorklyCheckEvent,
  type WorklyCredentials,
  WorklyCredentialsRejectedError,
  type WorklyEmployeeRecord,
  type WorklyLog,
  type WorklyScheduledDay,
  WorklyUnavailableError,
} from './workly-api.js';

export interface WorklyConnectorOptions {
  /** e.g. https://api.workly.uz/v1 (no trailing slash needed). */
  baseUrl: string;
  /** Per attempt, the answer's body included: a request never waits on Workly longer than this. */
  timeoutMs?: number;
  /** Pause before the one retry of a failed call. */
  retryDelayMs?: number;
  /** A report longer than this many pages is refused rather than read for minutes. */
  maxPages?: number;
  fetch?: typeof fetch;
}

const DEFAULTS = { timeoutMs: 5_000, retryDelayMs: 300, maxPages: 200 };
/** One call and one retry: Workly's hiccups pass, a dead Workly is reported within ~2 × timeout. */
const ATTEMPTS = 2;
const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);
/** Pages read at once after the first (which tells how many there are). */
const PAGE_CONCURRENCY = 4;
/** Workly's tokens are assumed to live an hour when the answer does not say; renewed a minute early. */
const DEFAULT_TOKEN_SECONDS = 3_600;
const TOKEN_MARGIN_MS = 60_000;

interface CachedToken {
  value: string;
  expiresAt: number;
}

interface Answer {
  status: number;
  /** The parsed JSON body; undefined when it was not JSON. */
  body: unknown;
}

/**
 * One per server: holds Workly's tokens by company credentials (keyed by a hash, so the map never holds a
 * credential) and hands out a client per request. Tokens are shared by the requests of a company and
 * fetched once however many requests ask at the same moment.
 */
export class WorklyConnector {
  private readonly tokens = new Map<string, Promise<CachedToken>>();
  readonly options: Required<Omit<WorklyConnectorOptions, 'fetch'>> & { fetch: typeof fetch };

  constructor(options: WorklyConnectorOptions) {
    this.options = {
      ...DEFAULTS,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? globalThis.fetch,
    };
  }

  clientFor(credentials: WorklyCredentials, log?: WorklyLog): WorklyApi {
    return new WorklyHttpClient(this, credentials, log);
  }

  /** A valid token for these credentials: the cached one, or a new one (`renew`: the cached one was refused). */
  token(credentials: WorklyCredentials, fetchToken: () => Promise<CachedToken>, renew = false): Promise<string> {
    const key = createHash('sha256')
      .update(JSON.stringify([this.options.baseUrl, credentials.client_id, credentials.client_secret]))
      .update(JSON.stringify([credentials.username, credentials.password]))
      .digest('hex');
    const cached = this.tokens.get(key);
    const usable = (entry: Promise<CachedToken>) =>
      entry.then((token) => (token.expiresAt > Date.now() ? token.value : Promise.reject(new Error('expired'))));
    if (cached && !renew) return usable(cached).catch(() => this.fresh(key, fetchToken));
    return this.fresh(key, fetchToken);
  }

  private fresh(key: string, fetchToken: () => Promise<CachedToken>): Promise<string> {
    const pending = fetchToken();
    this.tokens.set(key, pending);
    // A refused or failed token request is not kept: the next request asks again.
    pending.catch(() => {
      if (this.tokens.get(key) === pending) this.tokens.delete(key);
    });
    return pending.then((token) => token.value);
  }
}

class WorklyHttpClient implements WorklyApi {
  constructor(
    private readonly connector: WorklyConnector,
    private readonly credentials: WorklyCredentials,
    private readonly log?: WorklyLog,
  ) {}

  async listEmployees(): Promise<WorklyEmployeeRecord[]> {
    const items = await this.readAll(WORKLY_PATHS.employees, {}, employeeSchema);
    return items.map((e) => ({ id: e.id, fullName: e.full_name.trim(), position: e.position_title ?? null }));
  }

  async listCheckEvents(from: string, till: string): Promise<WorklyCheckEvent[]> {
    const items = await this.readAll(WORKLY_PATHS.inOuts, period(from, till), inOutSchema);
    return items.flatMap((e) =>
      e.event_name === 'in' || e.event_name === 'out'
        ? [
            {
              employeeId: e.employee_id,
              fullName: e.full_name.trim(),
              date: e.event_date,
              time: clockOf(e.event_time),
              kind: e.event_name,
            },
          ]
        : [],
    );
  }

  async listScheduledDays(from: string, till: string): Promise<WorklyScheduledDay[]> {
    const items = await this.readAll(WORKLY_PATHS.atWork, period(from, till), atWorkSchema);
    return items.flatMap((day) => {
      const date = day.scheduled?.report_date?.slice(0, 10);
      if (!date) return [];
      const start = day.scheduled?.start_time?.match(/(\d{2}:\d{2}(:\d{2})?)$/)?.[1];
      const firstIn = day.actual?.first_in?.match(/(\d{2}:\d{2}(:\d{2})?)$/)?.[1];
      return [
        {
          employeeId: day.employee.id,
          fullName: day.employee.full_name.trim(),
          date,
          scheduledStart: start ? clockOf(start) : null,
          firstIn: firstIn ? clockOf(firstIn) : null,
        },
      ];
    });
  }

  /** Every page of a listing: the first, then the rest a few at a time. */
  private async readAll<S extends z.ZodType>(
    path: string,
    params: Record<string, string>,
    item: S,
  ): Promise<z.output<S>[]> {
    const first = await this.readPage(path, params, 1);
    const { maxPages } = this.connector.options;
    if (first.pageCount > maxPages) throw new WorklyUnavailableError(`${path}: ${first.pageCount} pages`);
    const rest: unknown[][] = [];
    const pages = Array.from({ length: Math.max(0, first.pageCount - 1) }, (_, i) => i + 2);
    for (let i = 0; i < pages.length; i += PAGE_CONCURRENCY) {
      const batch = await Promise.all(pages.slice(i, i + PAGE_CONCURRENCY).map((p) => this.readPage(path, params, p)));
      rest.push(...batch.map((page) => page.items));
    }
    const raw = [first.items, ...rest].flat();
    const parsed = raw.map((entry) => item.safeParse(entry));
    const read = parsed.flatMap((p) => (p.success ? [p.data as z.output<S>] : []));
    if (read.length < raw.length) {
      this.log?.warn(
        { workly: { path, unreadable: raw.length - read.length, of: raw.length } },
        'Workly items skipped',
      );
      // Nothing readable at all is a change of Workly's format, not a quiet empty report.
      if (!read.length) throw new WorklyUnavailableError(`${path}: unreadable items`);
    }
    return read;
  }

  private async readPage(path: string, params: Record<string, string>, page: number) {
    const query = new URLSearchParams({
      ...params,
      [WORKLY_QUERY.page]: String(page),
      [WORKLY_QUERY.perPage]: String(WORKLY_PAGE_SIZE),
    });
    const call = async (renew: boolean) => {
      const token = await this.connector.token(this.credentials, () => this.requestToken(), renew);
      return this.exchange(path, `${path}?${query}`, { headers: { authorization: `Bearer ${token}` } });
    };
    let answer = await call(false);
    // An expired or revoked token: one new token, one more try.
    if (answer.status === 401) answer = await call(true);
    if (answer.status === 401 || answer.status === 403) throw new WorklyCredentialsRejectedError();
    if (answer.status !== 200) throw new WorklyUnavailableError(`${path}: status ${answer.status}`);
    const body = pageOf(pageItem).safeParse(answer.body);
    if (!body.success) throw new WorklyUnavailableError(`${path}: unreadable page`);
    return { items: body.data.items, pageCount: Math.max(1, body.data._meta?.pageCount ?? 1) };
  }

  /** OAuth2 password grant, form-encoded as RFC 6749 has it (Workly also takes JSON). */
  private async requestToken(): Promise<CachedToken> {
    const { client_id, client_secret, username, password } = this.credentials;
    const form = new URLSearchParams({ grant_type: 'password', client_id, client_secret, username, password });
    const answer = await this.exchange(WORKLY_PATHS.token, WORKLY_PATHS.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if ([400, 401, 403].includes(answer.status)) throw new WorklyCredentialsRejectedError();
    if (answer.status !== 200) throw new WorklyUnavailableError(`token: status ${answer.status}`);
    const token = tokenAnswerSchema.safeParse(answer.body);
    if (!token.success) throw new WorklyUnavailableError('token: unreadable answer');
    const seconds = token.data.expires_in ?? DEFAULT_TOKEN_SECONDS;
    return {
      value: token.data.access_token,
      expiresAt: Date.now() + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS),
    };
  }

  /**
   * One HTTP exchange with a timeout, retried once on a network failure, a timeout, 429 or a 5xx. Every
   * call of ours is a read (asking for a token changes nothing either), so a retry cannot do anything twice.
   * `path` names the call in logs: no query, body, token or credential is ever logged.
   */
  private async exchange(path: string, pathAndQuery: string, init: RequestInit): Promise<Answer> {
    const { baseUrl, timeoutMs, retryDelayMs, fetch } = this.connector.options;
    let reason = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const res = await fetch(`${baseUrl}${pathAndQuery}`, {
          ...init,
          headers: { accept: 'application/json', ...init.headers },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        if (!RETRYABLE.has(res.status)) return { status: res.status, body: parseJson(text) };
        reason = `status ${res.status}`;
      } catch (err) {
        reason = (err as Error).name === 'TimeoutError' ? 'timeout' : 'no connection';
      }
      this.log?.warn({ workly: { path, attempt, reason } }, 'Workly call failed');
      if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    }
    throw new WorklyUnavailableError(`${path}: ${reason}`);
  }
}

/** A page's items are read one by one after the page itself (readAll): one odd item must not lose the others. */
const pageItem = z.unknown();

const period = (from: string, till: string) => ({ [WORKLY_QUERY.from]: from, [WORKLY_QUERY.till]: till });

/** `HH:MM` or `HH:MM:SS` → `HH:MM:SS`. */
const clockOf = (time: string) => (time.length === 5 ? `${time}:00` : time);

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return undefined;
  }
}
