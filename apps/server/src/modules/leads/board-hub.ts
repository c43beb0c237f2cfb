import type { LeadUpdates } from '@crm/contracts';
import type { Database, Unlisten } from '../../db/client.js';
import { inCompany } from '../../platform/tenancy.js';
import { BOARD_CHANNEL, updatesSince } from './board-clock.js';

/** One open board (an SSE connection): told the records after the last it was sent. */
export interface BoardWatcher {
  companyId: number;
  branchId: number;
  /** The last `time` this board has. */
  time: number;
  send(updates: LeadUpdates): void;
  /** Ends the connection (the server is closing). */
  end(): void;
}

/**
 * The push side of the live board, one per server process. It LISTENs on the database, so a change
 * committed by any process (with several processes, through PostgreSQL's NOTIFY) wakes the boards
 * of that branch connected here; each reads what it has not seen from the database, in order.
 */
export class BoardHub {
  private readonly watchers = new Map<string, Set<BoardWatcher>>();
  private readonly busy = new Set<BoardWatcher>();
  private readonly again = new Set<BoardWatcher>();
  private unlisten: Unlisten | null = null;
  /** The server is stopping: a stream that opens now is ended at once (it would hold the stop up). */
  private stopped = false;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.database.listen(BOARD_CHANNEL, (payload) => this.onNotify(payload));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.unlisten?.();
    this.unlisten = null;
    for (const set of this.watchers.values()) for (const watcher of set) watcher.end();
    this.watchers.clear();
  }

  /** Starts pushing to `watcher` (and sends what it missed since its `time`); returns the way to stop. */
  watch(watcher: BoardWatcher): () => void {
    if (this.stopped) {
      watcher.end();
      return () => {};
    }
    const key = keyOf(watcher.companyId, watcher.branchId);
    const set = this.watchers.get(key) ?? new Set();
    set.add(watcher);
    this.watchers.set(key, set);
    void this.catchUp(watcher);
    return () => {
      set.delete(watcher);
      if (!set.size) this.watchers.delete(key);
    };
  }

  /** How many boards are open here (for tests and the health page). */
  get size(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }

  private onNotify(payload: string) {
    // An empty payload: the LISTEN connection came back after a drop; anything may have been missed.
    const [company, branch] = payload.split(':');
    const targets = payload
      ? (this.watchers.get(keyOf(Number(company), Number(branch))) ?? [])
      : [...this.watchers.values()].flatMap((set) => [...set]);
    for (const watcher of targets) void this.catchUp(watcher);
  }

  /** Reads and sends the records after the watcher's time; one read at a time per watcher. */
  private async catchUp(watcher: BoardWatcher): Promise<void> {
    if (this.busy.has(watcher)) {
      this.again.add(watcher);
      return;
    }
    this.busy.add(watcher);
    try {
      do {
        this.again.delete(watcher);
        const answer = await inCompany(this.database.db, watcher.companyId, (tx) =>
          updatesSince(tx, watcher.companyId, watcher.branchId, watcher.time),
        );
        if (answer.updates.length || answer.reset) {
          watcher.time = answer.time;
          watcher.send(answer);
        }
      } while (this.again.has(watcher));
    } catch {
      // The board polls `updates?from` when its stream is quiet for long; a failed read is not fatal.
    } finally {
      this.busy.delete(watcher);
    }
  }
}

const keyOf = (companyId: number, branchId: number) => `${companyId}:${branchId}`;
