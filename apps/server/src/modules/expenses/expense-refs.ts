import { type ExpenseValues, Role } from '@crm/contracts';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { expenseTypes, users } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { invalidField } from './expense-queries.js';

/**
 * Who can receive an expense as a person of the company: an employee (any role but
 * student) who is not archived and works in the expense's branch.
 */
function employeeOfBranch(companyId: number, branchId: number): SQL[] {
  return [
    eq(users.companyId, companyId),
    isNull(users.archivedAt),
    sql`${users.roles} && array[${sql.raw(
      Object.values(Role)
        .filter((r) => r !== Role.student)
        .join(','),
    )}]::smallint[]`,
    // The outer table by name: drizzle writes a one-table select's columns without it.
    sql`exists (select 1 from user_branches ub where ub.company_id = users.company_id
      and ub.user_id = users.id and ub.branch_id = ${branchId})`,
  ];
}

/** GET /expense/payees: the branch's employees, by name, for the recipient field. */
export async function listPayees(tx: Tx, actor: Actor, branchId: number) {
  assertBranch(actor, branchId);
  const data = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(...employeeOfBranch(actor.companyId, branchId)))
    .orderBy(asc(users.name), asc(users.id));
  return { data };
}

/**
 * Checks what an expense names besides its branch: exactly one of a standard category
 * and an own type (an active one), and at most one of a written payee and an employee
 * of the branch.
 */
export async function checkExpenseRefs(
  tx: Tx,
  actor: Actor,
  input: ExpenseValues,
  /** What the expense already names (an edit may keep a type or a payee that is no longer offered). */
  kept: { typeId: number | null; payeeUserId: number | null } = { typeId: null, payeeUserId: null },
): Promise<void> {
  if (input.category && input.type_id) {
    throw invalidField('type_id', 'exclusive', 'give a category or an expense type, not both');
  }
  if (!input.category && !input.type_id) {
    throw invalidField('category', 'required', 'choose a category or an expense type');
  }
  if (input.type_id) {
    const [type] = await tx
      .select({ active: expenseTypes.active })
      .from(expenseTypes)
      .where(and(eq(expenseTypes.companyId, actor.companyId), eq(expenseTypes.id, input.type_id)));
    if (!type) throw invalidField('type_id', 'not_found', 'no such expense type');
    // A deactivated type stays on the expenses that have it; new ones may not choose it.
    if (!type.active && input.type_id !== kept.typeId) {
      throw invalidField('type_id', 'inactive', 'this expense type is deactivated');
    }
  }
  if (input.payee && input.payee_user_id) {
    throw invalidField('payee', 'exclusive', 'write a payee or choose an employee, not both');
  }
  if (input.payee_user_id && input.payee_user_id !== kept.payeeUserId) {
    const [employee] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.payee_user_id), ...employeeOfBranch(actor.companyId, input.branch_id)));
    if (!employee) throw invalidField('payee_user_id', 'not_found', 'no such employee in this branch');
  }
}
