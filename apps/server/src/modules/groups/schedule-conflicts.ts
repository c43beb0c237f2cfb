import { type DayType, groupTitle, RUNNING_GROUP_STATUSES, type ScheduleConflict } from '@crm/contracts';
import { and, arrayOverlaps, asc, eq, gt, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/**
 * A time a group (or one moved lesson) wants: weekdays between two dates at a time
 * of day, in a room, with a teacher. A single lesson is one weekday and dateFrom = dateTo.
 */
export interface ScheduleSlot {
  /** The group being changed, which never conflicts with itself. */
  excludeGroupId?: number;
  roomId: number | null;
  teacherId: number | null;
  /** ISO weekdays, 1 = Monday. */
  weekdays: readonly number[];
  /** `HH:MM`. */
  startTime: string;
  endTime: string;
  /** `YYYY-MM-DD`; dateTo null = open-ended. */
  dateFrom: string;
  dateTo: string | null;
}

/**
 * Spec §8 "Schedule conflict: the time, room or teacher is already occupied by a
 * group": another running group (selection or active, spec §4) in the same room or
 * with the same teacher, on a shared weekday, at overlapping times, in overlapping
 * date ranges. Times touching end to start (10:00–11:00, 11:00–12:00) do not overlap.
 */
export async function findScheduleConflicts(
  tx: Tx,
  companyId: number,
  slot: ScheduleSlot,
): Promise<ScheduleConflict[]> {
  const occupants: SQL[] = [];
  if (slot.roomId !== null) occupants.push(eq(groups.roomId, slot.roomId));
  if (slot.teacherId !== null) occupants.push(eq(groups.teacherId, slot.teacherId));
  if (!occupants.length || !slot.weekdays.length) return [];

  const filters: SQL[] = [
    eq(groups.companyId, companyId),
    inArray(groups.status, [...RUNNING_GROUP_STATUSES]),
    arrayOverlaps(groups.days, [...slot.weekdays]),
    lt(groups.startTime, slot.endTime),
    gt(groups.endTime, slot.startTime),
    sql`coalesce(${groups.endDate}, 'infinity'::date) >= ${slot.dateFrom}::date`,
    or(...occupants) as SQL,
  ];
  if (slot.dateTo !== null) filters.push(sql`${groups.startDate} <= ${slot.dateTo}::date`);
  if (slot.excludeGroupId !== undefined) filters.push(ne(groups.id, slot.excludeGroupId));

  const rows = await tx
    .select({
      id: groups.id,
      name: groups.name,
      code: groups.code,
      roomId: groups.roomId,
      teacherId: groups.teacherId,
      dayType: groups.dayType,
      startTime: groups.startTime,
      endTime: groups.endTime,
    })
    .from(groups)
    .where(and(...filters))
    .orderBy(asc(groups.startTime), asc(groups.id))
    .limit(20);

  // One entry per group, naming every reason it clashes for (room first), so a group
  // that holds both the room and the teacher is not listed twice.
  return rows.map((row) => {
    const reasons: ScheduleConflict['reasons'] = [];
    if (slot.roomId !== null && row.roomId === slot.roomId) reasons.push('room');
    if (slot.teacherId !== null && row.teacherId === slot.teacherId) reasons.push('teacher');
    const [reason = 'room'] = reasons;
    return {
      group_id: row.id,
      title: groupTitle(row),
      reason,
      reasons,
      day_type: row.dayType as DayType,
      start_time: row.startTime.slice(0, 5),
      end_time: row.endTime.slice(0, 5),
    };
  });
}

/**
 * Refuses a slot that conflicts (409 schedule_conflict, details.conflicts naming each
 * group once, with whether its room, its teacher or both clash). Holds the company's schedule lock until the
 * transaction ends, so two requests cannot both take the same free slot.
 */
export async function assertNoScheduleConflict(tx: Tx, companyId: number, slot: ScheduleSlot): Promise<void> {
  await lockCompanySchedule(tx, companyId);
  const conflicts = await findScheduleConflicts(tx, companyId, slot);
  if (conflicts.length) throw new AppError(409, 'schedule_conflict', { conflicts });
}

/** Serialises schedule changes of one company (a transaction-scoped advisory lock). */
export async function lockCompanySchedule(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`schedule:${companyId}`}, 0))`);
}
