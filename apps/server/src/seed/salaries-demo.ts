import { addMonths, countryRules, localDate, toMinorUnits } from '@crm/contracts';
import type { Db } from '../db/client.js';
import { calculateSalaries } from '../modules/salaries/calculate.js';
import { publishSalary } from '../modules/salaries/publish.js';
import { createSalarySetting } from '../modules/salaries/settings.js';
import { inCompany } from '../platform/tenancy.js';
import { type CreatedCompany, type RoleUsers, seedOwnerActor } from './factories.js';

/** Demo rates are written in UZS; other currencies get a believable equivalent (as the expenses demo does). */
const PER_UZS: Record<string, number> = { UZS: 1, KZT: 1 / 25 };
const demoAmount = (sumUzs: number, currency: string) =>
  toMinorUnits(Math.round((sumUzs * (PER_UZS[currency] ?? 1 / 10_000)) / 100) * 100, currency);

/**
 * Rules of pay and last month's salaries (docs/decisions/0014): the company default of
 * 60 000 sum per student a month, 35 % of payments for the log-in teacher (9000000 06);
 * every branch's month calculated by the owner, the first branch's published, the others
 * left as drafts to review on /finance/new-salaries. Run after the groups, attendance and
 * payments of the demo, as the owner would through the API (rows, lines, ledger, history).
 */
export async function seedSalariesDemo(
  db: Db,
  company: CreatedCompany & { users: RoleUsers },
  datas: { country: string },
  today = localDate(),
): Promise<void> {
  const currency = countryRules(datas.country).currency;
  const owner = seedOwnerActor(company);
  const month = addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const at = new Date(`${today}T12:00:00Z`);
  await inCompany(db, company.id, async (tx) => {
    await createSalarySetting(tx, owner, company.id, {
      type: 'fixed',
      base: 'per_student_month',
      amount: demoAmount(60_000, currency),
    });
    await createSalarySetting(tx, owner, company.id, {
      teacher_id: company.users.teacher.id,
      type: 'percentage',
      base: 'student_payment',
      percent: 35,
    });
  });
  for (const [index, branchId] of company.branchIds.entries()) {
    const calculated = await inCompany(db, company.id, (tx) =>
      calculateSalaries(tx, owner, { month, branch_id: branchId }, at),
    );
    if (index > 0) continue;
    for (const salary of calculated.data.filter((s) => s.amount > 0)) {
      await inCompany(db, company.id, (tx) => publishSalary(tx, owner, salary.id, { method: 'cash' }, today, at));
    }
  }
}
