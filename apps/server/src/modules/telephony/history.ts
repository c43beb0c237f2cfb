import {
  addDays,
  CALL_HISTORY_DAYS,
  type CallHistory,
  type CallHistoryQuery,
  callHistoryQuerySchema,
  callNumberVariants,
  callTypeOf,
  daysBetween,
  displayCallNumber,
  type PhoneMatch,
  Role,
  userTypesOf,
  zonedDateTime,
} from '@crm/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PbxCall } from '../../adapters/onlinepbx/protocol.js';
import { selectRows, type Tx } from '../../db/client.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { companyTime } from '../lessons/company-time.js';
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

/** A number without the country code, as people's and leads' phones are stored (national digits). */
const nationalOf = (number: string, code: string) => {
  const digits = number.replace(/\D/g, '');
  return digits.startsWith(code) && digits.length > code.length + 6 ? digits.slice(code.length) : digits;
};

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

/** GET /call/history: the provider's calls of the period, newest first, typed and matched to people and leads. */
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
  const calls = await providerCalls(app, account, {
    from: dayStart(period.from, time.timeZone),
    till: dayStart(addDays(period.till, 1), time.timeZone) - 1,
    ...(query.phone ? { phoneNumbers: callNumberVariants(query.phone, code) } : {}),
  });
  if (!calls) return { data: [], reachable: false };
  const other = (call: PbxCall) => (call.accountcode === 'outbound' ? call.destination_number : call.caller_id_number);
  const matches = await matchNumbers(tx, actor.companyId, [...new Set(calls.map((c) => nationalOf(other(c), code)))]);
  return {
    reachable: true,
    data: calls
      .sort((a, b) => b.start_stamp - a.start_stamp)
      .map((call) => ({
        uuid: call.uuid,
        type: callTypeOf(call.accountcode, call.user_talk_time),
        number: displayCallNumber(other(call)),
        extension: call.accountcode === 'outbound' ? call.caller_id_number : call.destination_number,
        start_stamp: call.start_stamp,
        started_at: new Date(call.start_stamp * 1000).toISOString(),
        duration: call.duration,
        talk_seconds: call.user_talk_time,
        has_record: Boolean(call.record) && call.record !== '0' && call.user_talk_time > 0,
        match: matches.get(nationalOf(other(call), code)) ?? null,
      })),
  };
}

/** Spec §8 "call history failure: empty history": a provider that fails gives none (null), logged. */
async function providerCalls(
  app: FastifyInstance,
  account: StoredAccount,
  search: { from: number; till: number; phoneNumbers?: string[] },
): Promise<PbxCall[] | null> {
  try {
    return await clientOf(app, account).history(search);
  } catch (error) {
    if (error instanceof AppError) throw error;
    app.log.warn({ onlinepbx: { call: 'history', reason: (error as Error).message } }, 'call history failed');
    return null;
  }
}
