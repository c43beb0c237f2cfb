import { StudentStatus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { courses, groupStudents, groups } from '../db/schema/index.js';
import { bookEntry } from '../modules/finance/ledger.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany } from './factories.js';

const METHODS = ['cash', 'cash', 'card', 'payme', 'click', 'transfer'] as const;

/**
 * Payments for the demo (docs/billing.md): most active students paid last month's price early
 * last month and this month's in the first days of this month (so the cashier's pages show this
 * month's money); every seventh paid only last month, and every seventh nothing at all, so the
 * billing runs leave believable debtors.
 */
export async function seedDemoPayments(db: Db, company: CreatedCompany & { users: { cashier: { id: number } } }) {
  const companyId = company.id;
  await inCompany(db, companyId, async (tx) => {
    const places = await tx
      .select({
        studentId: groupStudents.studentId,
        groupId: groups.id,
        branchId: groups.branchId,
        price: courses.price,
      })
      .from(groupStudents)
      .innerJoin(groups, and(eq(groups.companyId, groupStudents.companyId), eq(groups.id, groupStudents.groupId)))
      .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
      .where(and(eq(groupStudents.companyId, companyId), eq(groupStudents.status, StudentStatus.active)));
    const now = new Date();
    const dayOf = (monthsBack: number, day: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day)).toISOString().slice(0, 10);
    // This month's payments fall on its first days, never after today.
    const thisMonthDays = Math.min(now.getUTCDate(), 10);
    const cashier = { id: company.users.cashier.id, companyId };
    for (const [index, place] of places.entries()) {
      if (index % 7 === 6 || !place.price) continue;
      const months = index % 7 === 5 ? [1] : [1, 0];
      for (const monthsBack of months) {
        await bookEntry(tx, cashier, {
          kind: 'payment',
          amount: place.price,
          date: dayOf(monthsBack, monthsBack ? 2 + (index % 8) : 1 + (index % thisMonthDays)),
          branchId: place.branchId,
          studentId: place.studentId,
          groupId: place.groupId,
          method: METHODS[index % METHODS.length],
          cause: 'payment',
          comment: 'Demo',
        });
      }
    }
  });
}
