import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { telephonyAccounts } from '../../db/schema/index.js';

/**
 * Which calls need asking of the provider. An account remembers the one period (Unix seconds) whose calls are all
 * kept in telephony_calls, up to the moment it was last asked; the call log and the sync job then ask only what
 * that period lacks, plus its last few hours again — the provider logs a call when it ends, so a call under way
 * when the period was asked shows up later with an earlier start. A busy week (thousands of calls) is fetched once,
 * not at each opening of the log (bench `telephony`).
 */
export interface Period {
  from: number;
  till: number;
}

/** How far back before the end of the kept period a call may still appear (a long call logged when it ends). */
export const LATE_CALL_SECONDS = 3 * 3600;

/** The part of `wanted` to ask, given what is kept; null: nothing (all kept, or all in the future). */
export function periodToAsk(kept: Period | null, wanted: Period, now: number): Period | null {
  const till = Math.min(wanted.till, now);
  const keptCoversStart = kept !== null && wanted.from >= kept.from && wanted.from <= kept.till;
  const from = keptCoversStart ? Math.max(wanted.from, kept.till - LATE_CALL_SECONDS) : wanted.from;
  return from <= till ? { from, till } : null;
}

/** What is kept once `asked` has been answered and stored: one period, joined to the kept one when they touch. */
export function keptAfter(kept: Period | null, asked: Period): Period {
  if (kept === null || asked.from > kept.till || asked.till < kept.from) return asked;
  return { from: Math.min(kept.from, asked.from), till: Math.max(kept.till, asked.till) };
}

const seconds = (at: Date | null) => (at === null ? null : Math.floor(at.getTime() / 1000));

export async function readKept(tx: Tx, companyId: number, accountId: number, lock = false): Promise<Period | null> {
  const query = tx
    .select({ from: telephonyAccounts.historyKeptFrom, till: telephonyAccounts.historyKeptTill })
    .from(telephonyAccounts)
    .where(and(eq(telephonyAccounts.companyId, companyId), eq(telephonyAccounts.id, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  const from = seconds(row?.from ?? null);
  const till = seconds(row?.till ?? null);
  return from === null || till === null ? null : { from, till };
}

/**
 * Records that `asked` has been stored. The kept period is read again under a row lock, so two askings at once
 * (the log opened twice, the sync job) each join what the other left, never a period nobody asked.
 */
export async function markKept(tx: Tx, companyId: number, accountId: number, asked: Period): Promise<void> {
  const next = keptAfter(await readKept(tx, companyId, accountId, true), asked);
  await tx
    .update(telephonyAccounts)
    .set({ historyKeptFrom: new Date(next.from * 1000), historyKeptTill: new Date(next.till * 1000) })
    .where(and(eq(telephonyAccounts.companyId, companyId), eq(telephonyAccounts.id, accountId)));
}
