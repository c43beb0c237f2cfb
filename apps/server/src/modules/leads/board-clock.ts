import type { LeadIncrement, LeadLocation } from '@crm/contracts';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leadBoardClocks, leadIncrements } from '../../db/schema/index.js';

/** The NOTIFY channel of board changes; the payload is `company:branch:time`. */
export const BOARD_CHANNEL = 'lead_board';
/** Records older than this are pruned; a board that has not asked since reloads. */
const KEEP_DAYS = 7;
/** Pruning runs on every this-many-th record of a branch (cheap, and often enough). */
const PRUNE_EVERY = 500;
/** At most this many records in one answer of `updates?from`; a board further behind reloads. */
export const MAX_UPDATES = 500;

export interface NewIncrement {
  action: LeadIncrement['action'];
  type: LeadIncrement['type'];
  uuid: string;
  data: Record<string, unknown>;
  location?: LeadLocation | null;
  authorId: number | null;
  clientId?: string | null;
}

/**
 * Writes one update record of a branch's board in the caller's transaction (the same one that
 * changed the lead or section) and notifies every server process when it commits.
 *
 * The branch's clock row is raised first: its row lock makes the writers of a branch take turns,
 * so records commit in `time` order and a reader of `time > from` never misses one that commits
 * late with a smaller number.
 */
export async function recordIncrement(
  tx: Tx,
  companyId: number,
  branchId: number,
  record: NewIncrement,
): Promise<LeadIncrement> {
  const [clock] = await tx
    .insert(leadBoardClocks)
    .values({ companyId, branchId, lastTime: 1 })
    .onConflictDoUpdate({
      target: [leadBoardClocks.companyId, leadBoardClocks.branchId],
      set: { lastTime: sql`${leadBoardClocks.lastTime} + 1` },
    })
    .returning({ time: leadBoardClocks.lastTime });
  const time = clock?.time ?? 1;
  const [row] = await tx
    .insert(leadIncrements)
    .values({
      companyId,
      branchId,
      time,
      action: record.action,
      type: record.type,
      uuid: record.uuid,
      data: record.data,
      location: record.location ?? null,
      authorId: record.authorId,
      clientId: record.clientId ?? null,
    })
    .returning();
  await tx.execute(sql`select pg_notify(${BOARD_CHANNEL}, ${`${companyId}:${branchId}:${time}`})`);
  if (time % PRUNE_EVERY === 0) await prune(tx, companyId, branchId);
  return toIncrement(row as typeof leadIncrements.$inferSelect);
}

async function prune(tx: Tx, companyId: number, branchId: number) {
  const [lastPruned] = await tx
    .delete(leadIncrements)
    .where(
      and(
        eq(leadIncrements.companyId, companyId),
        eq(leadIncrements.branchId, branchId),
        lt(leadIncrements.createdAt, sql`now() - make_interval(days => ${KEEP_DAYS})`),
      ),
    )
    .returning({ time: leadIncrements.time })
    .then((deleted) => [deleted.reduce((max, d) => Math.max(max, d.time), 0)]);
  if (lastPruned) {
    await tx
      .update(leadBoardClocks)
      .set({ keptFrom: lastPruned + 1 })
      .where(and(eq(leadBoardClocks.companyId, companyId), eq(leadBoardClocks.branchId, branchId)));
  }
}

/** The branch's latest `time` (0 before its first change). */
export async function boardTime(tx: Tx, companyId: number, branchId: number): Promise<number> {
  const [clock] = await tx
    .select({ time: leadBoardClocks.lastTime })
    .from(leadBoardClocks)
    .where(and(eq(leadBoardClocks.companyId, companyId), eq(leadBoardClocks.branchId, branchId)));
  return clock?.time ?? 0;
}

/** Spec §4 `GET lead-increment/updates?branch_id&from`: the records after `from`, oldest first. */
export async function updatesSince(tx: Tx, companyId: number, branchId: number, from: number) {
  const [clock] = await tx
    .select({ time: leadBoardClocks.lastTime, keptFrom: leadBoardClocks.keptFrom })
    .from(leadBoardClocks)
    .where(and(eq(leadBoardClocks.companyId, companyId), eq(leadBoardClocks.branchId, branchId)));
  const time = clock?.time ?? 0;
  if (from === time) return { time, updates: [], reset: false };
  // Ahead of the server (a restored database) or behind what is kept: the board reloads.
  const tooOld = from > time || from + 1 < (clock?.keptFrom ?? 0);
  const rows = tooOld
    ? []
    : await tx
        .select()
        .from(leadIncrements)
        .where(
          and(
            eq(leadIncrements.companyId, companyId),
            eq(leadIncrements.branchId, branchId),
            gt(leadIncrements.time, from),
          ),
        )
        .orderBy(asc(leadIncrements.time))
        .limit(MAX_UPDATES + 1);
  if (tooOld || rows.length > MAX_UPDATES) return { time, updates: [], reset: true };
  return { time: Math.max(time, rows.at(-1)?.time ?? 0), updates: rows.map(toIncrement), reset: false };
}

export function toIncrement(row: typeof leadIncrements.$inferSelect): LeadIncrement {
  return {
    time: row.time,
    action: row.action as LeadIncrement['action'],
    type: row.type as LeadIncrement['type'],
    uuid: row.uuid,
    data: row.data as Record<string, unknown>,
    location: (row.location as LeadIncrement['location']) ?? null,
    author_id: row.authorId,
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
  };
}
