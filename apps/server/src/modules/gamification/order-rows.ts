import { type Order, OrderStatus } from '@crm/contracts';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { branches, shopOrders, shopProducts, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';

/** How orders are read, for the staff's list and the student's own (issue 21). */

const student = alias(users, 'student');
const responsible = alias(users, 'responsible');

export const orderColumns = {
  id: shopOrders.id,
  status: shopOrders.status,
  price: shopOrders.price,
  code: shopOrders.code,
  wrongCodes: shopOrders.wrongCodes,
  lockedUntil: shopOrders.lockedUntil,
  createdAt: shopOrders.createdAt,
  confirmedAt: shopOrders.confirmedAt,
  cancelledAt: shopOrders.cancelledAt,
  productId: shopOrders.productId,
  productName: shopProducts.name,
  productPhoto: shopProducts.photo,
  studentId: shopOrders.studentId,
  studentName: student.name,
  branchId: shopOrders.branchId,
  branchName: branches.name,
  responsibleId: shopOrders.responsibleId,
  responsibleName: responsible.name,
};

export const selectOrders = (tx: Tx) =>
  tx
    .select(orderColumns)
    .from(shopOrders)
    .innerJoin(
      shopProducts,
      and(eq(shopProducts.companyId, shopOrders.companyId), eq(shopProducts.id, shopOrders.productId)),
    )
    .innerJoin(student, and(eq(student.companyId, shopOrders.companyId), eq(student.id, shopOrders.studentId)))
    .leftJoin(branches, and(eq(branches.companyId, shopOrders.companyId), eq(branches.id, shopOrders.branchId)))
    .leftJoin(
      responsible,
      and(eq(responsible.companyId, shopOrders.companyId), eq(responsible.id, shopOrders.responsibleId)),
    );

export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/** Orders the staff member handles: those of his branches (owner and CEO: all). */
export function orderScope(actor: Actor): SQL {
  const own = eq(shopOrders.companyId, actor.companyId);
  if (actor.allBranches) return own;
  const mine = actor.branchIds.length ? actor.branchIds : [-1];
  return and(own, or(isNull(shopOrders.branchId), inArray(shopOrders.branchId, mine))) as SQL;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** An order as a list shows it (without its code: only the student sees that). */
export function orderOf(row: OrderRow, now: Date): Omit<Order, 'policies'> {
  return {
    id: row.id,
    status: row.status,
    product: { id: row.productId, name: row.productName, photo: row.productPhoto },
    student: { id: row.studentId, name: row.studentName },
    branch: row.branchId === null ? null : { id: row.branchId, name: row.branchName ?? '' },
    price: row.price,
    responsible: row.responsibleId === null ? null : { id: row.responsibleId, name: row.responsibleName ?? '' },
    created_at: row.createdAt.toISOString(),
    confirmed_at: iso(row.confirmedAt),
    cancelled_at: iso(row.cancelledAt),
    locked_until: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil.toISOString() : null,
  };
}

export const staffOrderOf = (row: OrderRow, now: Date): Order => {
  const pending = row.status === OrderStatus.pending;
  return { ...orderOf(row, now), policies: { confirm: pending, cancel: pending } };
};

/** One order in `scope`, locked for its change (two staff confirming the same one queue here). */
export async function lockedOrder(tx: Tx, scope: SQL, id: number): Promise<OrderRow> {
  const [row] = await selectOrders(tx)
    .where(and(scope, eq(shopOrders.id, id)))
    .for('update', { of: shopOrders });
  if (!row) throw notFound();
  return row;
}

export async function readOrder(tx: Tx, companyId: number, id: number): Promise<OrderRow> {
  const [row] = await selectOrders(tx).where(and(eq(shopOrders.companyId, companyId), eq(shopOrders.id, id)));
  if (!row) throw notFound();
  return row;
}
