import {
  type AuditFigures,
  type AuditMoney,
  type AuditQuery,
  type AuditReport,
  type AuditRow,
  PAYMENT_METHODS,
  type PaymentMethod,
  seesMoney,
} from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { assertReportScope } from '../finance-reports/report-scope.js';
import { assertPeriod } from '../lessons/attendance-service.js';
import { companyTime } from '../lessons/company-time.js';
import { type ActionRow, type AuditScope, actionRows, type MoneyGroupRow, moneyGroups } from './audit-queries.js';

const noMoney = (): AuditMoney => ({
  payments: 0,
  paid: 0,
  by_method: {},
  refunds: 0,
  refunded: 0,
  write_offs: 0,
  written_off: 0,
  cash: 0,
});

const noFigures = (money: boolean): AuditFigures => ({
  money: money ? noMoney() : null,
  students_added: 0,
  students_activated: 0,
  students_archived: 0,
  attendance_marked: 0,
  leads_handled: 0,
});

/** Adds one ledger group (signed sums: payments +, refunds and write-offs −) to a row's money. */
function addMoney(money: AuditMoney, group: MoneyGroupRow): void {
  if (group.kind === 'payment') {
    money.payments += group.n;
    money.paid += group.amount;
    const method = group.method ?? 'other';
    money.by_method[method] = (money.by_method[method] ?? 0) + group.amount;
    if (group.method === 'cash') money.cash += group.amount;
  } else if (group.kind === 'refund') {
    money.refunds += group.n;
    money.refunded -= group.amount;
    if (group.method === 'cash') money.cash += group.amount;
  } else {
    money.write_offs += group.n;
    money.written_off -= group.amount;
  }
}

const ACTION_KEYS = [
  'students_added',
  'students_activated',
  'students_archived',
  'attendance_marked',
  'leads_handled',
] as const;

function addFigures(total: AuditFigures, row: AuditFigures): void {
  for (const key of ACTION_KEYS) total[key] += row[key];
  if (total.money && row.money) {
    const [t, r] = [total.money, row.money];
    t.payments += r.payments;
    t.paid += r.paid;
    t.refunds += r.refunds;
    t.refunded += r.refunded;
    t.write_offs += r.write_offs;
    t.written_off += r.written_off;
    t.cash += r.cash;
    for (const [method, amount] of Object.entries(r.by_method))
      t.by_method[method] = (t.by_method[method] ?? 0) + amount;
  }
}

/** Joins the ledger's and the history's figures into one row per (day, staff member). */
function joinRows(money: MoneyGroupRow[], actions: ActionRow[], showMoney: boolean): AuditRow[] {
  const rows = new Map<string, AuditRow>();
  const rowOf = (r: { day: string; staff_id: number; staff_name: string }) => {
    const key = `${r.day}|${r.staff_id}`;
    let row = rows.get(key);
    if (!row) {
      row = { day: r.day, staff: { id: r.staff_id, name: r.staff_name }, ...noFigures(showMoney) };
      rows.set(key, row);
    }
    return row;
  };
  // Money the caller may not see is not even a row: a row of zeros would still tell who took money when.
  if (showMoney) for (const group of money) addMoney(rowOf(group).money as AuditMoney, group);
  for (const action of actions) {
    if (ACTION_KEYS.every((key) => action[key] === 0)) continue;
    const row = rowOf(action);
    for (const key of ACTION_KEYS) row[key] = action[key];
  }
  return [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.staff.name.localeCompare(b.staff.name) || a.staff.id - b.staff.id,
  );
}

/**
 * GET /audit (spec §2 report, the audit table): per day and staff member of the period in one branch, the
 * money booked and what was done to students, attendance and leads, with the rows' total. Two statements
 * (ledger, history), each grouped in SQL; the staff filter picks rows of the same answer, so its choices
 * are everyone of the period.
 */
export async function auditTable(tx: Tx, actor: Actor, query: AuditQuery): Promise<AuditReport> {
  assertPeriod(query.from, query.till);
  await assertReportScope(tx, actor, { branch_id: query.branch_id });
  const { timeZone } = await companyTime(tx, actor.companyId, new Date());
  const scope: AuditScope = {
    companyId: actor.companyId,
    branchId: query.branch_id,
    from: query.from,
    till: query.till,
    timeZone,
  };
  // A limited admin, admitted to the report area, sees no sum (contracts seesMoney).
  const money = seesMoney(actor.roles);
  const all = joinRows(money ? await moneyGroups(tx, scope) : [], await actionRows(tx, scope), money);
  const rows = query.staff_id === undefined ? all : all.filter((row) => row.staff.id === query.staff_id);

  const total = noFigures(money);
  for (const row of rows) addFigures(total, row);
  const staff = new Map(all.map((row) => [row.staff.id, row.staff]));
  const taken = new Set(rows.flatMap((row) => Object.keys(row.money?.by_method ?? {})));
  return {
    branch_id: query.branch_id,
    from: query.from,
    till: query.till,
    policies: { money },
    methods: PAYMENT_METHODS.filter((method: PaymentMethod) => taken.has(method)),
    staff: [...staff.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    rows,
    total,
  };
}
