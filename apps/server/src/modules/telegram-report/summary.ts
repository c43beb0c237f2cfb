import { AttendanceMark, Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { periodBounds } from '../leads/lead-report.js';

/** The figures of one company's day that the daily Telegram report tells (issue 15). */
export interface DaySummary {
  day: string;
  /** Payments of the day that still count, by method, largest first; minor units. */
  payments: { method: string; count: number; amount: number }[];
  newStudents: number;
  newLeads: number;
  attendance: { present: number; absent: number };
  /** Students owing money now (not as of the day): how many, and what they owe together (positive). */
  debtors: { count: number; debt: number };
}

interface CountsRow {
  new_students: number;
  new_leads: number;
  present: number;
  absent: number;
  debtors: number;
  debt: number;
}

/**
 * One company's day in two statements, all branches together. Payments are those booked on the day that were
 * not cancelled (nor are cancellations), as on the payments page: a payment cancelled later drops out of its
 * day, and a cancellation of an earlier day's payment changes that day, not this one. Students and leads are
 * those created during the day in the company's time zone; attendance is the marks of the day's lessons.
 * Debtors are read from the kept balances (decision 0017), archived students left out as in the debtors list.
 */
export async function daySummary(tx: Tx, companyId: number, day: string, timeZone: string): Promise<DaySummary> {
  const { start, end } = periodBounds(day, day, timeZone);
  const payments = await selectRows<{ method: string; count: number; amount: number }>(
    tx,
    sql`select coalesce(e.method, '') as method, count(*)::int as count, sum(e.amount)::float8 as amount
      from ledger_entries e
      where e.company_id = ${companyId} and e.kind = 'payment' and e.entry_date = ${day} and e.reverses_id is null
        and not exists (select 1 from ledger_entries r where r.company_id = e.company_id and r.reverses_id = e.id)
      group by 1
      order by 3 desc, 1`,
  );
  const [counts] = await selectRows<CountsRow>(
    tx,
    sql`select
        (select count(*) from users u where u.company_id = ${companyId} and ${Role.student} = any(u.roles)
          and u.created_at >= ${start} and u.created_at < ${end})::int as new_students,
        (select count(*) from leads l where l.company_id = ${companyId}
          and l.created_at >= ${start} and l.created_at < ${end})::int as new_leads,
        marks.present, marks.absent, owing.debtors, owing.debt
      from (select count(*) filter (where a.status = ${AttendanceMark.present})::int as present,
              count(*) filter (where a.status = ${AttendanceMark.absent})::int as absent
            from attendances a where a.company_id = ${companyId} and a.attend_date = ${day}) marks,
        (select count(*)::int as debtors, coalesce(-sum(b.balance), 0)::float8 as debt
            from student_balances b
            join users u on u.company_id = b.company_id and u.id = b.student_id
            where b.company_id = ${companyId} and b.balance < 0 and u.archived_at is null
              and ${Role.student} = any(u.roles)) owing`,
  );
  if (!counts) throw new Error('the day summary statement returned no row');
  return {
    day,
    payments: payments.map((p) => ({ method: p.method, count: p.count, amount: Number(p.amount) })),
    newStudents: counts.new_students,
    newLeads: counts.new_leads,
    attendance: { present: counts.present, absent: counts.absent },
    debtors: { count: counts.debtors, debt: Number(counts.debt) },
  };
}
