import { companyDatasSchema, StudentStatus } from '@crm/contracts';
import { and, countDistinct, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, groupStudents } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/**
 * Spec §8 "Tariff limit: more students activated than plan allows": making a student
 * active (status 5 in a group) is refused when the company's plan
 * (datas.tariff_student_limit) is already full. A student who is already active in
 * another group takes no new place. Callers hold the group's lock; two activations
 * racing for the last place are serialised by the company row's lock taken here.
 */
export async function assertTariffAllowsActivation(tx: Tx, companyId: number, studentId: number): Promise<void> {
  const [company] = await tx
    .select({ datas: companies.datas })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  const limit = companyDatasSchema.parse(company?.datas ?? {}).tariff_student_limit;
  if (limit === null) return;
  const activeIn = (extra: ReturnType<typeof eq>) =>
    tx
      .select({ n: countDistinct(groupStudents.studentId) })
      .from(groupStudents)
      .where(and(eq(groupStudents.companyId, companyId), eq(groupStudents.status, StudentStatus.active), extra));
  const [self] = await activeIn(eq(groupStudents.studentId, studentId));
  if ((self?.n ?? 0) > 0) return;
  const [others] = await activeIn(ne(groupStudents.studentId, studentId));
  if ((others?.n ?? 0) >= limit) throw new AppError(402, 'tariff_limit', { limit });
}
