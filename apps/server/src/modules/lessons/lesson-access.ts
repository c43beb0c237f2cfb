import type { CalendarLesson } from '@crm/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import { type Actor, branchFilterOf } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { type GroupRow, groupRowColumns, isTeacherOnly } from '../groups/group-scope.js';
import { loadCalendar } from './calendar-source.js';

/**
 * A group of the caller's branches, whoever teaches it: for lessons the lesson
 * decides (a substitute marks the lesson he gives, spec §4), so a teacher's right
 * is checked per lesson with `assertTeachesLesson`. Another company's group, or one
 * of a branch the caller does not work in, is absent (404).
 */
export async function findBranchGroup(tx: Tx, actor: Actor, groupId: number, lock = false): Promise<GroupRow> {
  const filters: SQL[] = [eq(groups.companyId, actor.companyId), eq(groups.id, groupId)];
  const scope = branchFilterOf(actor);
  if (scope) filters.push(inArray(groups.branchId, scope.length ? scope : [-1]));
  const query = tx
    .select(groupRowColumns)
    .from(groups)
    .where(and(...filters));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return { ...row, startTime: row.startTime.slice(0, 5), endTime: row.endTime.slice(0, 5) };
}

/** The lesson a group has on a day (held or cancelled); none, or a holiday, is refused. */
export async function findLessonOn(tx: Tx, companyId: number, group: GroupRow, date: string): Promise<CalendarLesson> {
  const lessons = await loadCalendar(tx, companyId, group, date, date);
  const lesson = lessons.find((l) => l.date === date && l.state !== 'holiday');
  if (!lesson) {
    const holiday = lessons.find((l) => l.state === 'holiday');
    throw new AppError(422, 'not_a_lesson_date', { date, holiday: holiday?.holiday ?? null });
  }
  return lesson;
}

/** Spec §6: a teacher acts only on the lessons he gives; staff on every lesson of their branches. */
export function assertTeachesLesson(actor: Actor, lesson: Pick<CalendarLesson, 'teacher_id'>): void {
  if (isTeacherOnly(actor) && lesson.teacher_id !== actor.id) throw forbidden('not_your_group');
}
