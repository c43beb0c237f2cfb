import {
  type CourseLesson,
  type CourseLessonValues,
  canAccess,
  moduleOf,
  type Syllabus,
  type SyllabusOrder,
} from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courseLessons, courses, homeworkAnswers } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { findVisibleGroup, isGroupStaff } from '../groups/group-scope.js';
import {
  assertCourseFiles,
  courseSyllabus,
  filesOfLessons,
  findLesson,
  type LessonPlace,
  type LessonReading,
  type LessonRow,
  lessonColumns,
  toCourseLesson,
  toSummary,
} from './lesson-rows.js';

/** The course (or level) a syllabus belongs to; another company's is absent. */
export async function findSyllabusCourse(tx: Tx, companyId: number, courseId: number, lock = false) {
  const query = tx
    .select({ id: courses.id, name: courses.name, lessons_per_module: courses.lessonsPerModule })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.id, courseId)));
  const [course] = lock ? await query.for('update') : await query;
  if (!course) throw notFound();
  return course;
}

/** Number and module of each course lesson by its place in the syllabus. */
export function placesOf(rows: readonly LessonRow[], lessonsPerModule: number | null): Map<number, LessonPlace> {
  return new Map(
    rows.map((row, index) => [row.id, { number: index + 1, module: moduleOf(index + 1, lessonsPerModule) }]),
  );
}

const mayEditCourse = (actor: Actor) => canAccess('courses', actor.roles);

/** GET /course/{id}/lessons. */
export async function getSyllabus(tx: Tx, actor: Actor, courseId: number): Promise<Syllabus> {
  const course = await findSyllabusCourse(tx, actor.companyId, courseId);
  const rows = await courseSyllabus(tx, actor.companyId, courseId);
  const files = await filesOfLessons(tx, actor.companyId, rows);
  const places = placesOf(rows, course.lessons_per_module);
  const editor = mayEditCourse(actor);
  return {
    course,
    lessons: rows.map((row) => toSummary(row, places.get(row.id)!, files)),
    policies: { add: editor, reorder: editor },
  };
}

/**
 * Who may change a lesson: a course's lessons belong to the staff of the courses area (spec §6), a group's
 * own lesson also to the group's teacher. Another branch's group lesson is absent (404).
 */
export async function lessonPolicies(tx: Tx, actor: Actor, row: LessonRow): Promise<CourseLesson['policies']> {
  if (row.groupId === null) return { edit: mayEditCourse(actor), delete: mayEditCourse(actor) };
  const group = await findVisibleGroup(tx, actor, row.groupId);
  const may = isGroupStaff(actor) || group.teacherId === actor.id;
  return { edit: may, delete: may };
}

/**
 * GET /course-lesson/{id}: a course's lesson to the courses area's staff; a group's own lesson also to the
 * group's teacher (its editor). Anyone else finds it absent.
 */
export async function findReadableLesson(tx: Tx, actor: Actor, id: number): Promise<LessonRow> {
  const row = await findLesson(tx, actor, id);
  if (row.groupId === null ? !mayEditCourse(actor) : !(await lessonPolicies(tx, actor, row)).edit) throw notFound();
  return row;
}

/** The lesson with its place: a course lesson's number and module, a group's own lesson none. */
export async function readLesson(tx: Tx, actor: Actor, reading: LessonReading, row: LessonRow): Promise<CourseLesson> {
  let place: LessonPlace = { number: null, module: null };
  if (row.groupId === null) {
    const course = await findSyllabusCourse(tx, actor.companyId, row.courseId);
    place =
      placesOf(await courseSyllabus(tx, actor.companyId, row.courseId), course.lessons_per_module).get(row.id) ?? place;
  }
  const files = await filesOfLessons(tx, actor.companyId, [row]);
  return toCourseLesson(row, place, files, reading, await lessonPolicies(tx, actor, row));
}

/** POST /course/{id}/lessons: at the end of the syllabus. */
export async function addCourseLesson(
  tx: Tx,
  actor: Actor,
  reading: LessonReading,
  courseId: number,
  input: CourseLessonValues,
): Promise<CourseLesson> {
  // The course row's lock orders concurrent additions, so two never take the same position.
  await findSyllabusCourse(tx, actor.companyId, courseId, true);
  await assertCourseFiles(tx, actor, courseId, input);
  const [{ last }] = (await tx
    .select({ last: sql<number>`coalesce(max(${courseLessons.position}), 0)::int` })
    .from(courseLessons)
    .where(and(eq(courseLessons.companyId, actor.companyId), eq(courseLessons.courseId, courseId)))) as [
    { last: number },
  ];
  const [row] = await tx
    .insert(courseLessons)
    .values({ companyId: actor.companyId, courseId, position: last + 1, createdBy: actor.id, ...lessonColumns(input) })
    .returning();
  await recordHistory(tx, actor, {
    event: 'courseLessonAdded',
    entity: 'course',
    entityId: courseId,
    data: { title: row!.title, course_id: courseId, lesson_id: row!.id },
  });
  return readLesson(tx, actor, reading, row!);
}

/** PUT /course/{id}/lessons/order: every lesson of the syllabus once, or 409 (someone changed it meanwhile). */
export async function reorderSyllabus(tx: Tx, actor: Actor, courseId: number, order: SyllabusOrder): Promise<Syllabus> {
  const course = await findSyllabusCourse(tx, actor.companyId, courseId, true);
  const current = await courseSyllabus(tx, actor.companyId, courseId);
  const known = new Set(current.map((row) => row.id));
  if (order.ids.length !== known.size || order.ids.some((id) => !known.has(id))) {
    throw new AppError(409, 'syllabus_order_mismatch');
  }
  await tx.execute(sql`
    update course_lessons l set position = o.position, updated_at = now()
    from unnest(${`{${order.ids.join(',')}}`}::bigint[]) with ordinality as o(id, position)
    where l.company_id = ${actor.companyId} and l.id = o.id`);
  await recordHistory(tx, actor, {
    event: 'syllabusReordered',
    entity: 'course',
    entityId: courseId,
    data: { name: course.name, course_id: courseId },
  });
  return getSyllabus(tx, actor, courseId);
}

/** The lesson, refused (403) to a caller who may not change it. */
async function editableLesson(tx: Tx, actor: Actor, id: number): Promise<LessonRow> {
  const row = await findLesson(tx, actor, id, true);
  if (!(await lessonPolicies(tx, actor, row)).edit) throw forbidden();
  return row;
}

/** PUT /course-lesson/{id}. */
export async function updateLesson(
  tx: Tx,
  actor: Actor,
  reading: LessonReading,
  id: number,
  input: CourseLessonValues,
): Promise<CourseLesson> {
  const row = await editableLesson(tx, actor, id);
  await assertCourseFiles(tx, actor, row.courseId, input);
  const [updated] = await tx
    .update(courseLessons)
    .set({ ...lessonColumns(input), updatedAt: new Date() })
    .where(and(eq(courseLessons.companyId, actor.companyId), eq(courseLessons.id, id)))
    .returning();
  await recordHistory(tx, actor, {
    event: 'courseLessonChanged',
    entity: row.groupId === null ? 'course' : 'group',
    entityId: row.groupId ?? row.courseId,
    data: { title: updated!.title, course_id: row.courseId, lesson_id: id },
  });
  return readLesson(tx, actor, reading, updated!);
}

/**
 * DELETE /course-lesson/{id}: with its homework answers (their files' keys are returned for removal once
 * committed). Groups' own lessons that followed it follow its predecessor, so they keep their place.
 */
export async function deleteLesson(tx: Tx, actor: Actor, id: number): Promise<string[]> {
  const row = await editableLesson(tx, actor, id);
  let predecessor = row.afterLessonId;
  if (row.groupId === null) {
    const syllabus = await courseSyllabus(tx, actor.companyId, row.courseId);
    const index = syllabus.findIndex((lesson) => lesson.id === id);
    predecessor = index > 0 ? syllabus[index - 1]!.id : null;
  }
  await tx
    .update(courseLessons)
    .set({ afterLessonId: predecessor })
    .where(and(eq(courseLessons.companyId, actor.companyId), eq(courseLessons.afterLessonId, id)));
  const answerFiles = await tx
    .select({ key: homeworkAnswers.fileKey })
    .from(homeworkAnswers)
    .where(and(eq(homeworkAnswers.companyId, actor.companyId), eq(homeworkAnswers.lessonId, id)));
  await tx.delete(courseLessons).where(and(eq(courseLessons.companyId, actor.companyId), eq(courseLessons.id, id)));
  await recordHistory(tx, actor, {
    event: 'courseLessonDeleted',
    entity: row.groupId === null ? 'course' : 'group',
    entityId: row.groupId ?? row.courseId,
    data: { title: row.title, course_id: row.courseId, lesson_id: id },
  });
  return answerFiles.flatMap((answer) => (answer.key ? [answer.key] : []));
}
