import type { CalendarLesson, Lesson } from '@crm/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rooms, users } from '../../db/schema/index.js';

export type NameOf = (lesson: CalendarLesson) => Lesson;

/**
 * Turns calendar lessons into the API's Lesson (teacher and room with their names),
 * reading the names of every teacher and room involved in two queries.
 */
export async function lessonNamer(tx: Tx, companyId: number, lessons: readonly CalendarLesson[]): Promise<NameOf> {
  const teacherIds = [...new Set(lessons.map((l) => l.teacher_id))];
  const roomIds = [...new Set(lessons.flatMap((l) => (l.room_id === null ? [] : [l.room_id])))];
  const teacherRows = teacherIds.length
    ? await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, teacherIds)))
    : [];
  const roomRows = roomIds.length
    ? await tx
        .select({ id: rooms.id, name: rooms.name })
        .from(rooms)
        .where(and(eq(rooms.companyId, companyId), inArray(rooms.id, roomIds)))
    : [];
  const teachers = new Map(teacherRows.map((t) => [t.id, t.name]));
  const roomNames = new Map(roomRows.map((r) => [r.id, r.name]));
  return (lesson) => ({
    date: lesson.date,
    start_time: lesson.start_time,
    end_time: lesson.end_time,
    scheduled_date: lesson.scheduled_date,
    moved: lesson.moved,
    state: lesson.state,
    teacher: { id: lesson.teacher_id, name: teachers.get(lesson.teacher_id) ?? '' },
    room: lesson.room_id === null ? null : { id: lesson.room_id, name: roomNames.get(lesson.room_id) ?? '' },
    theme: lesson.theme,
    cancel_reason: lesson.cancel_reason,
    holiday: lesson.holiday,
  });
}
