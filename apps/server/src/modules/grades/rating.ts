import {
  AttendanceMark,
  companyDatasSchema,
  groupTitle,
  paginate,
  type Rating,
  type RatingInputs,
  type RatingScope,
  rankStudents,
  type ratingQuerySchema,
  type StudentPlaces,
  StudentStatus,
} from '@crm/contracts';
import { and, between, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { attendances, companies, courses, grades, groupStudents, groups, users } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { findBranchGroup } from '../lessons/lesson-access.js';
import { assertStudentReader } from './grade-reports.js';
import { readGradeSettings } from './grade-settings.js';

/** Spec §2: the rating exists only while the company's scoring module is on. */
async function assertScoring(tx: Tx, companyId: number) {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  if (companyDatasSchema.parse(row?.datas ?? {}).scoring_module_is_enabled !== '1') {
    throw new AppError(403, 'rating_needs_scoring');
  }
}

/** The groups a scope covers (null: the whole company), within the caller's branches for a course. */
async function scopeGroups(tx: Tx, actor: Actor, scope: RatingScope, id: number | undefined): Promise<number[] | null> {
  if (scope === 'centre') return null;
  if (id === undefined)
    throw new AppError(400, 'validation_failed', [{ field: 'id', rule: 'required', message: 'required' }]);
  if (scope === 'group') return [(await findBranchGroup(tx, actor, id)).id];
  const filters: SQL[] = [eq(groups.companyId, actor.companyId)];
  if (scope === 'branch') {
    assertBranch(actor, id);
    filters.push(eq(groups.branchId, id));
  } else {
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.companyId, actor.companyId), eq(courses.id, id)));
    if (!course) throw notFound();
    const levels = tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.companyId, actor.companyId), or(eq(courses.id, id), eq(courses.parentId, id))));
    filters.push(inArray(groups.courseId, levels));
    const branches = branchFilterOf(actor);
    if (branches) filters.push(inArray(groups.branchId, branches.length ? branches : [-1]));
  }
  const rows = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(...filters));
  return rows.map((row) => row.id);
}

const periodOf = (month: string | undefined) =>
  month ? ([`${month}-01`, sql`(${`${month}-01`}::date + interval '1 month - 1 day')::date`] as const) : null;

/** Each student of the scope's groups (not archived from them) with his grades and marks of the period. */
async function ratingInputs(
  tx: Tx,
  companyId: number,
  groupIds: number[] | null,
  month: string | undefined,
): Promise<RatingInputs[]> {
  const inScope = (column: PgColumn) =>
    groupIds === null ? undefined : inArray(column, groupIds.length ? groupIds : [-1]);
  const period = periodOf(month);
  const during = (column: PgColumn) => (period ? between(column, period[0], period[1]) : undefined);
  const members = await tx
    .selectDistinct({ id: users.id, name: users.name })
    .from(groupStudents)
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(
      and(
        eq(groupStudents.companyId, companyId),
        inScope(groupStudents.groupId),
        ne(groupStudents.status, StudentStatus.archived),
      ),
    );
  const gradeRows = await tx
    .select({ id: grades.studentId, sum: sql<number>`sum(${grades.score})::int`, n: sql<number>`count(*)::int` })
    .from(grades)
    .where(and(eq(grades.companyId, companyId), inScope(grades.groupId), during(grades.lessonDate)))
    .groupBy(grades.studentId);
  const markRows = await tx
    .select({
      id: attendances.studentId,
      present: sql<number>`(count(*) filter (where ${attendances.status} = ${AttendanceMark.present}))::int`,
      marked: sql<number>`count(*)::int`,
    })
    .from(attendances)
    .where(and(eq(attendances.companyId, companyId), inScope(attendances.groupId), during(attendances.attendDate)))
    .groupBy(attendances.studentId);
  const gradesOf = new Map(gradeRows.map((row) => [row.id, row]));
  const marksOf = new Map(markRows.map((row) => [row.id, row]));
  return members.map((member) => ({
    student_id: member.id,
    student_name: member.name,
    grade_sum: gradesOf.get(member.id)?.sum ?? 0,
    grade_count: gradesOf.get(member.id)?.n ?? 0,
    present: marksOf.get(member.id)?.present ?? 0,
    marked: marksOf.get(member.id)?.marked ?? 0,
  }));
}

async function rankedScope(tx: Tx, actor: Actor, scope: RatingScope, id: number | undefined, month?: string) {
  const settings = await readGradeSettings(tx, actor.companyId);
  const groupIds = await scopeGroups(tx, actor, scope, id);
  const inputs = await ratingInputs(tx, actor.companyId, groupIds, month);
  return { settings, rows: rankStudents(inputs, settings.max_score, settings.rating_attendance_weight) };
}

/** GET /rating. */
export async function rating(tx: Tx, actor: Actor, query: z.output<typeof ratingQuerySchema>): Promise<Rating> {
  await assertScoring(tx, actor.companyId);
  const { settings, rows } = await rankedScope(tx, actor, query.scope, query.id, query.month);
  const page = query.page;
  const perPage = query.per_page;
  const data = rows.slice((page - 1) * perPage, page * perPage);
  return {
    scope: query.scope,
    month: query.month ?? null,
    max_score: settings.max_score,
    attendance_weight: settings.rating_attendance_weight,
    data,
    pagination: paginate(rows.length, page, perPage, data.length),
  };
}

/**
 * GET /user/{id}/rating: the student's place in each of his groups, and in the centre or his branch when the
 * settings show one in profiles. Staff read any student of theirs; a student only himself.
 */
export async function studentPlaces(
  tx: Tx,
  actor: Actor,
  studentId: number,
  month: string | undefined,
): Promise<StudentPlaces> {
  await assertStudentReader(tx, actor, studentId);
  await assertScoring(tx, actor.companyId);
  const settings = await readGradeSettings(tx, actor.companyId);
  const own = await tx
    .select({ id: groups.id, name: groups.name, code: groups.code, branchId: groups.branchId })
    .from(groupStudents)
    .innerJoin(groups, and(eq(groups.companyId, groupStudents.companyId), eq(groups.id, groupStudents.groupId)))
    .where(
      and(
        eq(groupStudents.companyId, actor.companyId),
        eq(groupStudents.studentId, studentId),
        ne(groupStudents.status, StudentStatus.archived),
      ),
    );
  const placeIn = async (groupIds: number[] | null) => {
    const rows = rankStudents(
      await ratingInputs(tx, actor.companyId, groupIds, month),
      settings.max_score,
      settings.rating_attendance_weight,
    );
    const mine = rows.find((row) => row.student_id === studentId);
    return mine ? { place: mine.place, of: rows.length, score: mine.score } : null;
  };
  const places: StudentPlaces['places'] = [];
  for (const group of own) {
    const place = await placeIn([group.id]);
    if (place) places.push({ scope: 'group', id: group.id, title: groupTitle(group), ...place });
  }
  if (settings.rating_in_profile === 'centre') {
    const place = await placeIn(null);
    if (place) places.push({ scope: 'centre', id: null, title: '', ...place });
  } else if (settings.rating_in_profile === 'branch' && own[0]) {
    const branchGroups = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.companyId, actor.companyId), eq(groups.branchId, own[0].branchId)));
    const place = await placeIn(branchGroups.map((g) => g.id));
    if (place) places.push({ scope: 'branch', id: own[0].branchId, title: '', ...place });
  }
  return { month: month ?? null, places };
}
