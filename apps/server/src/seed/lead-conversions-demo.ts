import { StudentStatus } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client.js';
import { leads } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';
import { insertLeads } from './leads-factories.js';

interface Convert {
  id: number;
  name: string;
  phone: string;
}

/** How many of a branch's students came from the board: paying ones and some still on trial. */
const PAYING = 6;
const ON_TRIAL = 3;

/**
 * Leads of the last weeks that became students of the branch — most now paying, a few on trial — so the
 * dashboard's funnel and lead sources show conversions the way a running centre's do.
 */
export async function seedLeadConversionsDemo(db: Db, companyId: number, branchId: number, sources: number[]) {
  const students = await inCompany(db, companyId, (tx) =>
    selectRows<Convert & { trial: boolean }>(
      tx,
      sql`(select distinct u.id::int as id, u.name, u.phone, false as trial from users u
          join group_students gs on gs.company_id = u.company_id and gs.student_id = u.id
          join groups g on g.company_id = gs.company_id and g.id = gs.group_id
          where u.company_id = ${companyId} and g.branch_id = ${branchId} and gs.status = ${StudentStatus.active}
          order by 1 limit ${PAYING})
        union all
        (select distinct u.id::int, u.name, u.phone, true from users u
          join group_students gs on gs.company_id = u.company_id and gs.student_id = u.id
          join groups g on g.company_id = gs.company_id and g.id = gs.group_id
          where u.company_id = ${companyId} and g.branch_id = ${branchId}
            and gs.status in (${StudentStatus.inactive}, ${StudentStatus.cameToTrial})
          order by 1 limit ${ON_TRIAL})`,
    ),
  );
  const now = Date.now();
  const made = await insertLeads(
    db,
    companyId,
    students.map((student, i) => ({
      branchId,
      name: student.name,
      phone: student.phone,
      column: 'set' as const,
      sourceId: sources[i % sources.length] ?? null,
      // Within the last three weeks, the day they were set two days later.
      createdAt: new Date(now - ((i * 2) % 20) * 86_400_000 - 3_600_000),
      setAt: new Date(now - Math.max(0, ((i * 2) % 20) - 2) * 86_400_000),
    })),
  );
  await inCompany(db, companyId, async (tx) => {
    for (const [i, lead] of made.entries()) {
      const student = students[i];
      if (!student) continue;
      await tx
        .update(leads)
        .set({ studentId: student.id, convertedAt: new Date() })
        .where(and(eq(leads.companyId, companyId), eq(leads.id, lead.id)));
    }
  });
}
