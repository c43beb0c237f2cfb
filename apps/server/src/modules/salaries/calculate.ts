import type { SalaryCalculated, SalaryCalculateValues } from '@crm/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { salaryCalculations, salaryLines } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import type { PlannedSalary } from './plan.js';
import { planBranchMonth } from './plan-data.js';
import { assertSalaryManager } from './salary-access.js';
import { branchMonthSalaries, type CalculationRow } from './salary-queries.js';

/** Calculations of one branch and month take turns (two reviewers pressing "calculate" together). */
const lockBranchMonth = (tx: Tx, companyId: number, branchId: number, month: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`salary:${companyId}:${branchId}:${month}`}))`);

/** The columns a plan sets on its calculation row. */
const columnsOf = (plan: PlannedSalary, actor: Actor) => ({
  amount: plan.amount,
  lessonCount: plan.lessonCount,
  studentCount: plan.studentCount,
  unsettledGroupIds: plan.unsettledGroupIds,
  inputsHash: plan.inputsHash,
  calculatedAt: sql`now()`,
  calculatedBy: actor.id,
});

async function writeLines(tx: Tx, companyId: number, calculationId: number, plan: PlannedSalary) {
  await tx
    .delete(salaryLines)
    .where(and(eq(salaryLines.companyId, companyId), eq(salaryLines.calculationId, calculationId)));
  if (!plan.lines.length) return;
  await tx.insert(salaryLines).values(
    plan.lines.map((line, position) => ({
      companyId,
      calculationId,
      position,
      base: line.base,
      groupId: line.groupId,
      studentId: line.studentId,
      lessonDates: line.lessonDates,
      heldLessons: line.heldLessons,
      rate: line.rate,
      percentBp: line.percentBp,
      paymentEntryId: line.payment?.entryId ?? null,
      paymentAmount: line.payment?.amount ?? null,
      paymentDate: line.payment?.date ?? null,
      amount: line.amount,
    })),
  );
}

/**
 * POST /salaries/calculate: the month's drafts of a branch, every teacher who gave lessons
 * (or one teacher). A draft is replaced by the new figures; a published month is kept as
 * published — and refused (409) when the one teacher asked for is published. A draft of a
 * teacher who no longer earns anything that month is removed.
 */
export async function calculateSalaries(
  tx: Tx,
  actor: Actor,
  input: SalaryCalculateValues,
  at: Date,
): Promise<SalaryCalculated> {
  assertSalaryManager(actor);
  assertBranch(actor, input.branch_id);
  const month = `${input.month}-01`;
  await lockBranchMonth(tx, actor.companyId, input.branch_id, input.month);
  const ofMonth = and(
    eq(salaryCalculations.companyId, actor.companyId),
    eq(salaryCalculations.branchId, input.branch_id),
    eq(salaryCalculations.month, month),
    input.teacher_id ? eq(salaryCalculations.teacherId, input.teacher_id) : undefined,
  );
  const existing = new Map<number, CalculationRow>(
    (await tx.select().from(salaryCalculations).where(ofMonth)).map((row) => [row.teacherId, row]),
  );
  if (input.teacher_id && existing.get(input.teacher_id)?.status === 'published')
    throw new AppError(409, 'salary_already_published', { teacher_id: input.teacher_id, month: input.month });

  const plans = (await planBranchMonth(tx, actor.companyId, input.branch_id, input.month, at)).filter(
    (plan) => !input.teacher_id || plan.teacherId === input.teacher_id,
  );
  let publishedKept = 0;
  for (const plan of plans) {
    const before = existing.get(plan.teacherId);
    existing.delete(plan.teacherId);
    if (before?.status === 'published') {
      publishedKept++;
      continue;
    }
    let id = before?.id;
    if (id === undefined) {
      const [row] = await tx
        .insert(salaryCalculations)
        .values({
          companyId: actor.companyId,
          branchId: input.branch_id,
          teacherId: plan.teacherId,
          month,
          ...columnsOf(plan, actor),
        })
        .returning({ id: salaryCalculations.id });
      id = row!.id;
    } else {
      await tx
        .update(salaryCalculations)
        .set(columnsOf(plan, actor))
        .where(and(eq(salaryCalculations.companyId, actor.companyId), eq(salaryCalculations.id, id)));
    }
    await writeLines(tx, actor.companyId, id, plan);
  }
  // Left over: teachers with nothing this month any more. Their drafts go; published months stay.
  const stale = [...existing.values()].filter((row) => row.status === 'draft').map((row) => row.id);
  publishedKept += [...existing.values()].filter((row) => row.status === 'published').length;
  if (stale.length)
    await tx
      .delete(salaryCalculations)
      .where(and(eq(salaryCalculations.companyId, actor.companyId), inArray(salaryCalculations.id, stale)));

  const data = (await branchMonthSalaries(tx, actor.companyId, input.branch_id, input.month)).filter(
    (s) => !input.teacher_id || s.teacher.id === input.teacher_id,
  );
  await recordHistory(tx, actor, {
    event: 'salaryCalculated',
    entity: 'salary',
    entityId: input.teacher_id ?? null,
    branchId: input.branch_id,
    data: { month: input.month, teacher_id: input.teacher_id ?? null, drafts: data.length, removed: stale.length },
  });
  return { data, published_kept: publishedKept };
}
