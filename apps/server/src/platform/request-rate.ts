import { AppError } from './errors.js';

/**
 * A per-address request count in fixed one-minute windows, in memory. For a cheap public read (the support
 * chat's settings), where counting in the database would cost more than the read it protects; each server
 * counts its own, which only loosens the limit by the number of servers.
 */
export class RequestRate {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
    /** Addresses remembered at most; when full, windows already over are forgotten, then the oldest. */
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one request of `key`; answers 0 when it may go on, else the seconds until its window ends. */
  take(key: string, now = Date.now()): number {
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      if (this.windows.size >= this.maxKeys) this.forget(now);
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    current.count++;
    if (current.count <= this.perWindow) return 0;
    return Math.max(1, Math.ceil((current.start + this.windowMs - now) / 1000));
  }

  private forget(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
  }
}

/** Counts one request of `key` and refuses it (429 with the wait) when its window is full. */
export function spendOrRefuse(rate: RequestRate, key: string): void {
  const wait = rate.take(key);
  if (wait > 0) throw new AppError(429, 'too_many_requests', { retry_after_seconds: wait });
}
