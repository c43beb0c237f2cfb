import {
  type Course,
  type CourseDetail,
  type CourseInput,
  type CourseListItem,
  type CourseListQuery,
  courseColor,
  type FieldError,
  paginate,
} from '@crm/contracts';
import { and, asc, count, eq, exists, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { courseFiles, courseFolders, courses, groups, leads } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

const courseColumns = {
  id: courses.id,
  name: courses.name,
  code: courses.code,
  description: courses.description,
  price: courses.price,
  parent_id: courses.parentId,
  lesson_duration: courses.lessonDuration,
  course_duration: courses.durationMonths,
  exam_duration: courses.examDuration,
  lessons_per_module: courses.lessonsPerModule,
};
type CourseRow = Omit<Course, 'color'>;

const withColor = (row: CourseRow): Course => ({ ...row, color: courseColor(row.id) });

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const invalidField = (field: string, rule: string, message: string) =>
  new AppError(400, 'validation_failed', [{ field, rule, message } satisfies FieldError], message);

const ofCompany = (actor: Actor, id: number) => and(eq(courses.companyId, actor.companyId), eq(courses.id, id));

async function levelsOf(tx: Tx, actor: Actor, parentIds: number[]): Promise<Course[]> {
  if (!parentIds.length) return [];
  const rows = await tx
    .select(courseColumns)
    .from(courses)
    .where(and(eq(courses.companyId, actor.companyId), inArray(courses.parentId, parentIds)))
    // Levels are taught in the order they were added (Beginner, Elementary, …), not alphabetically.
    .orderBy(asc(courses.id));
  return rows.map(withColor);
}

/** Spec §2 courses/list: top-level courses with their levels; `name` also finds a course by a level's name. */
export async function listCourses(tx: Tx, actor: Actor, query: CourseListQuery) {
  const filters: SQL[] = [eq(courses.companyId, actor.companyId), isNull(courses.parentId)];
  if (query.name) {
    const pattern = containsPattern(query.name);
    const level = alias(courses, 'level');
    const levelMatches = tx
      .select({ id: level.id })
      .from(level)
      .where(and(eq(level.companyId, courses.companyId), eq(level.parentId, courses.id), ilike(level.name, pattern)));
    filters.push(or(ilike(courses.name, pattern), ilike(courses.code, pattern), exists(levelMatches)) as SQL);
  }
  const where = and(...filters);
  const [total] = await tx.select({ n: count() }).from(courses).where(where);
  const rows = await tx
    .select(courseColumns)
    .from(courses)
    .where(where)
    .orderBy(asc(courses.name), asc(courses.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const levels = await levelsOf(
    tx,
    actor,
    rows.map((r) => r.id),
  );
  const data: CourseListItem[] = rows.map((row) => ({
    ...withColor(row),
    levels: levels.filter((l) => l.parent_id === row.id),
  }));
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}

async function findCourse(tx: Tx, actor: Actor, id: number, lock = false): Promise<CourseRow> {
  const query = tx.select(courseColumns).from(courses).where(ofCompany(actor, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function getCourse(tx: Tx, actor: Actor, id: number): Promise<CourseDetail> {
  const row = await findCourse(tx, actor, id);
  const parent = row.parent_id === null ? null : await findCourse(tx, actor, row.parent_id);
  return {
    ...withColor(row),
    levels: await levelsOf(tx, actor, [id]),
    parent: parent && { id: parent.id, name: parent.name, color: courseColor(parent.id) },
  };
}

/**
 * A level belongs to a top-level course of the same company: one level deep, so no cycle can form
 * (a course cannot be its own parent, a level cannot have levels, a course with levels cannot become one).
 */
async function assertParent(tx: Tx, actor: Actor, parentId: number | null | undefined, selfId?: number) {
  if (parentId === null || parentId === undefined) return;
  if (parentId === selfId)
    throw invalidField('parent_id', 'parent_self', 'parent_id: a course cannot be its own level');
  const [parent] = await tx
    .select({ parentId: courses.parentId })
    .from(courses)
    .where(ofCompany(actor, parentId))
    .for('share');
  // Another company's course looks the same as none.
  if (!parent) throw invalidField('parent_id', 'not_found', 'parent_id: no such course');
  if (parent.parentId !== null) {
    throw invalidField('parent_id', 'parent_is_level', 'parent_id: a level cannot have levels of its own');
  }
  if (selfId !== undefined && (await levelsOf(tx, actor, [selfId])).length) {
    throw invalidField('parent_id', 'has_levels', 'parent_id: a course with levels cannot become a level');
  }
}

const toValues = (c: CourseInput) => ({
  name: c.name,
  code: c.code,
  description: c.description || null,
  price: c.price,
  parentId: c.parent_id ?? null,
  lessonDuration: c.lesson_duration,
  durationMonths: c.course_duration ?? null,
  examDuration: c.exam_duration ?? null,
  lessonsPerModule: c.lessons_per_module ?? null,
});

export async function createCourse(tx: Tx, actor: Actor, input: CourseInput): Promise<Course> {
  await assertParent(tx, actor, input.parent_id);
  const [row] = await tx
    .insert(courses)
    .values({ companyId: actor.companyId, ...toValues(input) })
    .returning(courseColumns);
  if (!row) throw new Error('insert returned no row');
  await recordHistory(tx, actor, {
    event: 'courseCreated',
    entity: 'course',
    entityId: row.id,
    data: { name: row.name, code: row.code, price: row.price, parent_id: row.parent_id },
  });
  return withColor(row);
}

/** The fields whose values differ, before and after (what a history reader needs). */
function changes<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

export async function updateCourse(tx: Tx, actor: Actor, id: number, input: CourseInput): Promise<Course> {
  const before = await findCourse(tx, actor, id, true);
  await assertParent(tx, actor, input.parent_id, id);
  const [row] = await tx
    .update(courses)
    .set({ ...toValues(input), updatedAt: new Date() })
    .where(ofCompany(actor, id))
    .returning(courseColumns);
  if (!row) throw notFound();
  await recordHistory(tx, actor, {
    event: 'courseChanged',
    entity: 'course',
    entityId: id,
    // The name names the course in the history sentence, whatever changed.
    data: { name: row.name, ...changes(before, row) },
  });
  return withColor(row);
}

/**
 * Refused while the course has levels or groups (course_in_use). Its folders and files go with it;
 * the storage keys are returned so the bytes can be removed once the transaction has committed.
 */
export async function deleteCourse(tx: Tx, actor: Actor, id: number): Promise<string[]> {
  const course = await findCourse(tx, actor, id, true);
  const [levels] = await tx
    .select({ n: count() })
    .from(courses)
    .where(and(eq(courses.companyId, actor.companyId), eq(courses.parentId, id)));
  const [groupCount] = await tx
    .select({ n: count() })
    .from(groups)
    .where(and(eq(groups.companyId, actor.companyId), eq(groups.courseId, id)));
  if (levels?.n || groupCount?.n) {
    throw new AppError(409, 'course_in_use', { levels: levels?.n ?? 0, groups: groupCount?.n ?? 0 });
  }
  const files = await tx
    .select({ key: courseFiles.storageKey })
    .from(courseFiles)
    .innerJoin(
      courseFolders,
      and(eq(courseFolders.companyId, courseFiles.companyId), eq(courseFolders.id, courseFiles.folderId)),
    )
    .where(and(eq(courseFolders.companyId, actor.companyId), eq(courseFolders.courseId, id)));
  // Leads interested in the course keep their card, without the course.
  await tx
    .update(leads)
    .set({ courseId: null })
    .where(and(eq(leads.companyId, actor.companyId), eq(leads.courseId, id)));
  await tx.delete(courses).where(ofCompany(actor, id));
  await recordHistory(tx, actor, {
    event: 'courseDeleted',
    entity: 'course',
    entityId: id,
    data: { name: course.name, code: course.code, parent_id: course.parent_id, files: files.length },
  });
  return files.map((f) => f.key);
}

/** For folders: the course must be the caller company's (else 404). */
/** The course exists in the caller's company (404 otherwise); `lock` holds it until the transaction ends. */
export async function assertCourse(tx: Tx, actor: Actor, id: number, lock = false): Promise<void> {
  await findCourse(tx, actor, id, lock);
}
