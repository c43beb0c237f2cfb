import {
  groupTitle,
  paginate,
  type Salary,
  type SalaryDetail,
  type SalaryLine,
  type SalaryList,
  type SalaryListQuery,
  type SalaryStatus,
} from '@crm/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { groups, salaryCalculations, salaryLines, users } from '../../db/schema/index.js';
import { type Actor, assertBranch, canUseBranch } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { percentOf } from './rules.js';
import { isSalaryManager, isSalaryReader, readsOwnOnly } from './salary-access.js';

export type CalculationRow = typeof salaryCalculations.$inferSelect;

const teacher = alias(users, 'teacher');
const calculatedBy = alias(users, 'calculated_by');
const publishedBy = alias(users, 'published_by');
const student = alias(users, 'student');

const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

function summaryQuery(tx: Tx, companyId: number, where: SQL[]) {
  return tx
    .select({
      row: salaryCalculations,
      teacherName: teacher.name,
      calculatedByName: calculatedBy.name,
      publishedByName: publishedBy.name,
    })
    .from(salaryCalculations)
    .innerJoin(
      teacher,
      and(eq(teacher.companyId, salaryCalculations.companyId), eq(teacher.id, salaryCalculations.teacherId)),
    )
    .leftJoin(
      calculatedBy,
      and(
        eq(calculatedBy.companyId, salaryCalculations.companyId),
        eq(calculatedBy.id, salaryCalculations.calculatedBy),
      ),
    )
    .leftJoin(
      publishedBy,
      and(eq(publishedBy.companyId, salaryCalculations.companyId), eq(publishedBy.id, salaryCalculations.publishedBy)),
    )
    .where(and(eq(salaryCalculations.companyId, companyId), ...where));
}

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

/** The titles of groups, for lines and for the groups no rule covers. */
async function groupTitles(tx: Tx, companyId: number, ids: readonly number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await tx
    .select({ id: groups.id, name: groups.name, code: groups.code })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), inArray(groups.id, [...new Set(ids)])));
  return new Map(rows.map((g) => [g.id, groupTitle(g)]));
}

const titleOf = (titles: Map<number, string>, id: number) => ({ id, title: titles.get(id) ?? `#${id}` });

async function toSalaries(tx: Tx, companyId: number, rows: SummaryRow[]): Promise<Salary[]> {
  const titles = await groupTitles(
    tx,
    companyId,
    rows.flatMap((r) => r.row.unsettledGroupIds),
  );
  return rows.map(({ row, teacherName, calculatedByName, publishedByName }) => ({
    id: row.id,
    branch_id: row.branchId,
    month: row.month.slice(0, 7),
    teacher: { id: row.teacherId, name: teacherName },
    status: row.status as SalaryStatus,
    amount: row.amount,
    lesson_count: row.lessonCount,
    student_count: row.studentCount,
    unsettled_groups: row.unsettledGroupIds.map((id) => titleOf(titles, id)),
    calculated_at: row.calculatedAt.toISOString(),
    calculated_by: ref(row.calculatedBy, calculatedByName),
    published_at: row.publishedAt?.toISOString() ?? null,
    published_by: ref(row.publishedBy, publishedByName),
    entry_id: row.entryId,
  }));
}

/** The salaries of a branch and month, teacher by teacher, as the calculation left them. */
export async function branchMonthSalaries(tx: Tx, companyId: number, branchId: number, month: string) {
  const rows = await summaryQuery(tx, companyId, [
    eq(salaryCalculations.branchId, branchId),
    eq(salaryCalculations.month, `${month}-01`),
  ]).orderBy(asc(teacher.name), asc(salaryCalculations.id));
  return toSalaries(tx, companyId, rows);
}

/**
 * GET /salaries. Staff who read salaries name the branch; a teacher gets his own
 * published months of every branch.
 */
export async function listSalaries(tx: Tx, actor: Actor, query: SalaryListQuery): Promise<SalaryList> {
  const where: SQL[] = [];
  if (readsOwnOnly(actor)) {
    if (query.teacher_id !== undefined && query.teacher_id !== actor.id) throw forbidden();
    where.push(eq(salaryCalculations.teacherId, actor.id), eq(salaryCalculations.status, 'published'));
    if (query.branch_id !== undefined) where.push(eq(salaryCalculations.branchId, query.branch_id));
  } else {
    if (!isSalaryReader(actor)) throw forbidden();
    if (query.branch_id === undefined)
      throw new AppError(400, 'validation_failed', [{ field: 'branch_id', rule: 'required', message: 'Required' }]);
    assertBranch(actor, query.branch_id);
    where.push(eq(salaryCalculations.branchId, query.branch_id));
    if (query.status) where.push(eq(salaryCalculations.status, query.status));
    if (query.teacher_id !== undefined) where.push(eq(salaryCalculations.teacherId, query.teacher_id));
  }
  if (query.month) where.push(eq(salaryCalculations.month, `${query.month}-01`));
  const filter = and(eq(salaryCalculations.companyId, actor.companyId), ...where);
  const [totals] = await tx
    .select({ n: count(), total: sql<string>`coalesce(sum(${salaryCalculations.amount}), 0)` })
    .from(salaryCalculations)
    .where(filter);
  const rows = await summaryQuery(tx, actor.companyId, where)
    .orderBy(desc(salaryCalculations.month), asc(teacher.name), asc(salaryCalculations.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data = await toSalaries(tx, actor.companyId, rows);
  return {
    data,
    pagination: paginate(totals?.n ?? 0, query.page, query.per_page, data.length),
    total: Number(totals?.total ?? 0),
    can_manage: isSalaryManager(actor),
  };
}

/**
 * A calculation the caller may see: another company's or another branch's is not found;
 * a teacher sees only his own published months (anything else is refused).
 */
export async function findCalculation(tx: Tx, actor: Actor, id: number, lock = false): Promise<CalculationRow> {
  const query = tx
    .select()
    .from(salaryCalculations)
    .where(and(eq(salaryCalculations.companyId, actor.companyId), eq(salaryCalculations.id, id)))
    .$dynamic();
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  if (readsOwnOnly(actor)) {
    if (row.teacherId !== actor.id || row.status !== 'published') throw forbidden();
    return row;
  }
  if (!isSalaryReader(actor)) throw forbidden();
  if (!canUseBranch(actor, row.branchId)) throw notFound();
  return row;
}

/** GET /salaries/{id}: the salary with every line it counts. */
export async function salaryDetail(tx: Tx, actor: Actor, id: number): Promise<SalaryDetail> {
  await findCalculation(tx, actor, id);
  const [summary] = await toSalaries(
    tx,
    actor.companyId,
    await summaryQuery(tx, actor.companyId, [eq(salaryCalculations.id, id)]),
  );
  if (!summary) throw notFound();
  const rows = await tx
    .select({ line: salaryLines, studentName: student.name })
    .from(salaryLines)
    .leftJoin(student, and(eq(student.companyId, salaryLines.companyId), eq(student.id, salaryLines.studentId)))
    .where(and(eq(salaryLines.companyId, actor.companyId), eq(salaryLines.calculationId, id)))
    .orderBy(asc(salaryLines.position));
  const titles = await groupTitles(
    tx,
    actor.companyId,
    rows.map((r) => r.line.groupId),
  );
  const lines: SalaryLine[] = rows.map(({ line, studentName }) => ({
    base: line.base as SalaryLine['base'],
    group: titleOf(titles, line.groupId),
    student: ref(line.studentId, studentName),
    lessons: line.lessonDates,
    held_lessons: line.heldLessons,
    rate: line.rate,
    percent: percentOf(line.percentBp),
    payment:
      line.paymentEntryId === null
        ? null
        : { entry_id: line.paymentEntryId, amount: line.paymentAmount ?? 0, date: line.paymentDate ?? '' },
    amount: line.amount,
  }));
  return { ...summary, lines };
}
