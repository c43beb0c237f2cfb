import { type CalendarLesson, type LessonChange, lessonCalendar, type PastTeacher } from '@crm/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupPastTeachers, holidays, lessons } from '../../db/schema/index.js';

/** What the lesson calendar needs of a group (GroupRow of groups/group-scope has it). */
export interface CalendarGroup {
  id: number;
  days: readonly number[];
  startDate: string;
  endDate: string | null;
  startTime: string;
  endTime: string;
  teacherId: number;
  roomId: number | null;
}

/**
 * Feeds the contracts' lessonCalendar from the database: the groups' lesson changes
 * (those scheduled in the period and those moved into it), their past teachers and
 * the company's holidays, in three queries for any number of groups.
 */
export async function loadCalendars(
  tx: Tx,
  companyId: number,
  groups: readonly CalendarGroup[],
  from: string,
  till: string,
): Promise<Map<number, CalendarLesson[]>> {
  const calendars = new Map<number, CalendarLesson[]>();
  if (!groups.length) return calendars;
  const ids = groups.map((g) => g.id);
  // One after another: a transaction is one connection, which runs one query at a time.
  const changeRows = await tx
    .select()
    .from(lessons)
    .where(
      and(
        eq(lessons.companyId, companyId),
        inArray(lessons.groupId, ids),
        or(
          sql`${lessons.scheduledDate} between ${from}::date and ${till}::date`,
          sql`${lessons.movedDate} between ${from}::date and ${till}::date`,
        ) as SQL,
      ),
    );
  const pastRows = await tx
    .select()
    .from(groupPastTeachers)
    .where(and(eq(groupPastTeachers.companyId, companyId), inArray(groupPastTeachers.groupId, ids)));
  const holidayRows = await tx
    .select({ date: holidays.date, name: holidays.name })
    .from(holidays)
    .where(eq(holidays.companyId, companyId));

  const changesOf = groupBy(changeRows.map((row) => [row.groupId, toLessonChange(row)] as const));
  const pastOf = groupBy(
    pastRows.map((row) => [row.groupId, { teacher_id: row.teacherId, till_date: row.tillDate }] as const),
  );
  const holidayMap = new Map(holidayRows.map((h) => [h.date, h.name]));
  for (const group of groups) {
    calendars.set(
      group.id,
      lessonCalendar({
        plan: {
          weekdays: group.days,
          start_date: group.startDate,
          end_date: group.endDate,
          start_time: group.startTime.slice(0, 5),
          end_time: group.endTime.slice(0, 5),
          teacher_id: group.teacherId,
          room_id: group.roomId,
        },
        from,
        till,
        holidays: holidayMap,
        changes: changesOf.get(group.id) ?? [],
        pastTeachers: (pastOf.get(group.id) ?? []) as PastTeacher[],
      }),
    );
  }
  return calendars;
}

/** The calendar of one group. */
export async function loadCalendar(
  tx: Tx,
  companyId: number,
  group: CalendarGroup,
  from: string,
  till: string,
): Promise<CalendarLesson[]> {
  return (await loadCalendars(tx, companyId, [group], from, till)).get(group.id) ?? [];
}

export function toLessonChange(row: typeof lessons.$inferSelect): LessonChange {
  return {
    date: row.scheduledDate,
    cancelled: row.cancelledAt !== null,
    cancel_reason: row.cancelReason,
    moved_to:
      row.movedDate && row.movedStartTime && row.movedEndTime
        ? { date: row.movedDate, start_time: row.movedStartTime.slice(0, 5), end_time: row.movedEndTime.slice(0, 5) }
        : null,
    teacher_id: row.teacherId,
    room_id: row.roomId,
    theme: row.theme,
  };
}

function groupBy<K, V>(pairs: readonly (readonly [K, V])[]): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const [key, value] of pairs) {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return map;
}
