import { StudentStatus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { courses, groupStudents, groups } from '../db/schema/index.js';
import { bookEntry } from '../modules/finance/ledger.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany } from './factories.js';

/**
 * Payments for the demo (docs/billing.md): most active students have paid two months
 * of their group's price at the start of last month; every seventh has paid nothing,
 * so the first billing run leaves believable debtors.
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
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 3)).toISOString().slice(0, 10);
    const cashier = { id: company.users.cashier.id, companyId };
    for (const [index, place] of places.entries()) {
      if (index % 7 === 6 || !place.price) continue;
      await bookEntry(tx, cashier, {
        kind: 'payment',
        amount: place.price * 2,
        date: lastMonth,
        branchId: place.branchId,
        studentId: place.studentId,
        groupId: place.groupId,
        method: index % 3 === 0 ? 'card' : 'cash',
        cause: 'payment',
        comment: 'Demo',
      });
    }
  });
}
