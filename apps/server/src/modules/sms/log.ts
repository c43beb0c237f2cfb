import { canAccess, paginate, type SmsMessage } from '@crm/contracts';
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { leads, smsMessages, users } from '../../db/schema/index.js';
import { type Actor, branchFilterOf } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { TELEGRAM_PROVIDER } from '../telegram-bot/telegram-delivery.js';
import { smsAccountOf, usageOf } from './account.js';

const person = alias(users, 'sms_person');
const author = alias(users, 'sms_author');

export interface SmsLogFilter {
  page: number;
  per_page: number;
  date_from?: string;
  date_to?: string;
  state?: string;
  kind?: string;
  search?: string;
  branch_id?: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Messages of the sender's branches (a message without a branch, e.g. to a lead of none, is everyone's). */
function scopeOf(actor: Actor, f: Partial<SmsLogFilter>): SQL[] {
  const where: SQL[] = [eq(smsMessages.companyId, actor.companyId)];
  const branches = f.branch_id ? [f.branch_id] : branchFilterOf(actor);
  if (branches) {
    where.push(or(inArray(smsMessages.branchId, branches), sql`${smsMessages.branchId} is null`) as SQL);
  }
  // Dates are the company's days; the API compares the instants of their UTC midnights, a day's slack at most.
  if (f.date_from) where.push(gte(smsMessages.createdAt, new Date(`${f.date_from}T00:00:00Z`)));
  if (f.date_to)
    where.push(lt(smsMessages.createdAt, new Date(new Date(`${f.date_to}T00:00:00Z`).getTime() + 86_400_000)));
  if (f.state) where.push(eq(smsMessages.state, f.state));
  if (f.kind) where.push(eq(smsMessages.kind, f.kind));
  if (f.search?.trim()) {
    const text = `%${escapeLike(f.search.trim())}%`;
    where.push(or(ilike(person.name, text), ilike(leads.name, text), ilike(smsMessages.phone, text)) as SQL);
  }
  return where;
}

async function page(tx: Tx, where: SQL[], p: { page: number; per_page: number }) {
  const base = tx
    .select({
      m: smsMessages,
      personName: person.name,
      leadName: leads.name,
      authorName: author.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(smsMessages)
    .leftJoin(person, and(eq(person.companyId, smsMessages.companyId), eq(person.id, smsMessages.userId)))
    .leftJoin(leads, and(eq(leads.companyId, smsMessages.companyId), eq(leads.id, smsMessages.leadId)))
    .leftJoin(author, and(eq(author.companyId, smsMessages.companyId), eq(author.id, smsMessages.createdBy)))
    .where(and(...where))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(p.per_page)
    .offset((p.page - 1) * p.per_page);
  const rows = await base;
  const total = rows[0]?.total ?? 0;
  const data: SmsMessage[] = rows.map(({ m, personName, leadName, authorName }) => ({
    id: m.id,
    created_at: m.createdAt.toISOString(),
    state: m.state as SmsMessage['state'],
    state_at: m.stateAt?.toISOString() ?? null,
    phone: m.phone,
    recipient: m.recipient as SmsMessage['recipient'],
    person: m.userId && personName ? { id: m.userId, name: personName } : null,
    lead: m.leadId && leadName ? { id: m.leadId, name: leadName } : null,
    text: m.text,
    parts: m.parts,
    alphabet: m.alphabet as SmsMessage['alphabet'],
    kind: m.kind as SmsMessage['kind'],
    rule: (m.rule as SmsMessage['rule']) ?? null,
    sender: m.sender,
    author: m.createdBy && authorName ? { id: m.createdBy, name: authorName } : null,
    error: m.error,
    delivered_by: m.provider === TELEGRAM_PROVIDER ? 'telegram' : 'sms',
  }));
  return { data, pagination: paginate(total, p.page, p.per_page, data.length) };
}

/** Spec §2 sms: the log, newest first, with the month's use against the limit. */
export async function smsLog(tx: Tx, actor: Actor, f: SmsLogFilter, at: Date, logOnly: boolean) {
  const result = await page(tx, scopeOf(actor, f), f);
  return { ...result, usage: await usageOf(tx, await smsAccountOf(tx, actor.companyId), at, logOnly) };
}

/** Staff read the SMS of people of their branches; a teacher (spec §6) those of his groups' students. */
async function mayRead(tx: Tx, actor: Actor, userId: number) {
  const staff = canAccess('sms', actor.roles) || canAccess('students', actor.roles);
  const branches = branchFilterOf(actor);
  const [row] = await selectRows<{ ok: boolean }>(
    tx,
    staff
      ? branches
        ? sql`select exists (select 1 from user_branches where company_id = ${actor.companyId} and user_id = ${userId}
            and branch_id = any(${pgArray(branches)}::bigint[])) as ok`
        : sql`select true as ok`
      : sql`select exists (select 1 from group_students gs join groups g on g.company_id = gs.company_id
          and g.id = gs.group_id where gs.company_id = ${actor.companyId} and gs.student_id = ${userId}
          and g.teacher_id = ${actor.id}) as ok`,
  );
  return row?.ok === true;
}

/** Spec §7 GET /user/{id}/sms_history: the SMS to a person (his own and his parent's number). */
export async function userSmsHistory(tx: Tx, actor: Actor, userId: number, p: { page: number; per_page: number }) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, actor.companyId), eq(users.id, userId)));
  if (!user) throw new AppError(404, 'not_found');
  if (!(await mayRead(tx, actor, userId))) throw forbidden();
  return page(tx, [eq(smsMessages.companyId, actor.companyId), eq(smsMessages.userId, userId)], p);
}
