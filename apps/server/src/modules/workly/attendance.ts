import {
  addDays,
  isoDateSchema,
  WORKLY_RANGE_MAX_DAYS,
  type WorklyAtWork,
  type WorklyAtWorkRow,
  type WorklyLate,
  type WorklyLateQuery,
  type WorklyLateRow,
} from '@crm/contracts';
import type { WorklyCheckEvent, WorklyScheduledDay } from '../../adapters/workly/workly-api.js';
import { AppError, FieldRefusal } from '../../platform/errors.js';
import {
  askWorkly,
  type BoundStaff,
  boundStaffOf,
  connectedWorkly,
  placeOf,
  scopeOf,
  type WorklyContext,
  type WorklyScope,
} from './workly-context.js';

/** Spec §7 GET /workly/late_in: who came later than his Workly schedule's start, by day. */
export async function listLateArrivals(ctx: WorklyContext, query: WorklyLateQuery): Promise<WorklyLate> {
  const setup = await ctx.tenant(async (tx, actor) => {
    const scope = scopeOf(actor, query.branch_id);
    const { api, today } = await connectedWorkly(ctx, tx, actor);
    return { api, scope, period: periodOf(query, today), staff: await boundStaffOf(tx, actor, scope) };
  });
  const { from, till } = setup.period;
  const days = await askWorkly(() => setup.api.listScheduledDays(from, till));
  return { from, till, ...lateArrivals(days, setup.staff, setup.scope, from, till) };
}

/** Spec §7 GET /workly/at_work/{x}: who checked in that day, when in and out, and who is in now. */
export async function listAtWork(ctx: WorklyContext, x: string, branchId: number | undefined): Promise<WorklyAtWork> {
  const setup = await ctx.tenant(async (tx, actor) => {
    // Not a day: no such page, whatever the connection (checked once the caller's session is).
    if (x !== 'today' && !isDay(x)) throw new AppError(404, 'not_found');
    const scope = scopeOf(actor, branchId);
    const { api, today } = await connectedWorkly(ctx, tx, actor);
    return { api, scope, today, staff: await boundStaffOf(tx, actor, scope) };
  });
  const date = x === 'today' ? setup.today : x;
  const events = await askWorkly(() => setup.api.listCheckEvents(date, date));
  const isToday = date === setup.today;
  return { date, is_today: isToday, ...whoCame(events, setup.staff, setup.scope, isToday) };
}

/** One day (`date`, default today) or `from`…`till`; at most WORKLY_RANGE_MAX_DAYS days. */
function periodOf(query: WorklyLateQuery, today: string) {
  const from = query.from ?? query.date ?? query.till ?? today;
  const till = query.till ?? query.date ?? from;
  if (till < from) throw new FieldRefusal([{ field: 'till', rule: 'invalid_value', sentence: 'invalid_value' }]);
  if (till > addDays(from, WORKLY_RANGE_MAX_DAYS - 1)) {
    throw new FieldRefusal([{ field: 'till', rule: 'too_big', sentence: 'invalid_value' }]);
  }
  return { from, till };
}

/** Whole minutes between a scheduled start and an arrival (`HH:MM:SS`); 59 seconds late is not late. */
export const minutesLate = (start: string, arrived: string) => Math.floor((secondsOf(arrived) - secondsOf(start)) / 60);

export function lateArrivals(
  days: WorklyScheduledDay[],
  staff: Map<string, BoundStaff>,
  scope: WorklyScope,
  from: string,
  till: string,
): Pick<WorklyLate, 'rows' | 'days' | 'totals'> {
  const rows: WorklyLateRow[] = [];
  let unbound = 0;
  for (const day of days) {
    if (!day.scheduledStart || !day.firstIn || day.date < from || day.date > till) continue;
    const minutes = minutesLate(day.scheduledStart, day.firstIn);
    if (minutes <= 0) continue;
    const place = placeOf(staff, scope, day.employeeId, day.fullName);
    if (place.unbound) unbound++;
    if (!place.row) continue;
    rows.push({
      date: day.date,
      workly_employee_id: day.employeeId,
      ...place.row,
      expected_start: day.scheduledStart.slice(0, 5),
      arrived: day.firstIn.slice(0, 5),
      minutes_late: minutes,
    });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date) || b.minutes_late - a.minutes_late || a.name.localeCompare(b.name));
  const byDay = new Map<string, { date: string; late: number; minutes: number }>();
  for (let date = from; date <= till; date = addDays(date, 1)) byDay.set(date, { date, late: 0, minutes: 0 });
  for (const row of rows) {
    const day = byDay.get(row.date);
    if (day) {
      day.late++;
      day.minutes += row.minutes_late;
    }
  }
  const minutes = rows.reduce((sum, row) => sum + row.minutes_late, 0);
  return { rows, days: [...byDay.values()], totals: { late: rows.length, minutes, unbound } };
}

export function whoCame(
  events: WorklyCheckEvent[],
  staff: Map<string, BoundStaff>,
  scope: WorklyScope,
  isToday: boolean,
): Pick<WorklyAtWork, 'rows' | 'totals'> {
  const byEmployee = new Map<string, WorklyCheckEvent[]>();
  for (const event of events) byEmployee.set(event.employeeId, [...(byEmployee.get(event.employeeId) ?? []), event]);
  const rows: WorklyAtWorkRow[] = [];
  let unbound = 0;
  for (const [employeeId, own] of byEmployee) {
    const sorted = own.toSorted((a, b) => a.time.localeCompare(b.time));
    const firstIn = sorted.find((e) => e.kind === 'in');
    // Only an "out" (the check-in was missed): Workly's own report shows no arrival either.
    if (!firstIn) continue;
    const last = sorted.at(-1)!;
    const place = placeOf(staff, scope, employeeId, firstIn.fullName);
    if (place.unbound) unbound++;
    if (!place.row) continue;
    rows.push({
      workly_employee_id: employeeId,
      ...place.row,
      first_in: firstIn.time.slice(0, 5),
      // Back in after lunch is no check-out: the last one counts only when it ended the day.
      last_out: last.kind === 'out' ? last.time.slice(0, 5) : null,
      // A past day's missing check-out is a forgotten one, not someone still at work.
      at_work: isToday && last.kind === 'in',
    });
  }
  rows.sort((a, b) => a.first_in.localeCompare(b.first_in) || a.name.localeCompare(b.name));
  return { rows, totals: { came: rows.length, at_work: rows.filter((r) => r.at_work).length, unbound } };
}

const isDay = (text: string) => isoDateSchema.safeParse(text).success;

function secondsOf(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}
