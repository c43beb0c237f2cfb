import type { ExpenseType } from '@crm/contracts';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { expenseTypes } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { namedCatalogue } from '../../platform/named-catalogue.js';
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

/**
 * A type no expense ever named is deleted. One that expenses name (deleted ones too: the ledger's lines
 * are explained through them) is deactivated instead: it leaves the choices for new expenses, and old
 * ones keep it.
 */
const types = namedCatalogue<'name', ExpenseType>({
  table: expenseTypes,
  nameKey: 'name',
  columns: {
    id: expenseTypes.id,
    name: expenseTypes.name,
    active: expenseTypes.active,
    usage_count: usageCount,
    deletable,
  },
  history: { event: 'expenseTypeChanged', entity: 'expense_type' },
  assertNameFree,
  inUse: (_tx, _actor, type) => !type.deletable,
  deletionNote: (type) => ({ usage_count: type.usage_count }),
});

/** GET /expense_types: active ones first, then by name; `active` narrows to one kind. */
export const listExpenseTypes = (tx: Tx, actor: Actor, active: boolean | undefined): Promise<ExpenseType[]> =>
  types.list(tx, actor, active);

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
  const id = await types.create(tx, actor, input);
  return { id, name: input.name, active: input.active, usage_count: 0, deletable: true } satisfies ExpenseType;
}

/** PUT /expense_types/{id}: rename, deactivate or reactivate; expenses keep the type under its new name. */
export const updateExpenseType = (tx: Tx, actor: Actor, id: number, input: { name: string; active: boolean }) =>
  types.update(tx, actor, id, input);

/** DELETE /expense_types/{id}: deleted, or deactivated when expenses name the type. */
export async function deleteExpenseType(tx: Tx, actor: Actor, id: number) {
  return { ok: true as const, ...(await types.remove(tx, actor, id)) };
}
