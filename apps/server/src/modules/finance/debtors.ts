import { type DebtorsList, type DebtorsQuery, groupTitle, paginate, Role } from '@crm/contracts';
import { and, eq, inArray, isNotNull, sql, sum } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { branches, groups, ledgerEntries } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';

/** A branch named in the path must be one of the company's (another company's is absent: 404). */
async function assertBranchExists(tx: Tx, companyId: number, branchId: number) {
  const [row] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)));
  if (!row) throw notFound();
}

interface DebtorRow {
  id: number;
  name: string;
  phone: string;
  balance: number;
  total: number;
  total_debt: number;
}

/**
 * Spec §7 POST /user/debtors/{list}/{branch_id}: the branch's students (not archived)
 * whose balance — the sum of all their ledger entries — is below zero, deepest first,
 * with their balances per group.
 */
export async function listDebtors(tx: Tx, actor: Actor, branchId: number, query: DebtorsQuery): Promise<DebtorsList> {
  await assertBranchExists(tx, actor.companyId, branchId);
  assertBranch(actor, branchId);
  const text = query.name_or_phone?.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const rows = await selectRows<DebtorRow>(
    tx,
    sql`with balances as (
        select student_id, sum(amount)::bigint as balance from ledger_entries
        where company_id = ${actor.companyId} and student_id is not null
        group by student_id having sum(amount) < 0)
      select u.id::int as id, u.name, u.phone, b.balance::float8 as balance,
        count(*) over ()::int as total, sum(b.balance) over ()::float8 as total_debt
      from balances b
      join users u on u.company_id = ${actor.companyId} and u.id = b.student_id
      where u.archived_at is null and ${Role.student} = any(u.roles)
        and exists (select 1 from user_branches ub where ub.company_id = u.company_id and ub.user_id = u.id
          and ub.branch_id = ${branchId})
        ${text ? sql`and (u.name ilike ${`%${text}%`} or u.phone like ${`%${text.replace(/\D/g, '') || text}%`})` : sql``}
        ${
          query.group_id
            ? sql`and exists (select 1 from group_students gs where gs.company_id = u.company_id
                and gs.student_id = u.id and gs.group_id = ${query.group_id})`
            : sql``
        }
      order by b.balance asc, u.id asc
      limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  const ids = rows.map((r) => r.id);
  const perGroup = ids.length
    ? await tx
        .select({
          studentId: ledgerEntries.studentId,
          groupId: ledgerEntries.groupId,
          name: groups.name,
          code: groups.code,
          balance: sum(ledgerEntries.amount).mapWith(Number),
        })
        .from(ledgerEntries)
        .innerJoin(groups, and(eq(groups.companyId, ledgerEntries.companyId), eq(groups.id, ledgerEntries.groupId)))
        .where(
          and(
            eq(ledgerEntries.companyId, actor.companyId),
            inArray(ledgerEntries.studentId, ids),
            isNotNull(ledgerEntries.groupId),
          ),
        )
        .groupBy(ledgerEntries.studentId, ledgerEntries.groupId, groups.name, groups.code)
    : [];
  const [first] = rows;
  return {
    data: rows.map((row) => ({
      student: { id: row.id, name: row.name, phone: row.phone },
      balance: Number(row.balance),
      groups: perGroup
        .filter((g) => g.studentId === row.id)
        .map((g) => ({
          group: { id: g.groupId as number, title: groupTitle({ name: g.name, code: g.code }) },
          balance: g.balance,
        })),
    })),
    pagination: paginate(first?.total ?? 0, query.page, query.per_page, rows.length),
    total_debt: Number(first?.total_debt ?? 0),
  };
}
