import { addDays, HistoryEvent, Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';

/** One branch and period of the audit, with the company's time zone (history is kept as instants). */
export interface AuditScope {
  companyId: number;
  branchId: number;
  from: string;
  till: string;
  timeZone: string;
}

interface StaffDay {
  day: string;
  staff_id: number;
  staff_name: string;
}

/** The money of one (day, staff member, kind, method): how many entries and their signed sum. */
export interface MoneyGroupRow extends StaffDay {
  kind: 'payment' | 'refund' | 'write_off';
  method: string | null;
  n: number;
  amount: number;
}

/**
 * The ledger's payments, refunds and write-offs of the branch and period, by business day, author, kind
 * and method — one statement on the (company, branch, kind, date) index. Only entries that still count
 * (finance-reports `stillCounts`): a reversal is in no row, and neither is the entry it reversed.
 */
export function moneyGroups(tx: Tx, scope: AuditScope) {
  return selectRows<MoneyGroupRow>(
    tx,
    sql`select le.entry_date::text as day, le.author_id::int as staff_id, u.name as staff_name,
        le.kind, le.method, count(*)::int as n, sum(le.amount)::float8 as amount
      from ledger_entries le
      join users u on u.company_id = le.company_id and u.id = le.author_id
      where le.company_id = ${scope.companyId} and le.branch_id = ${scope.branchId}
        and le.kind in ('payment', 'refund', 'write_off')
        and le.entry_date >= ${scope.from} and le.entry_date <= ${scope.till}
        and le.reverses_id is null
        and not exists (select 1 from ledger_entries r where r.company_id = le.company_id and r.reverses_id = le.id)
      group by 1, 2, 3, 4, 5`,
  );
}

/** The figures of one (day, staff member) that the history holds. */
export interface ActionRow extends StaffDay {
  students_added: number;
  students_activated: number;
  students_archived: number;
  attendance_marked: number;
  leads_handled: number;
}

const E = HistoryEvent;
/** The lead events that count as handling a lead (a visitor's form has no actor and is left out anyway). */
const LEAD_EVENTS = [E.leadAdded, E.leadEdited, E.leadMoved, E.leadArchived, E.leadRestored, E.leadConverted];
const ACTION_EVENTS = [
  E.userCreated,
  E.usersImported,
  E.studentStatusChanged,
  E.userArchived,
  E.attendanceMarked,
  ...LEAD_EVENTS,
];
const inList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The history's figures per day (in the company's time zone) and author, one statement on the
 * (company, created_at) index, with the shapes the owning modules write:
 * - students added: userCreated of a student (one by one or from a lead) and usersImported's `imported`;
 * - activated / archived: studentStatusChanged to 5 / to 6 (removed from a group to its archive), and
 *   userArchived of a student (archived altogether);
 * - attendance: attendanceMarked with a mark (a cleared mark has `status` null), a whole lesson counting
 *   each of its `student_ids`;
 * - leads handled: distinct leads among the lead events.
 */
export function actionRows(tx: Tx, scope: AuditScope) {
  const start = sql`(${scope.from}::date::timestamp at time zone ${scope.timeZone})`;
  const end = sql`(${addDays(scope.till, 1)}::date::timestamp at time zone ${scope.timeZone})`;
  return selectRows<ActionRow>(
    tx,
    sql`select to_char(h.created_at at time zone ${scope.timeZone}, 'YYYY-MM-DD') as day,
        h.actor_id::int as staff_id, u.name as staff_name,
        coalesce(sum(case
          when h.type = ${E.userCreated} and h.data->>'user_type' = 'student' then 1
          when h.type = ${E.usersImported} then coalesce((h.data->>'imported')::int, 0)
          else 0 end), 0)::int as students_added,
        (count(*) filter (where h.type = ${E.studentStatusChanged} and h.data->>'to' = '5'))::int
          as students_activated,
        (count(*) filter (where (h.type = ${E.studentStatusChanged} and h.data->>'to' = '6')
          or (h.type = ${E.userArchived} and h.data->'roles' @> ${JSON.stringify([Role.student])}::jsonb)))::int
          as students_archived,
        coalesce(sum(case when h.type = ${E.attendanceMarked} and jsonb_typeof(h.data->'status') = 'number' then
          case when jsonb_typeof(h.data->'student_ids') = 'array' then jsonb_array_length(h.data->'student_ids')
          else 1 end else 0 end), 0)::int as attendance_marked,
        (count(distinct h.entity_id) filter (where h.type in (${inList(LEAD_EVENTS)})))::int as leads_handled
      from history_events h
      join users u on u.company_id = h.company_id and u.id = h.actor_id
      where h.company_id = ${scope.companyId} and h.branch_id = ${scope.branchId}
        and h.created_at >= ${start} and h.created_at < ${end}
        and h.type in (${inList(ACTION_EVENTS)})
      group by 1, 2, 3`,
  );
}
