import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, selectRows } from '../db/client.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A rate limit of `perWindow` requests per caller key in fixed windows, named so that each limit counts
     * apart: the same count for every server process on one database.
     */
    requestRate(name: string, perWindow: number, windowMs?: number): RequestRate;
  }
}

/** Counts one request of `key`; answers 0 when it may go on, else the seconds until its window ends. */
export interface RequestRate {
  take(key: string, now?: number): Promise<number>;
}

const secondsLeft = (windowStart: number, windowMs: number, now: number) =>
  Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));

/**
 * Counts in memory, in fixed windows: right for the embedded database, which is one process by construction
 * (WORKERS > 1 is refused with PGlite), and cheaper than a write per request.
 */
export class MemoryRequestRate implements RequestRate {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
    /** Addresses remembered at most; when full, windows already over are forgotten, then the oldest. */
    private readonly maxKeys = 10_000,
  ) {}

  async take(key: string, now = Date.now()): Promise<number> {
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      if (this.windows.size >= this.maxKeys) this.forget(now);
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    current.count++;
    if (current.count <= this.perWindow) return 0;
    return secondsLeft(current.start, this.windowMs, now);
  }

  private forget(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
  }
}

/** Windows older than this are deleted now and then by whichever process happens to count. */
const KEEP_WINDOWS_MS = 60 * 60_000;
/** One count in this many also sweeps the old windows: no job to schedule, and sweeps by two processes are harmless. */
const SWEEP_ONE_IN = 1_000;

/**
 * Counts in PostgreSQL's unlogged `request_rates` (one upsert per request), so every process of a cluster sees
 * the same count. Windows are aligned to multiples of `windowMs` so all processes agree where one starts.
 */
export class DatabaseRequestRate implements RequestRate {
  constructor(
    private readonly database: Database,
    private readonly name: string,
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
  ) {}

  async take(key: string, now = Date.now()): Promise<number> {
    const windowStart = now - (now % this.windowMs);
    const [row] = await selectRows<{ count: number }>(
      this.database.db,
      sql`insert into request_rates (key, window_start, count) values (${`${this.name}:${key}`}, ${windowStart}, 1)
          on conflict (key, window_start) do update set count = request_rates.count + 1
          returning count`,
    );
    if (Math.random() * SWEEP_ONE_IN < 1) {
      await this.database.db.execute(sql`delete from request_rates where window_start < ${now - KEEP_WINDOWS_MS}`);
    }
    return (row?.count ?? 0) <= this.perWindow ? 0 : secondsLeft(windowStart, this.windowMs, now);
  }
}

/** Decorates `app.requestRate`: counted in the database on PostgreSQL, in memory on PGlite (one process). */
export function registerRequestRates(app: FastifyInstance, database: Database, scope = ''): void {
  app.decorate('requestRate', (name: string, perWindow: number, windowMs?: number) =>
    database.kind === 'postgres'
      ? new DatabaseRequestRate(database, `${scope}${name}`, perWindow, windowMs)
      : new MemoryRequestRate(perWindow, windowMs),
  );
}

/** Counts one request of `key` and refuses it (429 with the wait) when its window is full. */
export async function spendOrRefuse(rate: RequestRate, key: string, now?: number): Promise<void> {
  const wait = await rate.take(key, now);
  if (wait > 0) throw new AppError(429, 'too_many_requests', { retry_after_seconds: wait });
}
