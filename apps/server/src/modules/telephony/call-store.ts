import { callTypeOf } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PbxCall } from '../../adapters/onlinepbx/protocol.js';
import type { Tx } from '../../db/client.js';
import { telephonyAccounts, telephonyCalls, telephonyExtensions } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { inCompany } from '../../platform/tenancy.js';
import { LATE_CALL_SECONDS, markKept, periodToAsk, readKept } from './kept-history.js';
import { callCountryCode } from './own-line.js';
import { askProvider, clientOf, type StoredAccount } from './pbx-access.js';

const UNRETRIED: ReadonlySet<string> = new Set(['voip_key_unreadable', 'onlinepbx_refused']);

/**
 * The provider's calls kept by us (decision 0037): written when the call log asks the provider for a period and by
 * a job every ten minutes, one row per uuid (a call seen again is updated, never doubled), so the log survives an
 * outage and the reachability report counts calls.
 */

/** A number without the country code, as people's and leads' phones are stored (national digits). */
export const nationalOf = (number: string, code: string) => {
  const digits = number.replace(/\D/g, '');
  return digits.startsWith(code) && digits.length > code.length + 6 ? digits.slice(code.length) : digits;
};

export const otherPartyOf = (call: PbxCall) =>
  call.accountcode === 'outbound' ? call.destination_number : call.caller_id_number;
const extensionOf = (call: PbxCall) =>
  call.accountcode === 'outbound' ? call.caller_id_number : call.destination_number;

export async function storeCalls(tx: Tx, companyId: number, account: StoredAccount, calls: readonly PbxCall[]) {
  if (!calls.length) return 0;
  const code = await callCountryCode(tx, companyId);
  const mapped = await tx
    .select({ extension: telephonyExtensions.extension, userId: telephonyExtensions.userId })
    .from(telephonyExtensions)
    .where(and(eq(telephonyExtensions.companyId, companyId), eq(telephonyExtensions.accountId, account.id)));
  const userOf = new Map(mapped.map((m) => [m.extension, m.userId]));
  const rows = calls.map((call) => ({
    companyId,
    uuid: call.uuid,
    accountId: account.id,
    type: callTypeOf(call.accountcode, call.user_talk_time),
    rawNumber: otherPartyOf(call),
    number: nationalOf(otherPartyOf(call), code),
    extension: extensionOf(call),
    userId: userOf.get(extensionOf(call)) ?? null,
    startedAt: new Date(call.start_stamp * 1000),
    duration: call.duration,
    talkSeconds: call.user_talk_time,
    hasRecord: Boolean(call.record) && call.record !== '0' && call.user_talk_time > 0,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await tx
      .insert(telephonyCalls)
      .values(rows.slice(start, start + 500))
      .onConflictDoUpdate({
        target: [telephonyCalls.companyId, telephonyCalls.uuid],
        set: {
          type: sql`excluded.type`,
          duration: sql`excluded.duration`,
          talkSeconds: sql`excluded.talk_seconds`,
          hasRecord: sql`excluded.has_record`,
          userId: sql`excluded.user_id`,
          syncedAt: sql`now()`,
        },
      });
  }
  return rows.length;
}

/** How far back each sync reads: a call is logged by the provider once it ends, so a few hours cover the gaps. */
export const SYNC_WINDOW_SECONDS = LATE_CALL_SECONDS;

/** The dispatch (JOBS.telephonySyncDispatch): one sync job per account, keyed by account and ten-minute slot. */
export async function dispatchCallSyncs(app: FastifyInstance): Promise<number> {
  // A server without OnlinePBX (a laptop, most tests) keeps no calls.
  if (!app.telephony.config) return 0;
  const accounts = await app.database.background
    .select({ companyId: telephonyAccounts.companyId, id: telephonyAccounts.id })
    .from(telephonyAccounts);
  const slot = Math.floor(app.clock().getTime() / 600_000);
  let queued = 0;
  for (const account of accounts) {
    const key = `${account.companyId}:${account.id}:${slot}`;
    const payload = { companyId: account.companyId, accountId: account.id };
    if (await app.jobs.send(JOBS.telephonyCallSync, payload, { key })) queued += 1;
  }
  return queued;
}

/** One account's recent calls, asked of the provider and stored (idempotent: a rerun updates the same rows). */
export async function syncAccountCalls(app: FastifyInstance, companyId: number, accountId: number): Promise<number> {
  const account = await inCompany(app.database.background, companyId, async (tx) => {
    const [row] = await tx
      .select({
        id: telephonyAccounts.id,
        branchId: telephonyAccounts.branchId,
        domain: telephonyAccounts.domain,
        keySealed: telephonyAccounts.keySealed,
      })
      .from(telephonyAccounts)
      .where(and(eq(telephonyAccounts.companyId, companyId), eq(telephonyAccounts.id, accountId)));
    return row ?? null;
  });
  if (!account) return 0;
  const now = Math.floor(app.clock().getTime() / 1000);
  const kept = await inCompany(app.database.background, companyId, (tx) => readKept(tx, companyId, account.id));
  const asked = periodToAsk(kept, { from: now - SYNC_WINDOW_SECONDS, till: now }, now);
  if (asked === null) return 0;
  let calls: PbxCall[];
  try {
    calls = await askProvider(() => clientOf(app, account).history(asked));
  } catch (error) {
    // A key that no longer opens or that the provider refuses will not work on a retry either: the settings page
    // says so to the owner; the job lets it be (a provider that is down is retried).
    if (error instanceof AppError && UNRETRIED.has(error.code)) {
      app.log.warn({ onlinepbx: { call: 'sync', account: account.id, reason: error.code } }, 'call sync skipped');
      return 0;
    }
    throw error;
  }
  return inCompany(app.database.background, companyId, async (tx) => {
    const stored = await storeCalls(tx, companyId, account, calls);
    await markKept(tx, companyId, account.id, asked);
    return stored;
  });
}
