import {
  groupTitle,
  HISTORY_EVENT_NAMES,
  HistoryEvent,
  type HistoryEventName,
  type HistoryEventType,
  type HistoryItem,
  paginate,
  userTypesOf,
} from '@crm/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { groups, historyEvents, leads, users } from '../db/schema/index.js';
import type { Actor } from './actor.js';

export interface HistoryRecord {
  event: HistoryEventName;
  entity: string;
  entityId?: number | null;
  branchId?: number | null;
  data?: Record<string, unknown>;
}

/** Writes a history event (spec §3) in the caller's transaction, so it exists exactly when the change does. */
/** `actor.id` null: nobody of the staff did it (a visitor's lead form); the log shows it as the system's. */
export async function recordHistory(
  tx: Tx,
  actor: { id: Actor['id'] | null; companyId: number },
  record: HistoryRecord,
) {
  await tx.insert(historyEvents).values({
    companyId: actor.companyId,
    type: HistoryEvent[record.event],
    entity: record.entity,
    entityId: record.entityId ?? null,
    branchId: record.branchId ?? null,
    actorId: actor.id,
    data: record.data ?? {},
  });
}

/** Many events of one actor in one statement per 1,000 (a bulk send, an automatic rule's day). */
export async function recordHistoryMany(
  tx: Tx,
  actor: { id: Actor['id'] | null; companyId: number },
  records: readonly HistoryRecord[],
) {
  for (let start = 0; start < records.length; start += 1000) {
    await tx.insert(historyEvents).values(
      records.slice(start, start + 1000).map((record) => ({
        companyId: actor.companyId,
        type: HistoryEvent[record.event],
        entity: record.entity,
        entityId: record.entityId ?? null,
        branchId: record.branchId ?? null,
        actorId: actor.id,
        data: record.data ?? {},
      })),
    );
  }
}

/**
 * The person an event concerns: the user it is about, else the student it names (data.student_id),
 * else the teacher (a salary's or its setting's teacher_id).
 */
const personIdOf = sql`case when ${historyEvents.entity} = 'user' then ${historyEvents.entityId}
  when jsonb_typeof(${historyEvents.data} -> 'student_id') = 'number' then (${historyEvents.data} ->> 'student_id')::bigint
  when jsonb_typeof(${historyEvents.data} -> 'teacher_id') = 'number' then (${historyEvents.data} ->> 'teacher_id')::bigint
  when jsonb_typeof(${historyEvents.data} #> '{after,teacher_id}') = 'number' then (${historyEvents.data} #>> '{after,teacher_id}')::bigint
  when jsonb_typeof(${historyEvents.data} #> '{before,teacher_id}') = 'number' then (${historyEvents.data} #>> '{before,teacher_id}')::bigint
  end`;
/** The group an event concerns: the group it is about, else the group it names (data.group_id). */
const groupIdOf = sql`case when ${historyEvents.entity} = 'group' then ${historyEvents.entityId}
  when jsonb_typeof(${historyEvents.data} -> 'group_id') = 'number' then (${historyEvents.data} ->> 'group_id')::bigint end`;

const author = alias(users, 'history_author');
const person = alias(users, 'history_person');

/**
 * A page of history events, newest first, with their authors' names and what they concern as it is
 * now (HistoryRefs): the company log, a user's and a group's history differ only in `filters` (the
 * company is added here). The joins are by primary key on the page's rows only.
 */
export async function listHistoryPage(
  tx: Tx,
  companyId: number,
  filters: SQL[],
  page: { page: number; per_page: number },
) {
  const where = and(eq(historyEvents.companyId, companyId), ...filters);
  const [total] = await tx.select({ n: count() }).from(historyEvents).where(where);
  const rows = await historyRows(tx, where)
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  const data = rows.map(toHistoryItem);
  return { data, pagination: paginate(total?.n ?? 0, page.page, page.per_page, data.length) };
}

/** The events matching `where` (which must hold the company), newest first, with names and refs. */
export function historyRows(tx: Tx, where: SQL | undefined) {
  const sameCompany = (table: { companyId: AnyPgColumn }) => eq(table.companyId, historyEvents.companyId);
  return tx
    .select({
      event: historyEvents,
      author: { name: author.name, gender: author.gender },
      person: { id: person.id, name: person.name, roles: person.roles },
      group: { id: groups.id, name: groups.name, code: groups.code },
      lead: { id: leads.id, name: leads.name },
    })
    .from(historyEvents)
    .leftJoin(author, and(sameCompany(author), eq(author.id, historyEvents.actorId)))
    .leftJoin(person, and(sameCompany(person), eq(person.id, personIdOf)))
    .leftJoin(groups, and(sameCompany(groups), eq(groups.id, groupIdOf)))
    .leftJoin(leads, and(sameCompany(leads), eq(historyEvents.entity, 'lead'), eq(leads.id, historyEvents.entityId)))
    .where(where)
    .orderBy(desc(historyEvents.createdAt), desc(historyEvents.id));
}

type HistoryRow = Awaited<ReturnType<typeof historyRows>>[number];

const genderOf = (value: string | null | undefined) => (value === 'm' || value === 'f' ? value : null);

export function toHistoryItem({ event, author, person, group, lead }: HistoryRow): HistoryItem {
  return {
    id: event.id,
    type: event.type,
    name: HISTORY_EVENT_NAMES[event.type as HistoryEventType] ?? 'unknown',
    entity: event.entity,
    entity_id: event.entityId,
    branch_id: event.branchId,
    actor: event.actorId ? { id: event.actorId, name: author?.name ?? '', gender: genderOf(author?.gender) } : null,
    data: (event.data ?? {}) as Record<string, unknown>,
    refs: {
      person: person?.id
        ? { id: person.id, name: person.name, type: userTypesOf(person.roles ?? [])[0] ?? null }
        : null,
      group: group?.id ? { id: group.id, title: groupTitle({ name: group.name, code: group.code }) } : null,
      lead: lead?.id ? { id: lead.id, name: lead.name } : null,
    },
    created_at: event.createdAt.toISOString(),
  };
}
