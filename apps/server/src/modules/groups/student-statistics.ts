import { STUDENT_STATUS_IDS, type StudentStatistics, StudentStatus } from '@crm/contracts';
import { and, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { groupStudents, groups, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { scopeFilter, typeFilter } from '../users/list-filters.js';
import { groupScope, isTeacherOnly } from './group-scope.js';

/**
 * GET /students/statistics (spec §7; the dashboard's students, trial and active counts): the students of a
 * branch (else of every branch the caller works in) by their status in groups (spec §4). A teacher counts
 * the students of his own groups only; how many students have no group is then not his to know.
 */
export async function studentStatistics(tx: Tx, actor: Actor, branchId?: number): Promise<StudentStatistics> {
  const scope = groupScope(actor, branchId);
  // One pass: a row per status, and the grand total row (status null) that counts each student once.
  const rows = await tx
    .select({
      status: sql<number | null>`${groupStudents.status}`,
      students: countDistinct(groupStudents.studentId),
      seated:
        sql<number>`count(distinct ${groupStudents.studentId}) filter (where ${groupStudents.status} <> ${StudentStatus.archived})`.mapWith(
          Number,
        ),
    })
    .from(groupStudents)
    .innerJoin(groups, and(eq(groups.companyId, groupStudents.companyId), eq(groups.id, groupStudents.groupId)))
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(and(...scope, isNull(users.archivedAt)))
    .groupBy(sql`grouping sets ((${groupStudents.status}), ())`);
  const studying = rows.find((row) => row.status === null)?.seated ?? 0;
  const counts = new Map(rows.map((row) => [row.status, row.students]));
  const branch = isTeacherOnly(actor) ? null : await branchStudents(tx, actor, branchId);
  return {
    branch_id: branchId ?? null,
    total: branch?.total ?? studying,
    studying,
    without_group: branch?.without_group ?? null,
    by_status: STUDENT_STATUS_IDS.map((status) => ({ status, count: counts.get(status) ?? 0 })),
  };
}

/** The branch's students (users/queries scope: his branches), and those holding no place in any group. */
async function branchStudents(tx: Tx, actor: Actor, branchId?: number) {
  const scope = scopeFilter(actor, branchId);
  const [row] = await selectRows<{ total: number; without_group: number }>(
    tx,
    sql`select count(*)::int as total,
        count(*) filter (where not exists (select 1 from group_students gs where gs.company_id = u.company_id
          and gs.student_id = u.id and gs.status <> ${StudentStatus.archived}))::int as without_group
      from users u
      where u.company_id = ${actor.companyId} and u.archived_at is null and ${typeFilter('student')}
        ${scope ? sql`and ${scope}` : sql``}`,
  );
  return row ?? { total: 0, without_group: 0 };
}
