import { addMonths, type Dashboard } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { FUNNEL_COUNTS, periodBounds } from '../leads/lead-report.js';
import { type DashboardScope, percentOf } from './dashboard-scope.js';

type Funnel = NonNullable<Dashboard['funnel']>;

/**
 * The leads card, the funnel of this month's leads and their sources in two statements. A course filter narrows
 * the leads to those of the course; the teacher and group-type filters have no meaning for a lead.
 */
export async function leadCardsOf(
  tx: Tx,
  scope: DashboardScope & { branchId: number },
  month: { from: string; till: string },
  timeZone: string,
  courseId: number | undefined,
) {
  const { start, end } = periodBounds(month.from, month.till, timeZone);
  const ofBranch = sql`l.company_id = ${scope.companyId} and l.branch_id = ${scope.branchId}
    ${courseId ? sql`and l.course_id = ${courseId}` : sql``}`;
  const [counts] = await selectRows<{ new_this_month: number; in_work: number }>(
    tx,
    sql`select
        (select count(*) from leads l where ${ofBranch} and l.created_at >= ${start} and l.created_at < ${end})::int
          as new_this_month,
        (select count(*) from leads l where ${ofBranch} and l.archived_at is null and l.student_id is null)::int
          as in_work`,
  );
  // One pass over the month's leads: a row per source and, by the empty grouping set, the whole funnel.
  const rows = await selectRows<Funnel & { source: string; total: boolean }>(
    tx,
    sql`select coalesce(s.name, '') as source, grouping(s.name) = 1 as total, ${FUNNEL_COUNTS}
      from leads l left join lead_sources s on s.company_id = l.company_id and s.id = l.source_id
      where ${ofBranch} and l.created_at >= ${start} and l.created_at < ${end}
      group by grouping sets ((s.name), ())`,
  );
  const whole = rows.find((row) => row.total);
  const funnel: Funnel = whole
    ? { leads: whole.leads, waiting_or_set: whole.waiting_or_set, trial: whole.trial, paid: whole.paid }
    : { leads: 0, waiting_or_set: 0, trial: 0, paid: 0 };
  const sources = rows
    .filter((row) => !row.total)
    .sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source))
    .map((row) => ({
      source: row.source,
      leads: row.leads,
      paid: row.paid,
      share: percentOf(row.leads, funnel.leads),
      conversion: percentOf(row.paid, row.leads),
    }));
  return { leads: counts ?? { new_this_month: 0, in_work: 0 }, funnel, sources };
}

interface MonthRow {
  month: string;
  payments: number;
  refunds: number;
  expenses: number;
  salaries: number;
  active_students: number;
}

/**
 * The money card (this month beside last) and the twelve-month line in one pass over the ledger's
 * (company, branch, kind, date) index. Entries that were cancelled, and the cancellations themselves, do not
 * count — as in the finance reports, so the card and the payments page agree. "Active students" of a month are
 * the students charged for it (spec §4: active = pays), in the scope's groups; with a card filter, money still
 * covers the whole branch (expenses and salaries belong to no group), which the page says.
 */
export async function monthlyOf(tx: Tx, scope: DashboardScope, today: string, months: number) {
  const first = addMonths(`${today.slice(0, 7)}-01`, -(months - 1));
  const c = scope.companyId;
  const where = scope.branchId === null ? sql`true` : sql`e.branch_id = ${scope.branchId}`;
  const inScope = sql`e.group_id in (select g.id from groups g where ${scope.groups})`;
  const moneyKinds = scope.branchId === null ? sql`` : sql`, 'payment', 'refund', 'expense', 'salary'`;
  const rows = await selectRows<MonthRow>(
    tx,
    sql`select to_char(e.entry_date, 'YYYY-MM') as month,
        coalesce(sum(e.amount) filter (where e.kind = 'payment'), 0)::float8 as payments,
        coalesce(-sum(e.amount) filter (where e.kind = 'refund'), 0)::float8 as refunds,
        coalesce(-sum(e.amount) filter (where e.kind = 'expense'), 0)::float8 as expenses,
        coalesce(-sum(e.amount) filter (where e.kind = 'salary'), 0)::float8 as salaries,
        count(distinct e.student_id) filter (where e.kind = 'charge' and ${inScope})::int as active_students
      from ledger_entries e
      where e.company_id = ${c} and ${where} and e.kind in ('charge'${moneyKinds})
        and e.entry_date >= ${first} and e.entry_date <= ${today}
        and e.reverses_id is null
        and not exists (select 1 from ledger_entries r where r.company_id = e.company_id and r.reverses_id = e.id)
      group by 1`,
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return Array.from({ length: months }, (_, i) => {
    const month = addMonths(first, i).slice(0, 7);
    const row = byMonth.get(month);
    return {
      month,
      active_students: row?.active_students ?? 0,
      payments: Number(row?.payments ?? 0),
      refunds: Number(row?.refunds ?? 0),
      expenses: Number(row?.expenses ?? 0),
      salaries: Number(row?.salaries ?? 0),
    };
  });
}

type MonthFigures = Awaited<ReturnType<typeof monthlyOf>>[number];

/** A month of the money card: payments, money out, and the finance report's profit. */
export const moneyOfMonth = (figures: MonthFigures | undefined, period: { from: string; till: string }) => {
  const payments = figures?.payments ?? 0;
  const refunds = figures?.refunds ?? 0;
  const expenses = (figures?.expenses ?? 0) + (figures?.salaries ?? 0);
  return { ...period, payments, expenses, profit: payments - refunds - expenses };
};
