import type { SalaryDetail, SalaryPublishValues } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ledgerEntries, salaryCalculations, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { bookEntry, findEntry, reverseEntry } from '../finance/ledger.js';
import { planBranchMonth } from './plan-data.js';
import { assertSalaryManager } from './salary-access.js';
import { type CalculationRow, findCalculation, salaryDetail } from './salary-queries.js';

/**
 * The ledger's natural key of a salary: one booking per teacher, month and branch. A
 * month published again after an unpublish is the next revision (`~2`, `~3`…).
 */
export const salaryNaturalKey = (row: Pick<CalculationRow, 'teacherId' | 'month' | 'branchId' | 'revision'>) =>
  `salary:${row.teacherId}:${row.month.slice(0, 7)}:${row.branchId}${row.revision > 1 ? `~${row.revision}` : ''}`;

const publishFailed = (reason: string, details: Record<string, unknown> = {}) =>
  new AppError(422, 'salary_publish_failed', { reason, ...details });

const ofRow = (actor: Actor, id: number) =>
  and(eq(salaryCalculations.companyId, actor.companyId), eq(salaryCalculations.id, id));

/**
 * POST /salaries/{id}/publish: books the draft to the ledger as one entry of kind salary
 * (negative: money leaving the branch), in the same transaction. Refused when it is
 * published already (409), when its inputs changed since it was calculated or it pays
 * nothing (422 salary_publish_failed: recalculate and review it again).
 */
export async function publishSalary(
  tx: Tx,
  actor: Actor,
  id: number,
  input: SalaryPublishValues,
  today: string,
  at: Date,
): Promise<SalaryDetail> {
  assertSalaryManager(actor);
  const row = await findCalculation(tx, actor, id, true);
  if (row.status === 'published') throw new AppError(409, 'salary_already_published', { id });
  const month = row.month.slice(0, 7);
  const now = (await planBranchMonth(tx, actor.companyId, row.branchId, month, at)).find(
    (plan) => plan.teacherId === row.teacherId,
  );
  if (!now || now.inputsHash !== row.inputsHash) throw publishFailed('stale');
  if (row.amount <= 0) throw publishFailed('nothing_to_pay');
  const naturalKey = salaryNaturalKey(row);
  const [booked] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, actor.companyId), eq(ledgerEntries.naturalKey, naturalKey)));
  if (booked) throw new AppError(409, 'salary_already_published', { id, entry_id: booked.id });

  const [teacher] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.companyId, actor.companyId), eq(users.id, row.teacherId)));
  const entryId = await bookEntry(tx, actor, {
    kind: 'salary',
    amount: -row.amount,
    date: today,
    branchId: row.branchId,
    method: input.method,
    comment: `${teacher?.name ?? `#${row.teacherId}`} · ${month}`,
    cause: 'salary',
    causeId: row.id,
    naturalKey,
  });
  await tx
    .update(salaryCalculations)
    .set({ status: 'published', publishedAt: sql`now()`, publishedBy: actor.id, entryId })
    .where(ofRow(actor, id));
  await recordHistory(tx, actor, {
    event: 'salaryPublished',
    entity: 'salary',
    entityId: id,
    branchId: row.branchId,
    data: {
      action: 'published',
      teacher_id: row.teacherId,
      teacher_name: teacher?.name ?? null,
      month,
      amount: row.amount,
      entry_id: entryId,
    },
  });
  return salaryDetail(tx, actor, id);
}

/**
 * POST /salaries/{id}/unpublish: the salary's ledger entry is reversed (dated today, with
 * the reason) and the month is a draft again, to be recalculated and published anew.
 */
export async function unpublishSalary(tx: Tx, actor: Actor, id: number, reason: string, today: string) {
  assertSalaryManager(actor);
  const row = await findCalculation(tx, actor, id, true);
  if (row.status !== 'published' || row.entryId === null) throw new AppError(409, 'already_reversed', { id });
  const reversalId = await reverseEntry(tx, actor, await findEntry(tx, actor.companyId, row.entryId), reason, today);
  await tx
    .update(salaryCalculations)
    .set({ status: 'draft', publishedAt: null, publishedBy: null, entryId: null, revision: row.revision + 1 })
    .where(ofRow(actor, id));
  await recordHistory(tx, actor, {
    event: 'salaryUnpublished',
    entity: 'salary',
    entityId: id,
    branchId: row.branchId,
    data: {
      teacher_id: row.teacherId,
      month: row.month.slice(0, 7),
      amount: row.amount,
      entry_id: row.entryId,
      reversal_id: reversalId,
      reason,
    },
  });
  return salaryDetail(tx, actor, id);
}
