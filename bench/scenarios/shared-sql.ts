import { HistoryEvent, type HistoryEventName } from '@crm/contracts';
import { q, type SqlCall } from './types.js';

/**
 * Statements several baselines share, written as the services run them: the company's
 * settings (its time zone and billing mode), a history event, and what the lesson calendar
 * reads for a set of groups.
 */

/** companyTime / companyBilling: the company's settings row. */
export const companySettings = (companyId: number) => q`select datas from companies where id = ${companyId}`;

/** recordHistory: one event in the same transaction as the change. */
export const historyEvent = (
  companyId: number,
  event: HistoryEventName,
  entity: string,
  entityId: number,
  branchId: number | null,
  actorId: number,
  data: unknown,
) => q`insert into history_events (company_id, type, entity, entity_id, branch_id, actor_id, data)
  values (${companyId}, ${HistoryEvent[event]}, ${entity}, ${entityId}, ${branchId}, ${actorId}, ${JSON.stringify(data)}::jsonb)`;

/** loadCalendars: the groups' lesson changes in (or moved into) the period, their past teachers, the holidays. */
export const calendarReads = (
  companyId: number,
  groupIds: readonly number[],
  from: string,
  till: string,
): SqlCall[] => {
  const ids = `{${groupIds.join(',')}}`;
  return [
    q`select * from lessons where company_id = ${companyId} and group_id = any(${ids}::bigint[])
      and (scheduled_date between ${from}::date and ${till}::date or moved_date between ${from}::date and ${till}::date)`,
    q`select * from group_past_teachers where company_id = ${companyId} and group_id = any(${ids}::bigint[])`,
    q`select date, name from holidays where company_id = ${companyId}`,
  ];
};

/** findBranchGroup: the group, within the caller's branches. */
export const groupInBranches = (companyId: number, groupId: number, branchIds: readonly number[]) =>
  q`select id, branch_id, course_id, teacher_id, room_id, name, code, order_number, day_type, days, start_time,
      end_time, start_date, end_date, status
    from groups where company_id = ${companyId} and id = ${groupId} and branch_id = any(${`{${branchIds.join(',')}}`}::bigint[])`;
