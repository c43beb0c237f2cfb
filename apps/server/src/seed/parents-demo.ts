import { Role } from '@crm/contracts';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { groupStudents, studentBalances, users } from '../db/schema/index.js';
import { linkParentsOfNewStudents } from '../modules/parents/parent-links.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

/** Pairs of demo students made siblings (the second takes the first's parent). */
const SIBLING_PAIRS = 12;

/**
 * Parents' accounts in the demo (issue 24): every parent phone of the students' records becomes a parent, a
 * dozen of them with two children; and the log-in parent (9000000 12) has two children — the log-in student and
 * the student of his branches who owes the most, so his screen has a debt to pay online.
 */
export async function seedParentsDemo(db: Db, company: CreatedCompany & { users: RoleUsers }): Promise<void> {
  await inCompany(db, company.id, async (tx) => {
    const withParents = await tx
      .select({ id: users.id, parentName: users.parentName, parentPhone: users.parentPhone })
      .from(users)
      .where(
        and(eq(users.companyId, company.id), isNotNull(users.parentPhone), sql`${Role.student} = any(${users.roles})`),
      )
      .orderBy(asc(users.id));
    for (let i = 0; i + 1 < withParents.length && i < SIBLING_PAIRS * 2; i += 2) {
      const [elder, younger] = [withParents[i], withParents[i + 1]];
      if (!elder || !younger) break;
      await tx
        .update(users)
        .set({ parentName: elder.parentName, parentPhone: elder.parentPhone })
        .where(and(eq(users.companyId, company.id), eq(users.id, younger.id)));
    }
    const { parent, student } = company.users;
    const [debtor] = await tx
      .select({ id: studentBalances.studentId })
      .from(studentBalances)
      .innerJoin(
        groupStudents,
        and(
          eq(groupStudents.companyId, studentBalances.companyId),
          eq(groupStudents.studentId, studentBalances.studentId),
        ),
      )
      .where(and(eq(studentBalances.companyId, company.id), sql`${studentBalances.studentId} <> ${student.id}`))
      .orderBy(asc(studentBalances.balance))
      .limit(1);
    const children = [student.id, ...(debtor ? [debtor.id] : [])];
    await tx
      .update(users)
      .set({ parentName: 'Gulnora Valiyeva', parentPhone: parent.phone })
      .where(and(eq(users.companyId, company.id), inArray(users.id, children)));
    const studentIds = (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.companyId, company.id),
            isNotNull(users.parentPhone),
            sql`${Role.student} = any(${users.roles})`,
          ),
        )
    ).map((row) => row.id);
    await linkParentsOfNewStudents(tx, company.id, studentIds);
  });
}
