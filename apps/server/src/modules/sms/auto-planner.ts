import { type AutoSmsRule, addDays, balanceStateOf, RUNNING_GROUP_STATUSES, StudentStatus } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { companyBilling } from '../billing/company-billing.js';
import { describeDebtors } from '../finance/debtors.js';
import type { RuleSettings } from './auto-rule-settings.js';

/** Students priced per statement when the rules need next charges (describeDebtors). */
const PRICE_CHUNK = 500;

export type DailyRule = Extract<AutoSmsRule, 'advance_payment' | 'debtor' | 'balance_not_enough' | 'birthday'>;
export const DAILY_RULES: readonly DailyRule[] = ['advance_payment', 'debtor', 'balance_not_enough', 'birthday'];

/** Who a daily rule sends to on `date`, by student id (the rule's own variables beside). */
export type DailyTargets = Map<DailyRule, number[]>;

/**
 * Spec §9 daily rules for one company and day, each computed as the lists compute it:
 * - birthday: students (not archived) born on this month and day (29 February on the 28th in other years);
 * - debtor: balance below zero (the debtors list);
 * - balance_not_enough: balance not below zero but less than the next charge (the "not enough" list);
 * - advance_payment: a group of theirs charges next exactly `days` days from `date` — the paid period ends
 *   the day before that charge, so the notice comes `days` days ahead of it.
 */
export async function planDailyRules(
  tx: Tx,
  companyId: number,
  date: string,
  at: Date,
  rules: readonly RuleSettings[],
): Promise<DailyTargets> {
  const targets: DailyTargets = new Map();
  const wanted = new Set(rules.map((r) => r.rule));
  if (wanted.has('birthday')) targets.set('birthday', await birthdayStudents(tx, companyId, date));
  const pricing = (['debtor', 'balance_not_enough', 'advance_payment'] as const).filter((r) => wanted.has(r));
  if (!pricing.length) return targets;
  for (const rule of pricing) targets.set(rule, []);
  const advance = rules.find((r) => r.rule === 'advance_payment');
  const noticeDay = advance ? addDays(date, advance.days) : null;
  const ctx = { ...(await companyBilling(tx, companyId, at, null)), today: date };
  const candidates = await pricedCandidates(tx, companyId);
  for (let start = 0; start < candidates.length; start += PRICE_CHUNK) {
    const chunk = candidates.slice(start, start + PRICE_CHUNK);
    const described = await describeDebtors(tx, ctx, chunk, { day: date });
    for (const student of described) {
      const id = student.student.id;
      if (student.balance < 0) targets.get('debtor')?.push(id);
      else if (balanceStateOf(student.balance, student.next_charge) === 'not_enough') {
        targets.get('balance_not_enough')?.push(id);
      }
      if (noticeDay && student.groups.some((g) => g.next_charge?.date === noticeDay)) {
        targets.get('advance_payment')?.push(id);
      }
    }
  }
  return targets;
}

/** Students not archived who are in debt or in a running group now: the only ones the money rules concern. */
async function pricedCandidates(tx: Tx, companyId: number) {
  const rows = await selectRows<{ id: number; name: string; phone: string; balance: number }>(
    tx,
    sql`select u.id::int as id, u.name, u.phone, coalesce(b.balance, 0)::float8 as balance
      from users u left join student_balances b on b.company_id = u.company_id and b.student_id = u.id
      where u.company_id = ${companyId} and u.archived_at is null and 7 = any(u.roles)
        and (coalesce(b.balance, 0) < 0 or exists (
          select 1 from group_students gs join groups g on g.company_id = gs.company_id and g.id = gs.group_id
          where gs.company_id = u.company_id and gs.student_id = u.id and gs.left_date is null
            and gs.status = ${StudentStatus.active} and g.status = any(${pgArray(RUNNING_GROUP_STATUSES)}::smallint[])))
      order by u.id`,
  );
  return rows.map((row) => ({ ...row, balance: Number(row.balance) }));
}

async function birthdayStudents(tx: Tx, companyId: number, date: string) {
  const monthDay = date.slice(5);
  const leapDayToo = monthDay === '02-28' && !isLeapYear(Number(date.slice(0, 4)));
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`select u.id::int as id from users u
      where u.company_id = ${companyId} and u.archived_at is null and 7 = any(u.roles) and u.birthday is not null
        and (to_char(u.birthday, 'MM-DD') = ${monthDay} ${leapDayToo ? sql`or to_char(u.birthday, 'MM-DD') = '02-29'` : sql``})
      order by u.id`,
  );
  return rows.map((r) => r.id);
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
