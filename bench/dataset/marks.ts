import { type CalendarLesson, isHeld, lessonCalendar } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { type Db, pgArray } from '../../apps/server/src/db/client.js';
import type { GroupPlan, Place } from './types.js';

/** Rows per INSERT … SELECT FROM unnest(…): five array parameters, whatever the count. */
const BATCH = 100_000;

/** A group's held lessons of a period, from the contracts' lesson calendar like everywhere else. */
export function heldLessons(plan: GroupPlan, from: string, till: string): CalendarLesson[] {
  return lessonCalendar({
    plan: {
      weekdays: plan.days,
      start_date: plan.startDate,
      end_date: null,
      start_time: plan.startTime,
      end_time: plan.endTime,
      teacher_id: plan.teacherId,
      room_id: null,
    },
    from,
    till,
    holidays: plan.holidays,
  }).filter(isHeld);
}

/**
 * The registers of every held lesson from each student's joining day up to `till`, as a
 * teacher keeps them: about 85 % present, 10 % absent, 5 % never filled in. Written in
 * batches of unnest()ed arrays — the bulk path — by the owner connection (several
 * companies per batch). Returns the number of marks.
 */
export async function insertMarks(
  db: Db,
  plans: readonly GroupPlan[],
  places: readonly Place[],
  till: string,
  rnd: () => number,
): Promise<number> {
  const placesOf = new Map<number, Place[]>();
  for (const place of places) {
    const list = placesOf.get(place.groupId);
    if (list) list.push(place);
    else placesOf.set(place.groupId, [place]);
  }
  const empty = () => ({
    companies: [] as number[],
    groups: [] as number[],
    dates: [] as string[],
    students: [] as number[],
    statuses: [] as number[],
    teachers: [] as number[],
  });
  let batch = empty();
  let total = 0;
  const flush = async () => {
    if (!batch.groups.length) return;
    await db.execute(sql`insert into attendances (company_id, group_id, attend_date, student_id, status, marked_by)
      select * from unnest(${pgArray(batch.companies)}::bigint[], ${pgArray(batch.groups)}::bigint[],
        ${pgArray(batch.dates)}::date[], ${pgArray(batch.students)}::bigint[], ${pgArray(batch.statuses)}::smallint[],
        ${pgArray(batch.teachers)}::bigint[])`);
    total += batch.groups.length;
    batch = empty();
  };
  for (const plan of plans) {
    const lessons = heldLessons(plan, plan.startDate, till);
    // Lesson by lesson, the whole register of each: the order a teacher writes them in, so a lesson's
    // marks lie together on disk as they do in a working database (student by student scattered a
    // group's month over hundreds of pages, a layout no real register has).
    for (const lesson of lessons) {
      for (const place of placesOf.get(plan.id) ?? []) {
        if (lesson.date < place.joined) continue;
        const roll = rnd();
        if (roll >= 0.95) continue;
        batch.companies.push(plan.companyId);
        batch.groups.push(plan.id);
        batch.dates.push(lesson.date);
        batch.students.push(place.studentId);
        batch.statuses.push(roll < 0.85 ? 1 : 0);
        batch.teachers.push(lesson.teacher_id);
      }
    }
    if (batch.groups.length >= BATCH) await flush();
  }
  await flush();
  return total;
}
