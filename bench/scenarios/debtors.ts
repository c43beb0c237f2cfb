import type { Dataset } from '../dataset/index.js';
import { companySettings } from './shared-sql.js';
import { type LoadScenario, nth, q, type SqlCall } from './types.js';

const PER_PAGE = 50;

/**
 * Spec §7 POST /user/debtors/list/{branch_id}: the branch's students whose balance is below
 * zero, deepest first, each with his groups' balances and next charges (finance/debtors.ts:
 * debtorRows, groupLines, then the prices the day's billing run kept).
 */
export const debtors = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'debtors list',
  what: "POST /user/debtors/list/{branch_id}: a branch's debtors, deepest first, first page of 50, with each one's groups, balances and next charge",
  actor: 'cashier',
  concurrency: 20,
  requests: 500,
  request: (i) => ({
    method: 'POST',
    path: `/api/v1/user/debtors/list/${nth(d.branchIds, i, 1)}`,
    body: JSON.stringify({ page: 1, per_page: PER_PAGE }),
  }),
  sql: (i) => {
    const branchId = nth(d.branchIds, i, 1);
    const cid = d.company.id;
    return [
      q`select id from branches where company_id = ${cid} and id = ${branchId}`,
      companySettings(cid),
      // The branch's kept list rows with their balances (finance/debtors-query.ts, decision 0030).
      q`select s.student_id::int as id, s.name, s.phone, s.balance::float8 as balance,
          count(*) over ()::int as total, sum(s.balance) over ()::float8 as total_debt
        from student_list_rows s
        where s.company_id = ${cid} and s.branch_id = ${branchId} and not s.archived and s.balance < 0
        order by s.balance asc, s.student_id asc limit ${PER_PAGE} offset 0`,
      (rows): SqlCall => {
        const ids = `{${rows.map((r) => r.id).join(',')}}`;
        // The groups' balances the database keeps beside the ledger (place_balances).
        return q`with lines as (
            select student_id, group_id, balance from place_balances
            where company_id = ${cid} and student_id = any(${ids}::bigint[])
            union all
            select student_id, group_id, 0 from group_students
            where company_id = ${cid} and student_id = any(${ids}::bigint[]) and left_date is null)
          select l.student_id::int as student_id, l.group_id::int as group_id, g.name, g.code,
            sum(l.balance)::float8 as balance
          from lines l join groups g on g.company_id = ${cid} and g.id = l.group_id
          group by l.student_id, l.group_id, g.name, g.code order by l.group_id`;
      },
      // placePrices: the prices the day's billing run kept, still current (billing/kept-prices.ts).
      (rows): SqlCall => {
        const groupIds = `{${rows.map((r) => r.group_id).join(',')}}`;
        const studentIds = `{${rows.map((r) => r.student_id).join(',')}}`;
        return q`select p.group_id, p.student_id, p.lesson_price, p.next_charge_date::text, p.next_charge_amount
          from unnest(${groupIds}::bigint[], ${studentIds}::bigint[]) as wanted(group_id, student_id)
          join place_prices p on p.company_id = ${cid} and p.group_id = wanted.group_id
            and p.student_id = wanted.student_id
          left join billing_input_versions g on g.company_id = p.company_id and g.group_id = p.group_id
          left join billing_input_versions c on c.company_id = p.company_id and c.group_id = 0
          where p.priced_on = ${d.today}::date
            and p.group_version = coalesce(g.version, 0) and p.company_version = coalesce(c.version, 0)`;
      },
    ];
  },
  targets: { p95Ms: 50, ratio: 1.5 },
});
