import { addDays, addMonths, daysBetween, REPORT_MAX_MONTHS } from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/client.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';
import { invalidField } from '../users/service.js';

/**
 * The branches a report covers, as a condition on a branch column: the asked branch when the caller works
 * there (else 403 branch_forbidden), or every branch of his (owner and CEO: the company's). Another company's
 * rows are out already (row-level security and the company condition of each query).
 */
export function branchCondition(actor: Actor, branchId: number | undefined, column: SQL): SQL {
  if (branchId !== undefined) {
    assertBranch(actor, branchId);
    return sql`${column} = ${branchId}`;
  }
  const scope = branchFilterOf(actor);
  return scope ? sql`${column} = any(${pgArray(scope)}::bigint[])` : sql`true`;
}

/** `YYYY-MM-01` of a `YYYY-MM`. */
export const firstDay = (month: string) => `${month}-01`;
/** The last day of a `YYYY-MM`. */
export const lastDay = (month: string) => addDays(addMonths(firstDay(month), 1), -1);

/**
 * The months `from`..`till` (`YYYY-MM`, both included) of a monthly report: they must run forwards and be at
 * most REPORT_MAX_MONTHS (400 with the field otherwise, as every period of the API).
 */
export function monthsOf(from: string, till: string): string[] {
  if (till < from) throw invalidField('till', 'end_before_start', 'till is before from');
  const months: string[] = [];
  for (let month = from; month <= till; month = addMonths(firstDay(month), 1).slice(0, 7)) {
    months.push(month);
    if (months.length > REPORT_MAX_MONTHS) {
      throw invalidField('till', 'too_big', `at most ${REPORT_MAX_MONTHS} months`, REPORT_MAX_MONTHS);
    }
  }
  return months;
}

/** A period of days that runs forwards (400 with the field otherwise). */
export function assertDays(from: string, till: string, maxDays: number): void {
  const days = daysBetween(from, till);
  if (days < 0) throw invalidField('till', 'end_before_start', 'till is before from');
  if (days >= maxDays) throw invalidField('till', 'too_big', `at most ${maxDays} days`, maxDays);
}

/** Whole percent of a part, 0 of nothing. */
export const percentOf = (part: number, whole: number) => (whole ? Math.round((part * 100) / whole) : 0);
