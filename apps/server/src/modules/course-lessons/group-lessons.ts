import {
  type CourseLesson,
  type GroupLessonLine,
  type GroupLessons,
  type GroupLessonValues,
  groupTitle,
  type LessonOpeningInput,
  type MyCourseGroup,
} from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courseLessons, groupLessonSettings, groups, homeworkAnswers } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { forbidden } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import {
  findVisibleGroup,
  type GroupRow,
  groupRowColumns,
  groupScope,
  isGroupLearner,
  isGroupStaff,
} from '../groups/group-scope.js';
import { invalidFields } from '../groups/service.js';
import { type GroupPlan, loadGroupPlan, nextLessonOf, placementOf } from './group-plan.js';
import { assertCourseFiles, filesOfLessons, type LessonReading, lessonColumns } from './lesson-rows.js';
import { readLesson } from './syllabus.js';

/** The group's teacher and the staff of its branches run its lessons (add its own, open them). */
export function assertRunsGroup(actor: Actor, group: GroupRow): void {
  if (isGroupLearner(actor, group)) throw forbidden();
}

async function answerCounts(tx: Tx, actor: Actor, groupId: number) {
  const rows = await tx
    .select({
      lessonId: homeworkAnswers.lessonId,
      handedIn: sql<number>`count(*)::int`,
      reviewed: sql<number>`count(${homeworkAnswers.reviewedAt})::int`,
    })
    .from(homeworkAnswers)
    .where(and(eq(homeworkAnswers.companyId, actor.companyId), eq(homeworkAnswers.groupId, groupId)))
    .groupBy(homeworkAnswers.lessonId);
  return new Map(rows.map((row) => [row.lessonId, { handed_in: row.handedIn, reviewed: row.reviewed }]));
}

async function ownAnswers(tx: Tx, actor: Actor, groupId: number) {
  const rows = await tx
    .select({
      lessonId: homeworkAnswers.lessonId,
      late: homeworkAnswers.late,
      score: homeworkAnswers.score,
      scale: homeworkAnswers.scale,
      reviewedAt: homeworkAnswers.reviewedAt,
    })
    .from(homeworkAnswers)
    .where(
      and(
        eq(homeworkAnswers.companyId, actor.companyId),
        eq(homeworkAnswers.groupId, groupId),
        eq(homeworkAnswers.studentId, actor.id),
      ),
    );
  return new Map(rows.map((row) => [row.lessonId, row]));
}

/** The lines of the group's lessons screen. */
async function linesOf(tx: Tx, actor: Actor, plan: GroupPlan, maxScore: number | null): Promise<GroupLessonLine[]> {
  const learner = isGroupLearner(actor, plan.group);
  const counts = learner ? null : await answerCounts(tx, actor, plan.group.id);
  const mine = learner ? await ownAnswers(tx, actor, plan.group.id) : null;
  const files = await filesOfLessons(
    tx,
    actor.companyId,
    plan.placed.map((entry) => entry.lesson),
  );
  return plan.placed.map(({ lesson }) => {
    const placement = placementOf(plan, lesson.id)!;
    const answer = mine?.get(lesson.id);
    return {
      id: lesson.id,
      title: lesson.title,
      module: plan.places.get(lesson.id)?.module ?? null,
      own: lesson.groupId !== null,
      has_video:
        (lesson.videoKind === 'file' && lesson.videoFileId !== null && files.has(lesson.videoFileId)) ||
        lesson.videoKind === 'link',
      has_homework: lesson.homeworkText !== null,
      position: placement.position,
      date: placement.date,
      start_time: placement.start_time,
      opened: placement.opened,
      homework_due: placement.homework_due,
      my_answer: answer
        ? {
            late: answer.late,
            score: answer.scale === maxScore ? answer.score : null,
            reviewed: answer.reviewedAt !== null,
          }
        : null,
      answers: counts ? (counts.get(lesson.id) ?? { handed_in: 0, reviewed: 0 }) : null,
    };
  });
}

/** GET /group/{id}/lessons. */
export async function getGroupLessons(
  tx: Tx,
  actor: Actor,
  at: Date,
  groupId: number,
  maxScore: number,
): Promise<GroupLessons> {
  const group = await findVisibleGroup(tx, actor, groupId);
  const plan = await loadGroupPlan(tx, actor.companyId, group, at);
  const lessons = await linesOf(tx, actor, plan, maxScore);
  const runs = !isGroupLearner(actor, group);
  return {
    group: { id: group.id, title: groupTitle(group), course_id: plan.course.id, course_name: plan.course.name },
    open_all: plan.openAll,
    next_lesson: await nextLessonOf(tx, actor.companyId, plan),
    progress: { opened: lessons.filter((line) => line.opened).length, total: lessons.length },
    max_score: maxScore,
    lessons,
    policies: {
      add_lesson: runs,
      change_opening: runs,
      edit_syllabus: runs && isGroupStaff(actor),
      read_locked: runs,
    },
  };
}

/** POST /group/{id}/lessons: a lesson of this group only, after one of its lessons (first when none). */
export async function addGroupLesson(
  tx: Tx,
  actor: Actor,
  reading: LessonReading,
  groupId: number,
  input: GroupLessonValues,
): Promise<CourseLesson> {
  const group = await findVisibleGroup(tx, actor, groupId, true);
  assertRunsGroup(actor, group);
  if (input.after_lesson_id !== null) {
    const plan = await loadGroupPlan(tx, actor.companyId, group, reading.now);
    if (!placementOf(plan, input.after_lesson_id)) {
      throw invalidFields([{ field: 'after_lesson_id', rule: 'not_in_group', message: 'not a lesson of this group' }]);
    }
  }
  await assertCourseFiles(tx, actor, group.courseId, input);
  const [row] = await tx
    .insert(courseLessons)
    .values({
      companyId: actor.companyId,
      courseId: group.courseId,
      groupId: group.id,
      afterLessonId: input.after_lesson_id,
      position: 0,
      createdBy: actor.id,
      ...lessonColumns(input),
    })
    .returning();
  await recordHistory(tx, actor, {
    event: 'courseLessonAdded',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: {
      title: row!.title,
      course_id: group.courseId,
      group_id: group.id,
      group_title: groupTitle(group),
      lesson_id: row!.id,
    },
  });
  return readLesson(tx, actor, reading, row!);
}

/** PUT /group/{id}/lesson-opening. */
export async function setLessonOpening(
  tx: Tx,
  actor: Actor,
  at: Date,
  groupId: number,
  input: LessonOpeningInput,
  maxScore: number,
): Promise<GroupLessons> {
  const group = await findVisibleGroup(tx, actor, groupId, true);
  assertRunsGroup(actor, group);
  const values = { openAll: input.open_all, updatedBy: actor.id, updatedAt: at };
  await tx
    .insert(groupLessonSettings)
    .values({ companyId: actor.companyId, groupId: group.id, ...values })
    .onConflictDoUpdate({ target: [groupLessonSettings.companyId, groupLessonSettings.groupId], set: values });
  await recordHistory(tx, actor, {
    event: 'lessonOpeningChanged',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: { open_all: input.open_all, group_title: groupTitle(group) },
  });
  return getGroupLessons(tx, actor, at, groupId, maxScore);
}

/** GET /course-lessons/mine: each group the student studies in, with what is due. */
export async function myCourseLessons(tx: Tx, actor: Actor, at: Date): Promise<{ data: MyCourseGroup[] }> {
  const mine = await tx
    .select(groupRowColumns)
    .from(groups)
    .where(and(...groupScope(actor)))
    .orderBy(groups.id);
  const data: MyCourseGroup[] = [];
  for (const row of mine) {
    const group = { ...row, startTime: row.startTime.slice(0, 5), endTime: row.endTime.slice(0, 5) };
    const plan = await loadGroupPlan(tx, actor.companyId, group, at);
    const answered = await ownAnswers(tx, actor, group.id);
    const placements = plan.placed.map(({ lesson }) => placementOf(plan, lesson.id)!);
    data.push({
      group_id: group.id,
      group_title: groupTitle(group),
      course_id: plan.course.id,
      course_name: plan.course.name,
      progress: { opened: placements.filter((p) => p.opened).length, total: placements.length },
      next_lesson: await nextLessonOf(tx, actor.companyId, plan),
      homework_due: placements
        .filter((p) => p.opened && p.homework_due !== null && !answered.has(p.lesson.id))
        .sort((a, b) => (a.homework_due! < b.homework_due! ? -1 : 1))
        .map((p) => ({ lesson_id: p.lesson.id, title: p.lesson.title, due: p.homework_due! })),
    });
  }
  return { data };
}
