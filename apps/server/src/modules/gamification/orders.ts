import {
  type Order,
  type OrderFilterChoices,
  type OrderList,
  type OrderListQuery,
  orderListQuerySchema,
  paginate,
} from '@crm/contracts';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { shopOrders } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import type { AppError } from '../../platform/errors.js';
import { assertGamificationOn } from './coin-settings.js';
import { cancelLockedOrder, confirmLockedOrder } from './order-moves.js';
import { lockedOrder, orderScope, readOrder, selectOrders, staffOrderOf } from './order-rows.js';

/** The staff's side of the orders (spec §2 gamification/orders): the list, the hand-over and the cancel. */

/** GET /gamification/orders. */
export async function listOrders(tx: Tx, actor: Actor, at: Date, query: OrderListQuery): Promise<OrderList> {
  await assertGamificationOn(tx, actor.companyId);
  const q = orderListQuerySchema.parse(query);
  const where: SQL[] = [orderScope(actor)];
  if (q.status !== undefined) where.push(eq(shopOrders.status, q.status));
  if (q.product_id) where.push(eq(shopOrders.productId, q.product_id));
  if (q.student_id) where.push(eq(shopOrders.studentId, q.student_id));
  if (q.responsible_id) where.push(eq(shopOrders.responsibleId, q.responsible_id));
  if (q.branch_id) {
    assertBranch(actor, q.branch_id);
    where.push(eq(shopOrders.branchId, q.branch_id));
  }
  const [total] = await tx
    .select({ n: count() })
    .from(shopOrders)
    .where(and(...where));
  const rows = await selectOrders(tx)
    .where(and(...where))
    .orderBy(desc(shopOrders.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return {
    data: rows.map((row) => staffOrderOf(row, at)),
    pagination: paginate(total?.n ?? 0, q.page, q.per_page, rows.length),
  };
}

/** GET /gamification/orders/choices: the products and responsible staff of the caller's orders. */
export async function orderChoices(tx: Tx, actor: Actor): Promise<OrderFilterChoices> {
  await assertGamificationOn(tx, actor.companyId);
  const rows = await selectOrders(tx).where(orderScope(actor)).orderBy(asc(shopOrders.id)).limit(5000);
  const products = new Map<number, string>();
  const responsible = new Map<number, string>();
  for (const row of rows) {
    products.set(row.productId, row.productName);
    if (row.responsibleId !== null) responsible.set(row.responsibleId, row.responsibleName ?? '');
  }
  const sorted = (map: Map<number, string>) =>
    [...map].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  return { products: sorted(products), responsible: sorted(responsible) };
}

/**
 * POST /gamification/orders/{id}/confirm. Answers the order, or the refusal of a wrong code to throw after
 * the transaction committed (its count must stay).
 */
export async function confirmOrder(
  tx: Tx,
  actor: Actor,
  at: Date,
  id: number,
  code: string,
): Promise<{ order: Order } | { refusal: AppError }> {
  await assertGamificationOn(tx, actor.companyId);
  const row = await lockedOrder(tx, orderScope(actor), id);
  const check = await confirmLockedOrder(tx, actor, row, code, at);
  if (check.outcome === 'refused') return { refusal: check.error };
  return { order: staffOrderOf(await readOrder(tx, actor.companyId, id), at) };
}

/** POST /gamification/orders/{id}/cancel. */
export async function cancelOrder(tx: Tx, actor: Actor, at: Date, id: number): Promise<Order> {
  await assertGamificationOn(tx, actor.companyId);
  const row = await lockedOrder(tx, orderScope(actor), id);
  await cancelLockedOrder(tx, actor, row, at);
  return staffOrderOf(await readOrder(tx, actor.companyId, id), at);
}
