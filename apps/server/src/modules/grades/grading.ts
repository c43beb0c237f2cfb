import { type GradeInput, type GroupGrades, groupTitle } from '@crm/contracts';
import { and, asc, between, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { grades, groupStudents, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { coinsForGrade } from '../gamification/coin-rules.js';
import { findVisibleGroup, isGroupStaff, isTeacherOnly } from '../groups/group-scope.js';
import { invalidFields } from '../groups/service.js';
import { assertPeriod, inGroupDuring } from '../lessons/attendance-service.js';
import { loadCalendar } from '../lessons/calendar-source.js';
import { companyTime } from '../lessons/company-time.js';
import { findBranchGroup, findLessonOn } from '../lessons/lesson-access.js';
import { gradeAuthorJoin, gradeColumns, toGrade } from './grade-rows.js';
import { readGradeSettings } from './grade-settings.js';

const isStudentOnly = (actor: Actor) => !isGroupStaff(actor) && !isTeacherOnly(actor);

/**
 * GET /group/{id}/grades/{from}/{till}, beside the attendance grid of the same period. Staff see the groups of
 * their branches, a teacher a group he teaches or gave a lesson of the period in (as the grid), a student
 * only his own grades in his own groups.
 */
export async function groupGrades(
  tx: Tx,
  actor: Actor,
  params: { group_id: number; from: string; till: string },
): Promise<GroupGrades> {
  assertPeriod(params.from, params.till);
  const studentOnly = isStudentOnly(actor);
  const group = studentOnly
    ? await findVisibleGroup(tx, actor, params.group_id)
    : await findBranchGroup(tx, actor, params.group_id);
  if (isTeacherOnly(actor) && group.teacherId !== actor.id) {
    const lessons = await loadCalendar(tx, actor.companyId, group, params.from, params.till);
    if (!lessons.some((lesson) => lesson.teacher_id === actor.id)) throw notFound();
  }
  const settings = await readGradeSettings(tx, actor.companyId);
  const filters = [
    eq(grades.companyId, actor.companyId),
    eq(grades.groupId, group.id),
    between(grades.lessonDate, params.from, params.till),
  ];
  if (studentOnly) filters.push(eq(grades.studentId, actor.id));
  const rows = await tx
    .select(gradeColumns)
    .from(grades)
    .leftJoin(users, gradeAuthorJoin)
    .where(and(...filters))
    .orderBy(asc(grades.lessonDate), asc(grades.studentId));
  const staffMayGrade = isGroupStaff(actor) && (settings.allow_non_teachers || group.teacherId === actor.id);
  return {
    group_id: group.id,
    from: params.from,
    till: params.till,
    max_score: settings.max_score,
    grades: rows.map(toGrade),
    policies: { grade: isTeacherOnly(actor) || staffMayGrade, past_dates: settings.allow_past_dates },
  };
}

/**
 * PUT /grade. The lesson must be held (not cancelled, begun by the company's clock), given by the caller
 * unless the settings let other staff grade (spec §6), today's unless they allow earlier days, and the
 * student in the group that day. Score null takes a grade back.
 */
export async function setGrade(tx: Tx, actor: Actor, at: Date, input: GradeInput) {
  const settings = await readGradeSettings(tx, actor.companyId);
  if (input.score !== null && input.score > settings.max_score) {
    throw invalidFields([
      { field: 'score', rule: 'too_big', message: `at most ${settings.max_score}`, limit: settings.max_score },
    ]);
  }
  const group = await findBranchGroup(tx, actor, input.group_id);
  const lesson = await findLessonOn(tx, actor.companyId, group, input.date);
  if (lesson.state === 'cancelled') throw new AppError(422, 'lesson_cancelled', { date: input.date });
  if (lesson.teacher_id !== actor.id) {
    if (isTeacherOnly(actor)) throw forbidden('not_your_group');
    if (!settings.allow_non_teachers) throw forbidden('grading_teachers_only');
  }
  const time = await companyTime(tx, actor.companyId, at);
  if (input.date > time.today || (input.date === time.today && time.now < lesson.start_time)) {
    throw new AppError(422, 'grade_lesson_not_started', { date: input.date, start_time: lesson.start_time });
  }
  if (input.date < time.today && !settings.allow_past_dates) {
    throw new AppError(422, 'grading_past_closed', { date: input.date });
  }
  const [member] = await tx
    .select({ name: users.name })
    .from(groupStudents)
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(
      and(
        eq(groupStudents.companyId, actor.companyId),
        eq(groupStudents.groupId, group.id),
        eq(groupStudents.studentId, input.student_id),
        inGroupDuring(input.date, input.date),
      ),
    );
  if (!member) {
    throw invalidFields([{ field: 'student_id', rule: 'not_in_group', message: 'not in the group that day' }]);
  }
  const key = and(
    eq(grades.companyId, actor.companyId),
    eq(grades.groupId, group.id),
    eq(grades.studentId, input.student_id),
    eq(grades.lessonDate, input.date),
  );
  const [previous] = await tx.select({ score: grades.score }).from(grades).where(key);
  if ((previous?.score ?? null) === input.score) return { ...input, group_id: group.id };
  if (input.score === null) {
    await tx.delete(grades).where(key);
  } else {
    const values = { score: input.score, authorId: actor.id, updatedAt: at };
    await tx
      .insert(grades)
      .values({
        companyId: actor.companyId,
        groupId: group.id,
        studentId: input.student_id,
        lessonDate: input.date,
        ...values,
      })
      .onConflictDoUpdate({
        target: [grades.companyId, grades.groupId, grades.studentId, grades.lessonDate],
        set: values,
      });
  }
  await recordHistory(tx, actor, {
    event: 'gradeGiven',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: {
      student_id: input.student_id,
      student_name: member.name,
      group_title: groupTitle(group),
      date: input.date,
      score: input.score,
      previous_score: previous?.score ?? null,
    },
  });
  // A grade at or above the coin rule's threshold earns its coins; taken back or lowered, they return (issue 21).
  const coinGroup = { id: group.id, branchId: group.branchId, title: groupTitle(group) };
  await coinsForGrade(tx, actor, coinGroup, input.date, input.student_id, input.score);
  return { ...input, group_id: group.id };
}
