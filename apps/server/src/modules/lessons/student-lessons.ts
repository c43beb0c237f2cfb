import { type ChildLesson, groupTitle, StudentStatus } from '@crm/contracts';
import { and, asc, between, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { attendances, groupStudents, groups } from '../../db/schema/index.js';
import { groupRowColumns } from '../groups/group-scope.js';
import { inGroupDuring } from './attendance-service.js';
import { loadCalendars } from './calendar-source.js';
import { lessonNamer } from './lesson-view.js';

/**
 * One student's lessons of a period across his groups, each with his mark — the lessons of the days he was in
 * the group only (a lesson before he joined or after he left is not his). For a parent's page (issue 24); the
 * caller has already decided that the reader reaches this student.
 */
export async function studentLessons(
  tx: Tx,
  companyId: number,
  studentId: number,
  from: string,
  till: string,
): Promise<ChildLesson[]> {
  const places = await tx
    .select({ ...groupRowColumns, createdDate: groupStudents.createdDate, leftDate: groupStudents.leftDate })
    .from(groupStudents)
    .innerJoin(groups, and(eq(groups.companyId, groupStudents.companyId), eq(groups.id, groupStudents.groupId)))
    .where(
      and(
        eq(groupStudents.companyId, companyId),
        eq(groupStudents.studentId, studentId),
        ne(groupStudents.status, StudentStatus.archived),
        inGroupDuring(from, till),
      ),
    );
  if (!places.length) return [];
  const calendarGroups = places.map((p) => ({
    ...p,
    startTime: p.startTime.slice(0, 5),
    endTime: p.endTime.slice(0, 5),
  }));
  const calendars = await loadCalendars(tx, companyId, calendarGroups, from, till);
  const marks = await tx
    .select({ groupId: attendances.groupId, date: attendances.attendDate, status: attendances.status })
    .from(attendances)
    .where(
      and(
        eq(attendances.companyId, companyId),
        eq(attendances.studentId, studentId),
        between(attendances.attendDate, from, till),
      ),
    )
    .orderBy(asc(attendances.attendDate));
  const markOf = new Map(marks.map((m) => [`${m.groupId}:${m.date}`, m.status === 1 ? 1 : 0] as const));
  const lessons = places.flatMap((place) =>
    (calendars.get(place.id) ?? [])
      .filter((l) => l.date >= place.createdDate && (place.leftDate === null || l.date <= place.leftDate))
      .map((lesson) => ({ place, lesson })),
  );
  const nameOf = await lessonNamer(
    tx,
    companyId,
    lessons.map((l) => l.lesson),
  );
  return lessons
    .map(({ place, lesson }) => {
      const named = nameOf(lesson);
      return {
        group_id: place.id,
        group_title: groupTitle(place),
        date: lesson.date,
        start_time: lesson.start_time,
        end_time: lesson.end_time,
        state: lesson.state,
        teacher_name: named.teacher.name || null,
        room_name: named.room?.name ?? null,
        mark: markOf.get(`${place.id}:${lesson.date}`) ?? null,
      } satisfies ChildLesson;
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.start_time.localeCompare(b.start_time));
}
