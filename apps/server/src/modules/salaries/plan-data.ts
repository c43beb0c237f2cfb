import { addDays, addMonths, type SalaryBase, type SalaryType } from '@crm/contracts';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { pgArray, type Tx } from '../../db/client.js';
import { groups, ledgerEntries, teacherSalarySettings } from '../../db/schema/index.js';
import { loadPlaces } from '../billing/billing-data.js';
import { loadCalendars } from '../lessons/calendar-source.js';
import { companyTime } from '../lessons/company-time.js';
import { type PlannedSalary, planSalaries } from './plan.js';
import type { SalaryRule } from './rules.js';

/** The days of a `YYYY-MM` month: its first day and its last. */
export function monthDays(month: string): { from: string; till: string } {
  const from = `${month}-01`;
  return { from, till: addDays(addMonths(from, 1), -1) };
}

/** Every rule of pay of the company. */
export async function loadRules(tx: Tx, companyId: number): Promise<SalaryRule[]> {
  const rows = await tx
    .select()
    .from(teacherSalarySettings)
    .where(eq(teacherSalarySettings.companyId, companyId))
    .orderBy(asc(teacherSalarySettings.id));
  return rows.map((r) => ({
    id: r.id,
    teacherId: r.teacherId,
    courseId: r.courseId,
    type: r.type as SalaryType,
    base: r.base as SalaryBase,
    amount: r.amount,
    percentBp: r.percentBp,
  }));
}

/**
 * What every teacher of a branch earns in a month, from the database as it is now: the
 * branch's groups whose dates touch the month, their lesson calendars, the students'
 * places with their status timelines, the payments for those groups dated in the month
 * (reversals included, so payments count net) and the rules of pay.
 */
export async function planBranchMonth(
  tx: Tx,
  companyId: number,
  branchId: number,
  month: string,
  at: Date,
): Promise<PlannedSalary[]> {
  const { from, till } = monthDays(month);
  const groupRows = await tx
    .select({
      id: groups.id,
      courseId: groups.courseId,
      teacherId: groups.teacherId,
      days: groups.days,
      startDate: groups.startDate,
      endDate: groups.endDate,
      startTime: groups.startTime,
      endTime: groups.endTime,
      roomId: groups.roomId,
    })
    .from(groups)
    .where(
      and(
        eq(groups.companyId, companyId),
        eq(groups.branchId, branchId),
        sql`${groups.startDate} <= ${till}::date`,
        or(isNull(groups.endDate), sql`${groups.endDate} >= ${from}::date`),
      ),
    )
    .orderBy(asc(groups.id));
  if (!groupRows.length) return [];
  const groupIds = groupRows.map((g) => g.id);
  const calendars = await loadCalendars(tx, companyId, groupRows, from, till);
  const { timeZone } = await companyTime(tx, companyId, at);
  const places = await loadPlaces(tx, companyId, groupIds, timeZone);
  const payments = await tx
    .select({
      entryId: ledgerEntries.id,
      groupId: ledgerEntries.groupId,
      studentId: ledgerEntries.studentId,
      amount: ledgerEntries.amount,
      date: ledgerEntries.entryDate,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.companyId, companyId),
        eq(ledgerEntries.branchId, branchId),
        eq(ledgerEntries.kind, 'payment'),
        sql`${ledgerEntries.groupId} = any(${pgArray(groupIds)}::bigint[])`,
        sql`${ledgerEntries.entryDate} between ${from}::date and ${till}::date`,
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
  return planSalaries({
    groups: groupRows.map((g) => ({
      id: g.id,
      courseId: g.courseId,
      teacherId: g.teacherId,
      lessons: calendars.get(g.id) ?? [],
    })),
    places,
    // The query asked for group ids; a payment always names its student.
    payments: payments.flatMap((p) =>
      p.groupId === null || p.studentId === null ? [] : [{ ...p, groupId: p.groupId, studentId: p.studentId }],
    ),
    rules: await loadRules(tx, companyId),
  });
}
