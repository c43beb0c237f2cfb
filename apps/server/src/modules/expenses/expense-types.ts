import type { ExpenseType } from '@crm/contracts';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { expenseTypes } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { invalidField } from './expense-queries.js';

/*
 * Raw SQL with the outer table named: drizzle writes a column of a one-table select
 * without its table, and inside a subquery over `expenses` "id" would mean the expense's.
 */
/** Live expenses of every branch that name the type (a deleted expense no longer uses it). */
const usageCount = sql<number>`(select count(*) from expenses e where e.company_id = expense_types.company_id
  and e.type_id = expense_types.id and e.deleted_at is null)::int`;
/** No row at all names it, deleted ones included: their ledger lines are still explained through them. */
const deletable = sql<boolean>`not exists (select 1 from expenses e where e.company_id = expense_types.company_id
  and e.type_id = expense_types.id)`;

const typeColumns = {
  id: expenseTypes.id,
  name: expenseTypes.name,
  active: expenseTypes.active,
  usage_count: usageCount,
  deletable,
};
const ofCompany = (actor: Actor, id: number) =>
  and(eq(expenseTypes.companyId, actor.companyId), eq(expenseTypes.id, id));

/** GET /expense_types: active ones first, then by name; `active` narrows to one kind. */
export async function listExpenseTypes(tx: Tx, actor: Actor, active: boolean | undefined): Promise<ExpenseType[]> {
  const filters: SQL[] = [eq(expenseTypes.companyId, actor.companyId)];
  if (active !== undefined) filters.push(eq(expenseTypes.active, active));
  return tx
    .select(typeColumns)
    .from(expenseTypes)
    .where(and(...filters))
    .orderBy(desc(expenseTypes.active), asc(expenseTypes.name), asc(expenseTypes.id));
}

async function findType(tx: Tx, actor: Actor, id: number): Promise<ExpenseType> {
  const [type] = await tx.select(typeColumns).from(expenseTypes).where(ofCompany(actor, id)).for('update');
  if (!type) throw notFound();
  return type;
}

/**
 * Names are unique in a company, ignoring case (the database's unique index backs this
 * up). A clash is a problem of the name field, so it is answered as one: 400 with the
 * rule `unique`, which the form shows under the name.
 */
async function assertNameFree(tx: Tx, actor: Actor, name: string, exceptId?: number) {
  const filters: SQL[] = [
    eq(expenseTypes.companyId, actor.companyId),
    sql`lower(${expenseTypes.name}) = lower(${name})`,
  ];
  if (exceptId !== undefined) filters.push(ne(expenseTypes.id, exceptId));
  const [taken] = await tx
    .select({ id: expenseTypes.id })
    .from(expenseTypes)
    .where(and(...filters));
  if (taken) throw invalidField('name', 'unique', 'an expense type with this name already exists');
}

export async function createExpenseType(tx: Tx, actor: Actor, input: { name: string; active: boolean }) {
  await assertNameFree(tx, actor, input.name);
  const [row] = await tx
    .insert(expenseTypes)
    .values({ companyId: actor.companyId, name: input.name, active: input.active })
    .returning({ id: expenseTypes.id });
  if (!row) throw new Error('expense type insert returned no row');
  await recordHistory(tx, actor, {
    event: 'expenseTypeChanged',
    entity: 'expense_type',
    entityId: row.id,
    data: { action: 'created', name: input.name, active: input.active },
  });
  return { id: row.id, name: input.name, active: input.active, usage_count: 0, deletable: true } satisfies ExpenseType;
}

/** PUT /expense_types/{id}: rename, deactivate or reactivate; expenses keep the type under its new name. */
export async function updateExpenseType(
  tx: Tx,
  actor: Actor,
  id: number,
  input: { name: string; active: boolean },
): Promise<ExpenseType> {
  const before = await findType(tx, actor, id);
  await assertNameFree(tx, actor, input.name, id);
  await tx.update(expenseTypes).set({ name: input.name, active: input.active }).where(ofCompany(actor, id));
  await recordHistory(tx, actor, {
    event: 'expenseTypeChanged',
    entity: 'expense_type',
    entityId: id,
    data: {
      action: 'updated',
      before: { name: before.name, active: before.active },
      after: { name: input.name, active: input.active },
    },
  });
  return { ...before, name: input.name, active: input.active };
}

/**
 * DELETE /expense_types/{id}. A type no expense ever named is deleted. One that
 * expenses name (deleted ones too: the ledger's lines are explained through them) is
 * deactivated instead: it leaves the choices for new expenses, and old ones keep it.
 */
export async function deleteExpenseType(tx: Tx, actor: Actor, id: number) {
  const type = await findType(tx, actor, id);
  const deactivated = !type.deletable;
  if (deactivated) await tx.update(expenseTypes).set({ active: false }).where(ofCompany(actor, id));
  else await tx.delete(expenseTypes).where(ofCompany(actor, id));
  await recordHistory(tx, actor, {
    event: 'expenseTypeChanged',
    entity: 'expense_type',
    entityId: id,
    data: { action: deactivated ? 'deactivated' : 'deleted', name: type.name, usage_count: type.usage_count },
  });
  return { ok: true as const, deactivated };
}
