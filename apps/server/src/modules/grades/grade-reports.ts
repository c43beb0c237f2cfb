import { addMonths, type GradeOverview, gradeFigure, groupTitle, type StudentGrades } from '@crm/contracts';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { grades, groups, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { assertTeachesStudent, groupScope, isGroupStaff, isTeacherOnly } from '../groups/group-scope.js';
import { companyTime } from '../lessons/company-time.js';
import { findTarget } from '../users/queries.js';
import { gradeAuthorJoin, gradeColumns, toGrade } from './grade-rows.js';
import { readGradeSettings } from './grade-settings.js';

const monthOf = (date: string) => date.slice(0, 7);

/**
 * Who reads a student's grades and places: the student himself, staff of his branches, a teacher who teaches
 * him. `teacherChecked`: the caller checks the teacher later from the rows he reads (none read: absent).
 */
export async function assertStudentReader(
  tx: Tx,
  actor: Actor,
  studentId: number,
  { teacherChecked = false } = {},
): Promise<void> {
  if (studentId === actor.id) return;
  if (!isGroupStaff(actor) && !isTeacherOnly(actor)) throw notFound();
  if (!isTeacherOnly(actor)) await findTarget(tx, actor, studentId, false);
  else if (!teacherChecked) await assertTeachesStudent(tx, actor, studentId);
}

/**
 * GET /user/{id}/grades: the student's grades in the groups the caller sees — a student his own, a teacher
 * those of his groups, staff those of their branches' groups — newest first, and each group's months.
 */
export async function studentGrades(
  tx: Tx,
  actor: Actor,
  studentId: number,
  query: { group_id?: number },
): Promise<StudentGrades> {
  const self = studentId === actor.id;
  await assertStudentReader(tx, actor, studentId, { teacherChecked: true });
  const filters: SQL[] = [...groupScope(actor), eq(grades.studentId, studentId)];
  if (query.group_id !== undefined) filters.push(eq(grades.groupId, query.group_id));
  const rows = await tx
    .select({ ...gradeColumns, groupId: grades.groupId, groupName: groups.name, groupCode: groups.code })
    .from(grades)
    .innerJoin(groups, and(eq(groups.companyId, grades.companyId), eq(groups.id, grades.groupId)))
    .leftJoin(users, gradeAuthorJoin)
    .where(and(eq(grades.companyId, actor.companyId), ...filters))
    .orderBy(desc(grades.lessonDate), asc(grades.groupId));
  // A teacher asking about someone who is in none of his groups learns nothing, not even that he exists.
  if (!self && isTeacherOnly(actor) && rows.length === 0) await assertTeachesStudent(tx, actor, studentId);
  const settings = await readGradeSettings(tx, actor.companyId);
  const months = new Map<string, { group_id: number; month: string; count: number; sum: number }>();
  for (const row of rows) {
    const key = `${row.groupId}:${monthOf(row.date)}`;
    const month = months.get(key) ?? { group_id: row.groupId, month: monthOf(row.date), count: 0, sum: 0 };
    month.count += 1;
    month.sum += row.score;
    months.set(key, month);
  }
  const titles = new Map(rows.map((row) => [row.groupId, groupTitle({ name: row.groupName, code: row.groupCode })]));
  return {
    student_id: studentId,
    max_score: settings.max_score,
    aggregate_by_month: settings.aggregate_by_month,
    calculate_average: settings.calculate_average,
    groups: [...titles].map(([id, title]) => ({ id, title })),
    grades: rows.map((row) => ({ ...toGrade(row), group_id: row.groupId })),
    months: [...months.values()]
      .sort((a, b) => a.month.localeCompare(b.month) || a.group_id - b.group_id)
      .map((month) => ({ ...month, value: gradeFigure(month.sum, month.count, settings.calculate_average) })),
  };
}

const OVERVIEW_MONTHS = 6;

/** GET /grades/overview: each group of the branch with grades in the six months, its figure per month. */
export async function gradeOverview(
  tx: Tx,
  actor: Actor,
  at: Date,
  query: { branch_id: number; month?: string },
): Promise<GradeOverview> {
  const scope = groupScope(actor, query.branch_id);
  const lastMonth = query.month ?? monthOf((await companyTime(tx, actor.companyId, at)).today);
  const firstDay = addMonths(`${lastMonth}-01`, -(OVERVIEW_MONTHS - 1));
  const months = Array.from({ length: OVERVIEW_MONTHS }, (_, i) => monthOf(addMonths(firstDay, i)));
  // The day after the last month: its first day.
  const lastDay = addMonths(`${lastMonth}-01`, 1);
  const settings = await readGradeSettings(tx, actor.companyId);
  const monthExpr = sql<string>`to_char(${grades.lessonDate}, 'YYYY-MM')`;
  const rows = await tx
    .select({
      groupId: groups.id,
      name: groups.name,
      code: groups.code,
      teacher: users.name,
      month: monthExpr,
      count: sql<number>`count(*)::int`,
      sum: sql<number>`sum(${grades.score})::int`,
    })
    .from(grades)
    .innerJoin(groups, and(eq(groups.companyId, grades.companyId), eq(groups.id, grades.groupId)))
    .leftJoin(users, and(eq(users.companyId, groups.companyId), eq(users.id, groups.teacherId)))
    .where(
      and(
        ...scope,
        eq(grades.companyId, actor.companyId),
        gte(grades.lessonDate, firstDay),
        lt(grades.lessonDate, lastDay),
      ),
    )
    .groupBy(groups.id, groups.name, groups.code, users.name, monthExpr)
    .orderBy(asc(groups.id));
  const byGroup = new Map<number, GradeOverview['groups'][number]>();
  for (const row of rows) {
    const entry = byGroup.get(row.groupId) ?? {
      id: row.groupId,
      title: groupTitle({ name: row.name, code: row.code }),
      teacher: row.teacher,
      values: months.map(() => null),
      count: 0,
    };
    entry.values[months.indexOf(row.month)] = gradeFigure(row.sum, row.count, settings.calculate_average);
    entry.count += row.count;
    byGroup.set(row.groupId, entry);
  }
  return {
    months,
    max_score: settings.max_score,
    calculate_average: settings.calculate_average,
    groups: [...byGroup.values()].sort((a, b) => a.title.localeCompare(b.title)),
  };
}
