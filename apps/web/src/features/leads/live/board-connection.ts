import type { LeadUpdates } from '@crm/contracts';
import { apiRequest, buildUrl } from '../../../shared/api/api-client';
import { ApiError, apiErrorFrom } from '../../../shared/api/api-error';
import { getSession } from '../../../shared/session/session-store';
import { SseParser } from './sse-parser';

export type LiveState = 'connecting' | 'live' | 'polling' | 'stopped';

export interface ConnectionOptions {
  branchId: number;
  /** The board's cursor: the stream and the polls ask for what came after it. */
  from: () => number;
  onUpdates: (answer: LeadUpdates) => void;
  onState?: (state: LiveState) => void;
  /** How often `updates?from` is asked while the stream is down. */
  pollMs?: number;
  /** Waits before each reconnection attempt (the last repeats). */
  backoffMs?: readonly number[];
  /** The server sends a comment every 15 s: this long without a byte means the stream is dead. */
  silenceMs?: number;
}

const DEFAULT_BACKOFF = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/**
 * Docs/decisions/0015 push: the board's Server-Sent Events stream, read with `fetch` (the bearer token
 * goes in the Authorization header, as apiRequest sends it). While the stream is down — a proxy cut
 * it, the network dropped — it reconnects with growing waits and meanwhile polls `updates?from`, so a
 * board is never more than a few seconds behind.
 */
export class BoardConnection {
  private state: LiveState = 'connecting';
  private stream: AbortController | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private polling = false;
  private lastHeard = 0;

  constructor(private readonly options: ConnectionOptions) {}

  start(): void {
    this.state = 'connecting';
    void this.openStream();
  }

  stop(): void {
    this.setState('stopped');
    this.stream?.abort();
    this.stream = null;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pollTimer);
    clearInterval(this.watchdog);
    this.pollTimer = undefined;
  }

  /** Asks for the records now unless the stream is pushing them anyway (after a change made elsewhere). */
  refresh(): void {
    if (this.state !== 'live') void this.poll();
  }

  private setState(state: LiveState) {
    if (this.state === state) return;
    this.state = state;
    this.options.onState?.(state);
  }

  private async openStream() {
    const controller = new AbortController();
    this.stream = controller;
    const parser = new SseParser();
    const { token } = getSession();
    try {
      const response = await fetch(
        buildUrl('/lead-increment/stream', { branch_id: this.options.branchId, from: this.options.from() }),
        {
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
        },
      );
      if (!response.ok || !response.body) throw await apiErrorFrom(response);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      this.heard();
      this.watch(controller);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.heard();
        for (const event of parser.push(decoder.decode(value, { stream: true }))) this.onEvent(event.event, event.data);
      }
    } catch (error) {
      // A refusal (signed out, branch taken away) is not cured by retrying: one poll lets the app react.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        void this.poll();
        this.stop();
        return;
      }
    } finally {
      clearInterval(this.watchdog);
    }
    if (this.state !== 'stopped' && this.stream === controller) this.streamDown(parser.retryMs);
  }

  private onEvent(event: string, data: string) {
    if (event === 'ready') {
      this.attempt = 0;
      clearInterval(this.pollTimer);
      this.pollTimer = undefined;
      this.setState('live');
    } else if (event === 'updates') {
      this.options.onUpdates(JSON.parse(data) as LeadUpdates);
    }
  }

  private streamDown(retryMs: number | null) {
    this.setState('polling');
    if (this.pollTimer === undefined) {
      void this.poll();
      this.pollTimer = setInterval(() => void this.poll(), this.options.pollMs ?? 5_000);
    }
    const waits = this.options.backoffMs ?? DEFAULT_BACKOFF;
    const wait = Math.max(retryMs ?? 0, waits[Math.min(this.attempt, waits.length - 1)] ?? 1_000);
    this.attempt += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (this.state !== 'stopped') void this.openStream();
    }, wait);
  }

  private async poll() {
    if (this.polling || this.state === 'stopped') return;
    this.polling = true;
    try {
      const answer = await apiRequest<LeadUpdates>('/lead-increment/updates', {
        query: { branch_id: this.options.branchId, from: this.options.from() },
      });
      // Stopped while the answer was on its way: the board is gone.
      if (!this.stopped()) this.options.onUpdates(answer);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) this.stop();
    } finally {
      this.polling = false;
    }
  }

  private stopped() {
    return this.state === 'stopped';
  }

  private heard() {
    this.lastHeard = Date.now();
  }

  private watch(controller: AbortController) {
    const silence = this.options.silenceMs ?? 45_000;
    clearInterval(this.watchdog);
    this.watchdog = setInterval(
      () => {
        if (Date.now() - this.lastHeard > silence) controller.abort();
      },
      Math.max(1_000, silence / 3),
    );
  }
}
