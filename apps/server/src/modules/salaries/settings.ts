import { Role, type SalarySetting, type SalarySettingValues } from '@crm/contracts';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pgArray, type Tx } from '../../db/client.js';
import { courses, teacherSalarySettings, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { assertOwnCompany } from '../company/service.js';
import { findTargets } from '../users/queries.js';
import { basisPointsOf, percentOf } from './rules.js';
import { assertSalaryManager, assertSalaryReader } from './salary-access.js';

type SettingRow = typeof teacherSalarySettings.$inferSelect;

const teacher = alias(users, 'teacher');
const fieldError = (field: string, rule: string, message: string) =>
  new AppError(400, 'validation_failed', [{ field, rule, message }]);

function settingsQuery(tx: Tx, companyId: number, where?: SQL) {
  return tx
    .select({ row: teacherSalarySettings, teacherName: teacher.name, courseName: courses.name })
    .from(teacherSalarySettings)
    .leftJoin(
      teacher,
      and(eq(teacher.companyId, teacherSalarySettings.companyId), eq(teacher.id, teacherSalarySettings.teacherId)),
    )
    .leftJoin(
      courses,
      and(eq(courses.companyId, teacherSalarySettings.companyId), eq(courses.id, teacherSalarySettings.courseId)),
    )
    .where(and(eq(teacherSalarySettings.companyId, companyId), where))
    .orderBy(sql`${teacherSalarySettings.teacherId} nulls first`, sql`${teacherSalarySettings.courseId} nulls first`);
}

type ViewRow = Awaited<ReturnType<typeof settingsQuery>>[number];

const toSetting = ({ row, teacherName, courseName }: ViewRow): SalarySetting => ({
  id: row.id,
  teacher: row.teacherId === null ? null : { id: row.teacherId, name: teacherName ?? '' },
  course: row.courseId === null ? null : { id: row.courseId, name: courseName ?? '' },
  type: row.type as SalarySetting['type'],
  base: row.base as SalarySetting['base'],
  amount: row.amount,
  percent: percentOf(row.percentBp),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * GET /company/{id}/teacher_salary_settings: every rule, the company default first, with
 * the teachers and courses a rule can name (for the editor; teachers of the caller's branches).
 */
export async function listSalarySettings(tx: Tx, actor: Actor, companyId: number) {
  assertOwnCompany(actor, companyId);
  assertSalaryReader(actor);
  const data = (await settingsQuery(tx, actor.companyId)).map(toSetting);
  const teacherRows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.companyId, actor.companyId),
        isNull(users.archivedAt),
        sql`${Role.teacher} = any(${users.roles})`,
        actor.allBranches
          ? undefined
          : sql`exists (select 1 from user_branches ub where ub.company_id = ${users.companyId}
              and ub.user_id = ${users.id} and ub.branch_id = any(${pgArray(actor.branchIds)}::bigint[]))`,
      ),
    )
    .orderBy(asc(users.name));
  const courseRows = await tx
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(eq(courses.companyId, actor.companyId))
    .orderBy(asc(courses.name));
  return { data, teachers: teacherRows, courses: courseRows };
}

/**
 * What a rule may name: a teacher of the caller's branches (a rule of his own), a course
 * of the company. A rule for everybody (no teacher) is the company's: owner and CEO only.
 */
async function checkScope(tx: Tx, actor: Actor, input: SalarySettingValues) {
  if (input.teacher_id) {
    const [target] = await findTargets(tx, actor, [input.teacher_id], false);
    if (!target?.roles.includes(Role.teacher)) throw new AppError(400, 'not_a_teacher', { field: 'teacher_id' });
  } else if (!actor.allBranches) {
    throw forbidden();
  }
  if (input.course_id) {
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.companyId, actor.companyId), eq(courses.id, input.course_id)));
    if (!course) throw fieldError('course_id', 'not_found', 'No such course');
  }
}

const columnsOf = (input: SalarySettingValues) => ({
  teacherId: input.teacher_id ?? null,
  courseId: input.course_id ?? null,
  type: input.type,
  base: input.base,
  amount: input.type === 'fixed' ? (input.amount ?? null) : null,
  percentBp: input.type === 'percentage' && input.percent != null ? basisPointsOf(input.percent) : null,
});

/** One rule per teacher and course (either may be "any"). */
async function assertScopeFree(tx: Tx, actor: Actor, input: SalarySettingValues, exceptId?: number) {
  const [clash] = await tx
    .select({ id: teacherSalarySettings.id })
    .from(teacherSalarySettings)
    .where(
      and(
        eq(teacherSalarySettings.companyId, actor.companyId),
        sql`coalesce(${teacherSalarySettings.teacherId}, 0) = ${input.teacher_id ?? 0}`,
        sql`coalesce(${teacherSalarySettings.courseId}, 0) = ${input.course_id ?? 0}`,
        exceptId === undefined ? undefined : sql`${teacherSalarySettings.id} <> ${exceptId}`,
      ),
    );
  if (clash) throw fieldError('teacher_id', 'unique', 'A rule for this teacher and course exists');
}

/** A rule the caller may change: his company's, and the company's own ones only for owner and CEO. */
async function findSetting(tx: Tx, actor: Actor, id: number): Promise<SettingRow> {
  const [row] = await tx
    .select()
    .from(teacherSalarySettings)
    .where(and(eq(teacherSalarySettings.companyId, actor.companyId), eq(teacherSalarySettings.id, id)))
    .for('update');
  if (!row) throw notFound();
  if (row.teacherId === null && !actor.allBranches) throw forbidden();
  if (row.teacherId !== null && !(await findTargets(tx, actor, [row.teacherId], false)).length) throw notFound();
  return row;
}

const described = (r: Pick<SettingRow, 'teacherId' | 'courseId' | 'type' | 'base' | 'amount' | 'percentBp'>) => ({
  teacher_id: r.teacherId,
  course_id: r.courseId,
  type: r.type,
  base: r.base,
  amount: r.amount,
  percent: percentOf(r.percentBp),
});

const settingView = async (tx: Tx, actor: Actor, id: number) => {
  const [row] = await settingsQuery(tx, actor.companyId, eq(teacherSalarySettings.id, id));
  if (!row) throw notFound();
  return toSetting(row);
};

export async function createSalarySetting(tx: Tx, actor: Actor, companyId: number, input: SalarySettingValues) {
  assertOwnCompany(actor, companyId);
  assertSalaryManager(actor);
  await checkScope(tx, actor, input);
  await assertScopeFree(tx, actor, input);
  const values = columnsOf(input);
  const [row] = await tx
    .insert(teacherSalarySettings)
    .values({ companyId: actor.companyId, ...values })
    .returning({ id: teacherSalarySettings.id });
  await recordHistory(tx, actor, {
    event: 'salarySettingsChanged',
    entity: 'teacher_salary_setting',
    entityId: row!.id,
    data: { action: 'created', after: described(values) },
  });
  return settingView(tx, actor, row!.id);
}

export async function updateSalarySetting(
  tx: Tx,
  actor: Actor,
  companyId: number,
  id: number,
  input: SalarySettingValues,
) {
  assertOwnCompany(actor, companyId);
  assertSalaryManager(actor);
  const before = await findSetting(tx, actor, id);
  await checkScope(tx, actor, input);
  await assertScopeFree(tx, actor, input, id);
  const values = columnsOf(input);
  await tx
    .update(teacherSalarySettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(teacherSalarySettings.companyId, actor.companyId), eq(teacherSalarySettings.id, id)));
  await recordHistory(tx, actor, {
    event: 'salarySettingsChanged',
    entity: 'teacher_salary_setting',
    entityId: id,
    data: { action: 'updated', before: described(before), after: described(values) },
  });
  return settingView(tx, actor, id);
}

/** DELETE /company/{id}/teacher_salary_settings/{id} (spec §7). Published salaries keep their lines. */
export async function deleteSalarySetting(tx: Tx, actor: Actor, companyId: number, id: number) {
  assertOwnCompany(actor, companyId);
  assertSalaryManager(actor);
  const before = await findSetting(tx, actor, id);
  await tx
    .delete(teacherSalarySettings)
    .where(and(eq(teacherSalarySettings.companyId, actor.companyId), eq(teacherSalarySettings.id, id)));
  await recordHistory(tx, actor, {
    event: 'salarySettingsChanged',
    entity: 'teacher_salary_setting',
    entityId: id,
    data: { action: 'deleted', before: described(before) },
  });
  return { ok: true as const };
}
