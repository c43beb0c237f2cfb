import { groupTitle, onlyDigits, Role, RUNNING_GROUP_STATUSES, StudentStatus } from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { escapeLike } from '../users/list-filters.js';

/**
 * The SQL of the debtors lists and export. A balance is the sum of a student's ledger
 * entries (docs/decisions/0012); the lists read the sums the database keeps in
 * student_balances (decision 0017), the export sums entries up to its period's end.
 */

/** Who a list is about: the students of a branch, narrowed by the page's search and group. */
export interface StudentFilter {
  companyId: number;
  branchId: number;
  name_or_phone?: string;
  group_id?: number;
}

export interface StudentRow {
  id: number;
  name: string;
  phone: string;
  balance: number;
}

/**
 * The name holds the text; or, when the text is written like a phone ("90 123", "+998-90…")
 * with two digits or more, the phone holds its digits. A name with digits ("Group 2B") is
 * no phone search.
 */
function searchOf(text: string | undefined, table: 'u' | 's'): SQL {
  const trimmed = text?.trim();
  if (!trimmed) return sql``;
  const of = sql.raw(table);
  const byName = sql`${of}.name ilike ${`%${escapeLike(trimmed)}%`}`;
  const digits = /^[\d\s()+-]+$/.test(trimmed) ? onlyDigits(trimmed) : '';
  return digits.length >= 2 ? sql`and (${byName} or ${of}.phone like ${`%${digits}%`})` : sql`and ${byName}`;
}

/** In the group, when the list is narrowed to one. */
const inGroupOf = (f: StudentFilter, student: SQL): SQL =>
  f.group_id
    ? sql`and exists (select 1 from group_students gs where gs.company_id = ${f.companyId}
        and gs.student_id = ${student} and gs.group_id = ${f.group_id})`
    : sql``;

/**
 * The same students from their kept list rows `s` (decision 0030): the branch's narrow rows through an index,
 * with their names, phones and balances, instead of every wide `users` row of the branch.
 */
function listRowScope(f: StudentFilter): SQL {
  return sql`s.company_id = ${f.companyId} and s.branch_id = ${f.branchId} and not s.archived
    ${searchOf(f.name_or_phone, 's')} ${inGroupOf(f, sql`s.student_id`)}`;
}

/** The branch's students that are not archived, matching the search and group. */
function studentScope(f: StudentFilter): SQL {
  return sql`u.company_id = ${f.companyId} and u.archived_at is null and ${Role.student} = any(u.roles)
    and exists (select 1 from user_branches ub where ub.company_id = u.company_id and ub.user_id = u.id
      and ub.branch_id = ${f.branchId})
    ${searchOf(f.name_or_phone, 'u')} ${inGroupOf(f, sql`u.id`)}`;
}

const toRow = (row: StudentRow): StudentRow => ({ ...row, balance: Number(row.balance) });

/**
 * The debtors (balance below zero), deepest first, one page, with the count and sum of the whole filter. The
 * balances are the ones the database keeps beside the ledger (student_balances, decision 0017), read from the
 * branch's list rows (decision 0030): an index range of the branch's debtors, not its every student.
 */
export async function debtorRows(tx: Tx, f: StudentFilter, page: { page: number; per_page: number }) {
  const rows = await selectRows<StudentRow & { total: number; total_debt: number }>(
    tx,
    sql`select s.student_id::int as id, s.name, s.phone, s.balance::float8 as balance,
        count(*) over ()::int as total, sum(s.balance) over ()::float8 as total_debt
      from student_list_rows s
      where ${listRowScope(f)} and s.balance < 0
      order by s.balance asc, s.student_id asc
      limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`,
  );
  const [first] = rows;
  return { rows: rows.map(toRow), total: first?.total ?? 0, totalDebt: Number(first?.total_debt ?? 0) };
}

/**
 * The students who may lack money for their next charge: balance zero or more (none booked
 * yet is zero) and a current, active place in a running group — the places to price.
 */
export async function notEnoughCandidates(tx: Tx, f: StudentFilter) {
  const rows = await selectRows<StudentRow & { group_ids: number[] }>(
    tx,
    sql`select s.student_id::int as id, s.name, s.phone, s.balance::float8 as balance,
        array_agg(gs.group_id::int order by gs.group_id) as group_ids
      from student_list_rows s
      join group_students gs on gs.company_id = s.company_id and gs.student_id = s.student_id
        and gs.status = ${StudentStatus.active} and gs.left_date is null
      join groups g on g.company_id = gs.company_id and g.id = gs.group_id
        and g.status = any(${pgArray(RUNNING_GROUP_STATUSES)}::smallint[])
      where s.balance >= 0 and ${listRowScope(f)}
      group by s.student_id, s.name, s.phone, s.balance`,
  );
  return rows.map((row) => ({ ...toRow(row), groupIds: row.group_ids }));
}

export interface GroupLine {
  studentId: number;
  groupId: number;
  title: string;
  balance: number;
}

/** Each student's balance per group as the database keeps it beside the ledger (place_balances). */
const keptLines = (companyId: number, ids: string): SQL =>
  sql`select student_id, group_id, balance from place_balances
    where company_id = ${companyId} and student_id = any(${ids}::bigint[])`;

/** The same as of a past day: the entries dated up to it, summed. */
const ledgerLines = (companyId: number, ids: string, asOf: string): SQL =>
  sql`select student_id, group_id, sum(amount)::bigint as balance from ledger_entries
    where company_id = ${companyId} and student_id = any(${ids}::bigint[]) and group_id is not null
      and entry_date <= ${asOf}::date
    group by student_id, group_id`;

/**
 * The students' groups: every group with entries of theirs (its balance) and every group
 * they are still in (balance 0 when nothing is booked there yet), by group id.
 */
export async function groupLines(tx: Tx, companyId: number, studentIds: number[], asOf?: string) {
  if (!studentIds.length) return [];
  const ids = pgArray(studentIds);
  const rows = await selectRows<{
    student_id: number;
    group_id: number;
    name: string | null;
    code: string;
    balance: number;
  }>(
    tx,
    sql`with lines as (
        ${asOf ? ledgerLines(companyId, ids, asOf) : keptLines(companyId, ids)}
        union all
        select student_id, group_id, 0 from group_students
        where company_id = ${companyId} and student_id = any(${ids}::bigint[]) and left_date is null)
      select l.student_id::int as student_id, l.group_id::int as group_id, g.name, g.code,
        sum(l.balance)::float8 as balance
      from lines l join groups g on g.company_id = ${companyId} and g.id = l.group_id
      group by l.student_id, l.group_id, g.name, g.code
      order by l.group_id`,
  );
  return rows.map(
    (row): GroupLine => ({
      studentId: row.student_id,
      groupId: row.group_id,
      title: groupTitle(row),
      balance: Number(row.balance),
    }),
  );
}

/** A debtor of the export: his balance before the period, its movements by kind, and after it. */
export interface ExportRow extends StudentRow {
  opening: number;
  paid: number;
  charged: number;
  other: number;
}

/**
 * The debtors as of `end` (entries dated up to it sum below zero), deepest first, with the
 * period's movements: paid (payments), charged (charges and write-offs, as a positive
 * amount) and other (refunds, transfers, corrections; signed), so that
 * balance = opening + paid − charged + other.
 */
export async function exportRows(tx: Tx, f: StudentFilter, period: { start: string; end: string }, cap: number) {
  const rows = await selectRows<ExportRow>(
    tx,
    sql`with b as (
        select student_id,
          sum(amount) filter (where entry_date < ${period.start}::date)::float8 as opening,
          coalesce(sum(amount) filter (where entry_date >= ${period.start}::date and kind = 'payment'), 0)::float8 as paid,
          coalesce(-sum(amount) filter (where entry_date >= ${period.start}::date
            and kind in ('charge', 'write_off')), 0)::float8 as charged,
          coalesce(sum(amount) filter (where entry_date >= ${period.start}::date
            and kind not in ('payment', 'charge', 'write_off')), 0)::float8 as other,
          sum(amount)::float8 as balance
        from ledger_entries where company_id = ${f.companyId}
          and student_id in (select u.id from users u where ${studentScope(f)})
          and entry_date <= ${period.end}::date
        group by student_id)
      select u.id::int as id, u.name, u.phone, b.balance, coalesce(b.opening, 0) as opening, b.paid, b.charged, b.other
      from b join users u on u.company_id = ${f.companyId} and u.id = b.student_id
      where b.balance < 0 and ${studentScope(f)}
      order by b.balance asc, u.id asc
      limit ${cap}`,
  );
  return rows.map((row) => ({
    ...toRow(row),
    opening: Number(row.opening),
    paid: Number(row.paid),
    charged: Number(row.charged),
    other: Number(row.other),
  }));
}
