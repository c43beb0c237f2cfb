import {
  addDays,
  canAccess,
  companyDatasSchema,
  companyTimeZone,
  type ReminderListPolicies,
  type ReminderPolicies,
  Role,
  zonedDateTime,
} from '@crm/contracts';
import { eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, reminders } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';

/**
 * Who sees which tasks (spec §6 reminders: the administrators, the branch director and the teacher; owner
 * and CEO always). Staff see every task of their branches; a teacher only his own — assigned to him or
 * written by him — and he may give tasks to nobody but himself.
 */
export const managesTasks = (actor: Pick<Actor, 'roles'>): boolean =>
  actor.roles.some((role) => role !== Role.teacher && canAccess('reminders', [role]));

export const listPoliciesOf = (actor: Actor): ReminderListPolicies => ({
  can_create: true,
  can_assign_others: managesTasks(actor),
  // Leads are the leads area's (every reminders role but the teacher has it).
  can_attach_leads: managesTasks(actor) && canAccess('leads', actor.roles),
});

export function policiesOf(actor: Actor, row: { createdBy: number | null }): ReminderPolicies {
  const own = managesTasks(actor) || row.createdBy === actor.id;
  // A task the caller sees is his to tick off (a teacher sees only his own).
  return { can_edit: own, can_delete: own, can_change_status: true };
}

/**
 * The tasks the caller may see: of the company, of the branch asked for (one of his) or else of all his
 * branches, and for a teacher only his own. A task without a branch (none is written so) is the company's.
 */
export function visibleTasks(actor: Actor, branchId?: number): SQL[] {
  const where: SQL[] = [eq(reminders.companyId, actor.companyId)];
  if (branchId !== undefined) {
    assertBranch(actor, branchId);
    where.push(eq(reminders.branchId, branchId));
  } else {
    const branchIds = branchFilterOf(actor);
    if (branchIds) {
      where.push(
        or(inArray(reminders.branchId, branchIds.length ? branchIds : [-1]), isNull(reminders.branchId)) as SQL,
      );
    }
  }
  if (!managesTasks(actor)) {
    where.push(or(eq(reminders.assignedTo, actor.id), eq(reminders.createdBy, actor.id)) as SQL);
  }
  return where;
}

/** The company's clock as tasks read it: its time zone, its today, and the moments that bound the buckets. */
export interface TaskClock {
  now: Date;
  timeZone: string;
  today: string;
  /** When a task given only a day is due: the company's start of the working day (spec §3 shared info). */
  startOfWorkingDay: string;
  /** The first moment of the company's today and of its tomorrow. */
  todayStart: SQL;
  tomorrowStart: SQL;
}

export async function taskClock(tx: Tx, companyId: number, now: Date): Promise<TaskClock> {
  const [row] = await tx
    .select({ datas: companies.datas, startOfWorkingDay: companies.startOfWorkingDay })
    .from(companies)
    .where(eq(companies.id, companyId));
  const timeZone = companyTimeZone(companyDatasSchema.parse(row?.datas ?? {}));
  const today = zonedDateTime(now, timeZone).date;
  const workStarts = row?.startOfWorkingDay;
  return {
    now,
    timeZone,
    today,
    startOfWorkingDay: workStarts && /^\d{2}:\d{2}/.test(workStarts) ? workStarts.slice(0, 5) : '09:00',
    todayStart: startOfDay(today, timeZone),
    tomorrowStart: startOfDay(addDays(today, 1), timeZone),
  };
}

/** The instant a company day begins (PostgreSQL applies the zone's rules, summer time included). */
const startOfDay = (day: string, timeZone: string): SQL => sql`(${day}::date::timestamp at time zone ${timeZone})`;

/** The instant of a company wall-clock day and time. */
export const dueMoment = (date: string, time: string, timeZone: string): SQL =>
  sql`((${date}::date + ${time}::time) at time zone ${timeZone})`;
