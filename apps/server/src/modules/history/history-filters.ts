import { addDays, type HistoryFilter } from '@crm/contracts';
import { and, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { historyEvents } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';
import { invalidField } from '../users/service.js';

/** Whether the event's data holds `fragment` (jsonb containment: `{"student_id": 7}`, `{"student_ids": [7]}`). */
const dataHolds = (fragment: Record<string, unknown>): SQL =>
  sql`${historyEvents.data} @> ${JSON.stringify(fragment)}::jsonb`;

const about = (entity: string, id: number) => and(eq(historyEvents.entity, entity), eq(historyEvents.entityId, id));

/**
 * Events that concern a student: his own (payments, edits, notes: entity user) and the ones that
 * name him (his places and marks in groups, a lead that became him: data.student_id, student_ids).
 */
export const concernsStudent = (id: number): SQL =>
  or(about('user', id), dataHolds({ student_id: id }), dataHolds({ student_ids: [id] })) as SQL;

/** Events that concern a group: its own, and those that name it (a payment for it, a move in or out). */
export const concernsGroup = (id: number): SQL =>
  or(
    about('group', id),
    dataHolds({ group_id: id }),
    dataHolds({ from_group_id: id }),
    dataHolds({ to_group_id: id }),
  ) as SQL;

export const concernsLead = (id: number): SQL => about('lead', id) as SQL;

/**
 * The instants of a period of company days: from the start of `from` to the start of the day after
 * `till`, in the company's time zone (an event at 23:30 in Tashkent belongs to that Tashkent day).
 */
function inPeriod(from: string | undefined, till: string | undefined, timeZone: string): SQL[] {
  const where: SQL[] = [];
  if (from) where.push(gte(historyEvents.createdAt, sql`(${from}::date::timestamp at time zone ${timeZone})`));
  if (till)
    where.push(lt(historyEvents.createdAt, sql`(${addDays(till, 1)}::date::timestamp at time zone ${timeZone})`));
  return where;
}

/**
 * The log's filters as conditions (the company is added by listHistoryPage). Branch scope: a caller
 * who does not see every branch sees his branches' events and the company-wide ones (no branch); a
 * branch asked for must be one of his (403 otherwise, as every branch filter of the API).
 */
export function historyFilters(actor: Actor, filter: HistoryFilter, timeZone: string): SQL[] {
  if (filter.from && filter.till && filter.till < filter.from)
    throw invalidField('till', 'end_before_start', 'till is before from');
  const where: SQL[] = [];
  const scope = branchFilterOf(actor);
  if (scope) {
    where.push(
      (scope.length
        ? or(inArray(historyEvents.branchId, scope), isNull(historyEvents.branchId))
        : isNull(historyEvents.branchId)) as SQL,
    );
  }
  if (filter.branch_id !== undefined) {
    assertBranch(actor, filter.branch_id);
    where.push(eq(historyEvents.branchId, filter.branch_id));
  }
  if (filter.type?.length) where.push(inArray(historyEvents.type, filter.type));
  if (filter.entity) where.push(eq(historyEvents.entity, filter.entity));
  if (filter.actor_id !== undefined) where.push(eq(historyEvents.actorId, filter.actor_id));
  where.push(...inPeriod(filter.from, filter.till, timeZone));
  if (filter.student_id !== undefined) where.push(concernsStudent(filter.student_id));
  if (filter.group_id !== undefined) where.push(concernsGroup(filter.group_id));
  if (filter.lead_id !== undefined) where.push(concernsLead(filter.lead_id));
  return where;
}
