/**
 * One HTTP exchange with an outside system, the way every adapter needs it (the SMS operators, Telegram;
 * Workly's client predates it and keeps its own copy): a timeout per attempt, the answer's body included, and
 * one retry after a pause on a network failure, 408, 429 or a 5xx. The answer comes back parsed; what a
 * status means is the adapter's business.
 *
 * Nothing here ever logs or throws a URL, a header or a body: `name` names the call in logs, so that a
 * token in a path (Telegram's) or a password in a body (Eskiz's log-in) never leaves the adapter.
 */

/** Where an adapter says what went wrong: a pino logger fits. */
export interface AdapterLog {
  warn(details: object, message: string): void;
}

export interface ExchangeSettings {
  /** Names the outside system in logs: `{ [vendor]: { call, attempt, reason } }`. */
  vendor: string;
  /** No trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  retryDelayMs: number;
  fetch: typeof fetch;
  log?: AdapterLog;
}

export interface ExchangeRequest {
  /** Names the call in logs: never a URL, a query or anything secret. */
  name: string;
  /** Appended to the base URL. */
  path: string;
  init: RequestInit;
  /**
   * Whether a timed-out attempt is repeated. A read is; a send is not, since the other side may have
   * carried it out before the time ran out, and a second try would send the message twice.
   */
  retryTimeout: boolean;
  /** How long to wait before repeating this answer; undefined: do not repeat it. Default: `retryDelayMs`. */
  retryDelay?: (answer: Answer) => number | undefined;
}

export interface Answer {
  status: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
}

/** Statuses that say "not now" rather than "no": worth one more try. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** Both attempts went without an answer. */
export class NoAnswerError extends Error {
  constructor(readonly reason: 'timeout' | 'no connection') {
    super(reason);
  }
}

const ATTEMPTS = 2;

/** What a client is given: where the system is, and how patient to be with it. */
export interface HttpSettings {
  baseUrl: string;
  /** Per attempt, the answer's body included. */
  timeoutMs?: number;
  /** Pause before the one retry. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
  /** Told the call's name and what failed, never a credential, token, URL or body. */
  log?: AdapterLog;
}

/** An outside system that does not answer in 10 s is treated as down: a send job waits at most ~20 s on it. */
export function exchangeSettings(vendor: string, settings: HttpSettings): ExchangeSettings {
  return {
    vendor,
    baseUrl: settings.baseUrl.replace(/\/+$/, ''),
    timeoutMs: settings.timeoutMs ?? 10_000,
    retryDelayMs: settings.retryDelayMs ?? 300,
    fetch: settings.fetch ?? globalThis.fetch,
    ...(settings.log ? { log: settings.log } : {}),
  };
}

/**
 * Runs the request, repeating it once when that can help. Returns the last answer, whatever its status (a
 * 503 after the retry comes back as such); throws NoAnswerError when the last attempt got no answer at all.
 */
export async function exchange(settings: ExchangeSettings, request: ExchangeRequest): Promise<Answer> {
  let last: Answer | undefined;
  let failure: NoAnswerError | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let delay: number | undefined = settings.retryDelayMs;
    try {
      const res = await settings.fetch(`${settings.baseUrl}${request.path}`, {
        ...request.init,
        headers: { accept: 'application/json', ...request.init.headers },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      last = { status: res.status, body: parseJson(await res.text()) };
      failure = undefined;
      if (!RETRYABLE_STATUSES.has(res.status)) return last;
      delay = request.retryDelay ? request.retryDelay(last) : delay;
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      last = undefined;
      failure = new NoAnswerError(timedOut ? 'timeout' : 'no connection');
      if (timedOut && !request.retryTimeout) delay = undefined;
    }
    const reason = failure ? failure.reason : `status ${last?.status}`;
    settings.log?.warn(
      { [settings.vendor]: { call: request.name, attempt, reason } },
      `${settings.vendor} call failed`,
    );
    if (delay === undefined || attempt === ATTEMPTS) break;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  if (last) return last;
  throw failure ?? new NoAnswerError('no connection');
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return undefined;
  }
}
