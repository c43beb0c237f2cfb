import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Tx, Unlisten } from '../db/client.js';
import { sessions } from '../db/schema/index.js';

/**
 * Ending sessions: log-out, a password or role change, archiving (issue 13 §5). A token is refused by its
 * session's row on the next request (platform/session.ts); what stays open is a stream (the lead board's
 * SSE), so the ending is also announced with NOTIFY — delivered at commit, to every server process — and
 * each process closes the streams of those sessions at once.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended';

export type SessionEnding =
  | { companyId: number; sessionId: string }
  | { companyId: number; userIds: readonly number[]; exceptSessionId?: string };

/** Revokes the sessions in the caller's transaction and announces it; the only writer of `sessions.revoked_at`. */
export async function endSessions(tx: Tx, ending: SessionEnding): Promise<void> {
  const live = and(eq(sessions.companyId, ending.companyId), isNull(sessions.revokedAt));
  const which =
    'sessionId' in ending
      ? and(live, eq(sessions.id, ending.sessionId))
      : and(
          live,
          inArray(sessions.userId, [...ending.userIds]),
          ending.exceptSessionId ? ne(sessions.id, ending.exceptSessionId) : undefined,
        );
  const ended = await tx.update(sessions).set({ revokedAt: new Date() }).where(which).returning({ id: sessions.id });
  if (!ended.length) return;
  // Payloads stay under NOTIFY's 8,000 bytes: a session id is 36 characters.
  for (let i = 0; i < ended.length; i += 150) {
    const ids = ended.slice(i, i + 150).map((s) => s.id);
    await tx.execute(sql`select pg_notify(${SESSION_ENDED_CHANNEL}, ${JSON.stringify(ids)})`);
  }
}

/** The streams of this process by session, closed when their session ends anywhere. */
export class SessionStreams {
  private readonly closers = new Map<string, Set<() => void>>();
  private unlisten: Unlisten | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.database.listen(SESSION_ENDED_CHANNEL, (payload) => this.onEnded(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** The streams open in this process (every SSE stream is watched: the metrics count them here). */
  get openStreams(): number {
    let open = 0;
    for (const set of this.closers.values()) open += set.size;
    return open;
  }

  /** Calls `close` when `sessionId` ends; answers the way to forget it (the stream closed by itself). */
  watch(sessionId: string, close: () => void): () => void {
    const set = this.closers.get(sessionId) ?? new Set();
    set.add(close);
    this.closers.set(sessionId, set);
    return () => {
      set.delete(close);
      if (!set.size) this.closers.delete(sessionId);
    };
  }

  private onEnded(payload: string) {
    let ids: unknown;
    try {
      ids = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      const set = this.closers.get(String(id));
      if (!set) continue;
      this.closers.delete(String(id));
      for (const close of set) close();
    }
  }
}
