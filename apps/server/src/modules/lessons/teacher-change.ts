import { addDays, type TeacherChangeInput } from '@crm/contracts';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupPastTeachers, groups } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { assertGroupEditor } from '../groups/group-scope.js';
import { assertNoScheduleConflict } from '../groups/schedule-conflicts.js';
import { assertTeacherOfBranch } from '../groups/service.js';
import { findBranchGroup, findLessonOn } from './lesson-access.js';
import { historyOf, saveLessonChange } from './lesson-changes.js';
import { assertNoLessonConflict } from './lesson-conflicts.js';

/**
 * PUT /group/{group_id}/teacher/change (spec §4 "the teacher replaced"), staff only:
 * - scope lesson: a substitute gives the one lesson on `date`;
 * - scope from_date: the new teacher takes the group from `date` on; the lessons
 *   before keep whoever taught them (group_past_teachers), for salaries and reports.
 * Either way the teacher must be free then (spec §8 schedule conflict).
 */
export async function changeTeacher(tx: Tx, actor: Actor, groupId: number, input: TeacherChangeInput) {
  assertGroupEditor(actor);
  const group = await findBranchGroup(tx, actor, groupId, true);
  const teacher = await assertTeacherOfBranch(tx, actor.companyId, input.teacher_id, group.branchId);

  if (input.scope === 'lesson') {
    const lesson = await findLessonOn(tx, actor.companyId, group, input.date);
    await assertNoLessonConflict(tx, actor.companyId, {
      groupId: group.id,
      date: lesson.date,
      startTime: lesson.start_time,
      endTime: lesson.end_time,
      roomId: null,
      teacherId: input.teacher_id,
    });
    const [past] = await pastTeachersFrom(tx, actor.companyId, group.id, lesson.date);
    const regular = past?.teacherId ?? group.teacherId;
    await saveLessonChange(tx, actor, group.id, lesson.scheduled_date, {
      teacherId: input.teacher_id === regular ? null : input.teacher_id,
    });
  } else {
    if (group.endDate !== null && input.date > group.endDate) {
      throw new AppError(422, 'outside_group_dates', { start_date: group.startDate, end_date: group.endDate });
    }
    await assertNoScheduleConflict(tx, actor.companyId, {
      excludeGroupId: group.id,
      roomId: null,
      teacherId: input.teacher_id,
      weekdays: group.days,
      startTime: group.startTime,
      endTime: group.endTime,
      // biome-ignore lint/complexity/useMathMinMax: ISO date strings compare as text, Math.max would make numbers of them
      dateFrom: input.date > group.startDate ? input.date : group.startDate,
      dateTo: group.endDate,
    });
    await handOver(tx, actor.companyId, group, input.date);
    await tx
      .update(groups)
      .set({ teacherId: input.teacher_id, updatedAt: new Date() })
      .where(and(eq(groups.companyId, actor.companyId), eq(groups.id, group.id)));
  }
  await recordHistory(
    tx,
    actor,
    historyOf(group, {
      teacher_changed: {
        scope: input.scope,
        date: input.date,
        teacher_id: input.teacher_id,
        teacher_name: teacher.name,
      },
    }),
  );
  return { group_id: group.id, teacher_id: input.teacher_id, scope: input.scope, date: input.date };
}

/** Past-teacher periods that reach `date` or later, earliest first. */
const pastTeachersFrom = (tx: Tx, companyId: number, groupId: number, date: string) =>
  tx
    .select()
    .from(groupPastTeachers)
    .where(
      and(
        eq(groupPastTeachers.companyId, companyId),
        eq(groupPastTeachers.groupId, groupId),
        gte(groupPastTeachers.tillDate, date),
      ),
    )
    .orderBy(asc(groupPastTeachers.tillDate));

/**
 * Rewrites the teacher periods so the day before `from` keeps its teacher and
 * everything from `from` on falls to the group's (new) current teacher.
 */
async function handOver(
  tx: Tx,
  companyId: number,
  group: { id: number; teacherId: number; startDate: string },
  from: string,
) {
  if (from <= group.startDate) {
    await tx
      .delete(groupPastTeachers)
      .where(and(eq(groupPastTeachers.companyId, companyId), eq(groupPastTeachers.groupId, group.id)));
    return;
  }
  const dayBefore = addDays(from, -1);
  const [teacherOfDayBefore] = await pastTeachersFrom(tx, companyId, group.id, dayBefore);
  await tx
    .delete(groupPastTeachers)
    .where(
      and(
        eq(groupPastTeachers.companyId, companyId),
        eq(groupPastTeachers.groupId, group.id),
        gte(groupPastTeachers.tillDate, dayBefore),
      ),
    );
  await tx.insert(groupPastTeachers).values({
    companyId,
    groupId: group.id,
    tillDate: dayBefore,
    teacherId: teacherOfDayBefore?.teacherId ?? group.teacherId,
  });
}
