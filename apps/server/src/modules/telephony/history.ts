import {
  addDays,
  CALL_HISTORY_DAYS,
  type CallHistory,
  type CallHistoryQuery,
  type CallType,
  callHistoryQuerySchema,
  callNumberVariants,
  daysBetween,
  displayCallNumber,
  type PhoneMatch,
  Role,
  userTypesOf,
  zonedDateTime,
} from '@crm/contracts';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selectRows, type Tx } from '../../db/client.js';
import { telephonyCalls } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { companyTime } from '../lessons/company-time.js';
import { nationalOf, storeCalls } from './call-store.js';
import { markKept, periodToAsk, readKept } from './kept-history.js';
import { callCountryCode } from './own-line.js';
import { accountFor, clientOf, type StoredAccount } from './pbx-access.js';

/** The call log (spec §2 call, one week; §4 call types; §7 number formatting; issue 22). */

/** The instant a company day begins, in its time zone (Unix seconds). */
function dayStart(date: string, timeZone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const shown = zonedDateTime(new Date(guess), timeZone);
  const offset = Date.parse(`${shown.date}T${shown.time}:00Z`) - guess;
  return Math.floor((guess - offset) / 1000);
}

/** Whose numbers these are: people of the company (own or parent's phone), else leads; by national digits. */
async function matchNumbers(tx: Tx, companyId: number, numbers: string[]): Promise<Map<string, PhoneMatch>> {
  const matches = new Map<string, PhoneMatch>();
  if (!numbers.length) return matches;
  const list = sql.join(
    numbers.map((n) => sql`${n}`),
    sql`, `,
  );
  const people = await selectRows<{ id: number; name: string; roles: number[]; phone: string; parent: string | null }>(
    tx,
    sql`select id::int as id, name, roles::int[] as roles, phone, parent_phone as parent from users
      where company_id = ${companyId} and archived_at is null and (phone in (${list}) or parent_phone in (${list}))
      order by id`,
  );
  for (const person of people) {
    const type = userTypesOf(person.roles.includes(Role.student) ? [Role.student] : person.roles)[0] ?? 'staff';
    for (const phone of [person.phone, person.parent]) {
      if (phone && !matches.has(phone)) matches.set(phone, { id: person.id, role: type, name: person.name });
    }
  }
  const leads = await selectRows<{ id: number; name: string; phone: string }>(
    tx,
    sql`select id::int as id, name, phone from leads where company_id = ${companyId} and phone in (${list})
      order by id desc`,
  );
  for (const lead of leads) {
    if (!matches.has(lead.phone)) matches.set(lead.phone, { id: lead.id, role: 'lead', name: lead.name });
  }
  return matches;
}

/** The period asked, or the last week; never longer than a week (spec §9). */
function periodOf(query: { from?: string; till?: string }, today: string) {
  const till = query.till ?? today;
  const from = query.from ?? addDays(till, -(CALL_HISTORY_DAYS - 1));
  if (from > till || daysBetween(from, till) >= CALL_HISTORY_DAYS) throw new AppError(422, 'call_period_too_long');
  return { from, till };
}

/**
 * GET /call/history: the period's calls are asked of the provider and kept (call-store.ts), then read back from
 * what is kept, newest first, matched to people and leads as they are now. A provider that fails leaves the calls
 * kept before, with `reachable: false` (spec §8 "call history failure").
 */
export async function callHistory(
  app: FastifyInstance,
  tx: Tx,
  actor: Actor,
  at: Date,
  rawQuery: CallHistoryQuery,
): Promise<CallHistory> {
  const query = callHistoryQuerySchema.parse(rawQuery);
  if (query.branch_id !== undefined) assertBranch(actor, query.branch_id);
  const account = await accountFor(tx, actor.companyId, query.branch_id ?? actor.branchIds[0] ?? null);
  if (!account) throw new AppError(409, 'voip_not_configured');
  const time = await companyTime(tx, actor.companyId, at);
  const period = periodOf(query, time.today);
  const code = await callCountryCode(tx, actor.companyId);
  const from = dayStart(period.from, time.timeZone);
  const till = dayStart(addDays(period.till, 1), time.timeZone) - 1;
  const phoneNumbers = query.phone ? callNumberVariants(query.phone, code) : undefined;
  const reachable = await refresh(app, tx, actor.companyId, account, { from, till, phoneNumbers });
  const rows = await tx
    .select()
    .from(telephonyCalls)
    .where(
      and(
        eq(telephonyCalls.companyId, actor.companyId),
        eq(telephonyCalls.accountId, account.id),
        gte(telephonyCalls.startedAt, new Date(from * 1000)),
        lt(telephonyCalls.startedAt, new Date((till + 1) * 1000)),
        phoneNumbers
          ? inArray(telephonyCalls.number, [...new Set(phoneNumbers.map((n) => nationalOf(n, code)))])
          : undefined,
      ),
    )
    .orderBy(desc(telephonyCalls.startedAt))
    .limit(2000);
  const matches = await matchNumbers(tx, actor.companyId, [...new Set(rows.map((row) => row.number))]);
  return {
    reachable,
    data: rows.map((row) => ({
      uuid: row.uuid,
      type: row.type as CallType,
      number: displayCallNumber(row.rawNumber),
      extension: row.extension,
      start_stamp: Math.floor(row.startedAt.getTime() / 1000),
      started_at: row.startedAt.toISOString(),
      duration: row.duration,
      talk_seconds: row.talkSeconds,
      has_record: row.hasRecord,
      match: matches.get(row.number) ?? null,
    })),
  };
}

/**
 * Asks the provider for what is not kept yet of the period and keeps its answer (kept-history.ts); false when it
 * could not (logged, not an error). One number's calls are always asked (such an answer covers no period).
 */
async function refresh(
  app: FastifyInstance,
  tx: Tx,
  companyId: number,
  account: StoredAccount,
  search: { from: number; till: number; phoneNumbers?: string[] },
): Promise<boolean> {
  const now = Math.floor(app.clock().getTime() / 1000);
  const whole = search.phoneNumbers === undefined;
  const asked = whole ? periodToAsk(await readKept(tx, companyId, account.id), search, now) : search;
  if (asked === null) return true;
  try {
    await storeCalls(tx, companyId, account, await clientOf(app, account).history({ ...search, ...asked }));
    if (whole) await markKept(tx, companyId, account.id, asked);
    return true;
  } catch (error) {
    const reason = error instanceof AppError ? error.code : (error as Error).message;
    app.log.warn({ onlinepbx: { call: 'history', reason } }, 'call history failed');
    return false;
  }
}
