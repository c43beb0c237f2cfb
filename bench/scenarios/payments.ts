import type { Dataset } from '../dataset/index.js';
import { companySettings, historyEvent } from './shared-sql.js';
import { type LoadScenario, nth, q } from './types.js';

const METHODS = ['cash', 'card', 'payme', 'click', 'transfer'] as const;

/** An entry as the API shows it (finance/ledger.ts entryViewQuery): its reversal, student, group and author. */
const entryView = `select e.*, r.id as reversed_by_id, r.entry_date as reversal_date, r.reason as reversal_reason,
    s.name as student_name, g.name as group_name, g.code as group_code, a.name as author_name
  from ledger_entries e
  left join ledger_entries r on r.company_id = e.company_id and r.reverses_id = e.id
  left join users s on s.company_id = e.company_id and s.id = e.student_id
  left join groups g on g.company_id = e.company_id and g.id = e.group_id
  left join users a on a.company_id = e.company_id and a.id = e.author_id`;

const paymentOf = (d: Dataset, i: number) => {
  const place = nth(d.places, i);
  return {
    place,
    body: {
      student_id: place.studentId,
      group_id: place.groupId,
      amount: 100_000 * (1 + (i % 6)),
      date: d.today,
      method: nth(METHODS, i, 1),
    },
  };
};

/** Spec §7 POST /payment with an Idempotency-Key, as the cash desk sends it (finance/payments.ts createPayment). */
export const takePayment = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'take a payment',
  what: 'POST /payment (Idempotency-Key, unique per request): a student pays for his group, a different student each time',
  actor: 'cashier',
  concurrency: 20,
  requests: 2_000,
  request: (i) => ({
    method: 'POST',
    path: '/api/v1/payment',
    body: JSON.stringify(paymentOf(d, i).body),
    headers: { 'idempotency-key': `bench-payment-${d.runTag ?? 'after'}-${i}` },
  }),
  sql: (i) => {
    const { place, body } = paymentOf(d, i);
    const cid = d.company.id;
    const key = `bench-sql-payment-${d.runTag ?? 'after'}-${i}`;
    return [
      q`insert into idempotency_keys (company_id, key, request, status_code, response)
        values (${cid}, ${key}, 'POST /payment', 0, 'null'::jsonb) on conflict do nothing returning key`,
      companySettings(cid),
      // moneyTarget: the student locked, so one student's movements are booked one at a time.
      q`select u.id, u.name, u.phone, u.roles, u.main_branch_id, u.archived_at is not null as archived,
          (select array_agg(ub.branch_id) from user_branches ub where ub.company_id = u.company_id and ub.user_id = u.id)
        from users u where u.company_id = ${cid} and u.id = ${place.studentId} for update of u`,
      q`select g.branch_id from group_students gs join groups g on g.company_id = gs.company_id and g.id = gs.group_id
        where gs.company_id = ${cid} and gs.group_id = ${place.groupId} and gs.student_id = ${place.studentId}`,
      q`insert into ledger_entries (company_id, branch_id, kind, amount, entry_date, student_id, group_id, method, cause,
          author_id)
        values (${cid}, ${place.branchId}, 'payment', ${body.amount}, ${body.date}::date, ${place.studentId},
          ${place.groupId}, ${body.method}, 'payment', ${d.company.ownerId})
        returning id`,
      (rows) => ({ text: `${entryView} where e.company_id = $1 and e.id = $2`, values: [cid, rows[0]?.id] }),
      // The balances move with the entry (finance/balance-upkeep.ts).
      q`select add_to_balances(${cid}, array[${place.studentId}]::bigint[], array[${place.groupId}]::bigint[],
          array[${body.amount}]::bigint[])`,
      historyEvent(cid, 'balanceTopUp', 'user', place.studentId, place.branchId, d.company.ownerId, {
        amount: body.amount,
        method: body.method,
      }),
      q`update idempotency_keys set status_code = 200, response = '{}'::jsonb where company_id = ${cid} and key = ${key}`,
    ];
  },
});

const listOf = (d: Dataset, i: number) => ({
  branchId: nth(d.branchIds, i, 1),
  // Every fourth look is at one method (the cash of the day's till, say).
  method: i % 4 === 3 ? nth(METHODS, i, 1) : undefined,
});

/** Spec §7 GET /payment: a branch's payments of last month with count and totals per method (listPayments). */
export const paymentsMonth = (d: Dataset): LoadScenario => {
  const { from, till } = d.lastMonth;
  return {
    kind: 'load',
    name: 'payments for a month',
    what: `GET /payment?branch_id&from=${from}&to=${till}&per_page=50: a branch's payments of a month, first page, with count and totals per method (every fourth: one method)`,
    actor: 'cashier',
    concurrency: 20,
    requests: 2_000,
    request: (i) => {
      const { branchId, method } = listOf(d, i);
      const only = method ? `&method=${method}` : '';
      return {
        method: 'GET',
        path: `/api/v1/payment?branch_id=${branchId}&from=${from}&to=${till}&page=1&per_page=50${only}`,
      };
    },
    sql: (i) => {
      const { branchId, method } = listOf(d, i);
      const values: unknown[] = [d.company.id, branchId, from, till];
      if (method) values.push(method);
      const where = `e.company_id = $1 and e.branch_id = $2 and e.kind = 'payment' and e.reverses_id is null
        and e.entry_date >= $3::date and e.entry_date <= $4::date ${method ? 'and e.method = $5' : ''}
        and not exists (select 1 from ledger_entries x where x.company_id = e.company_id and x.reverses_id = e.id)`;
      return [
        { text: `${entryView} where ${where} order by e.entry_date desc, e.id desc limit 50`, values },
        {
          text: `select e.method, count(*) as listed, count(*) as counted, coalesce(sum(e.amount), 0) as amount
            from ledger_entries e where ${where} group by e.method`,
          values,
        },
      ];
    },
    targets: { ratio: 1.5 },
  };
};
