import { randomInt } from 'node:crypto';
import {
  CONFIRMATION_CODE_LENGTH,
  type MyOrder,
  OrderStatus,
  ProductStatus,
  Role,
  type StudentShop,
} from '@crm/contracts';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches, shopOrders, shopProducts } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { balanceOf, debitCoins, reservedOf } from './coin-ledger.js';
import { assertGamificationOn } from './coin-settings.js';
import { cancelLockedOrder, orderCause } from './order-moves.js';
import { lockedOrder, type OrderRow, orderOf, readOrder, selectOrders } from './order-rows.js';

/** The student's own shop (issue 21, phone first): what he can buy, his orders and their codes. */

function assertStudent(actor: Actor) {
  if (!actor.roles.includes(Role.student)) throw forbidden();
}

/** Products of his branches and of every branch. */
const sellsTo = (actor: Actor) =>
  and(
    eq(shopProducts.companyId, actor.companyId),
    or(isNull(shopProducts.branchId), inArray(shopProducts.branchId, actor.branchIds.length ? actor.branchIds : [-1])),
  );

/** Pieces not yet promised to a pending order: a counted stock is handed over at confirmation. */
// Spelled out: in a query of this table alone drizzle leaves its columns unqualified, and inside the subquery
// they would name the order's columns.
const piecesLeft = sql<number | null>`case when shop_products.stock is null then null else shop_products.stock -
  (select count(*)::int from shop_orders o where o.company_id = shop_products.company_id
    and o.product_id = shop_products.id and o.status = ${OrderStatus.pending}) end`;

const myOrderOf = (row: OrderRow, at: Date): MyOrder => {
  const { locked_until: _locked, ...order } = orderOf(row, at);
  const pending = row.status === OrderStatus.pending;
  return { ...order, code: pending ? row.code : null, policies: { cancel: pending } };
};

/** GET /gamification/shop. */
export async function studentShop(tx: Tx, actor: Actor, at: Date): Promise<StudentShop> {
  assertStudent(actor);
  await assertGamificationOn(tx, actor.companyId);
  const balance = await balanceOf(tx, actor.companyId, actor.id);
  const products = await tx
    .select({
      id: shopProducts.id,
      name: shopProducts.name,
      description: shopProducts.description,
      photo: shopProducts.photo,
      price: shopProducts.price,
      stock: shopProducts.stock,
      status: shopProducts.status,
      branchId: shopProducts.branchId,
      branchName: branches.name,
      left: piecesLeft,
    })
    .from(shopProducts)
    .leftJoin(branches, and(eq(branches.companyId, shopProducts.companyId), eq(branches.id, shopProducts.branchId)))
    .where(and(sellsTo(actor), eq(shopProducts.status, ProductStatus.available)))
    .orderBy(asc(shopProducts.price), asc(shopProducts.id));
  const orders = await selectOrders(tx)
    .where(and(eq(shopOrders.companyId, actor.companyId), eq(shopOrders.studentId, actor.id)))
    .orderBy(desc(shopOrders.id))
    .limit(50);
  return {
    balance,
    reserved: await reservedOf(tx, actor.companyId, actor.id),
    products: products.map(({ branchId, branchName, left, ...product }) => ({
      ...product,
      branch: branchId === null ? null : { id: branchId, name: branchName ?? '' },
      affordable: balance >= product.price,
      in_stock: left === null || left > 0,
    })),
    orders: orders.map((row) => myOrderOf(row, at)),
  };
}

const newCode = () => String(randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)).padStart(CONFIRMATION_CODE_LENGTH, '0');

/** POST /gamification/shop/orders: the price is reserved from his coins, and a code is made for the hand-over. */
export async function placeOrder(tx: Tx, actor: Actor, at: Date, productId: number): Promise<MyOrder> {
  assertStudent(actor);
  await assertGamificationOn(tx, actor.companyId);
  // The product locked: its last piece is promised once, and it is not deleted meanwhile.
  const [product] = await tx
    .select({
      id: shopProducts.id,
      name: shopProducts.name,
      price: shopProducts.price,
      status: shopProducts.status,
      branchId: shopProducts.branchId,
      left: piecesLeft,
    })
    .from(shopProducts)
    .where(and(sellsTo(actor), eq(shopProducts.id, productId)))
    .for('update', { of: shopProducts });
  if (!product) throw notFound();
  if (product.status !== ProductStatus.available) throw new AppError(422, 'product_not_available');
  if (product.left !== null && product.left <= 0) throw new AppError(422, 'product_out_of_stock');
  const [order] = await tx
    .insert(shopOrders)
    .values({
      companyId: actor.companyId,
      studentId: actor.id,
      productId: product.id,
      branchId: product.branchId ?? actor.branchIds[0] ?? null,
      price: product.price,
      code: newCode(),
      createdAt: at,
    })
    .returning({ id: shopOrders.id });
  const reserved = await debitCoins(tx, actor.companyId, {
    studentId: actor.id,
    amount: product.price,
    kind: 'order_reserve',
    cause: orderCause(order!.id),
    causeSeq: 0,
    orderId: order!.id,
    reason: product.name,
    authorId: actor.id,
  });
  if (!reserved) throw new AppError(422, 'not_enough_coins');
  const row = await readOrder(tx, actor.companyId, order!.id);
  await recordHistory(tx, actor, {
    event: 'orderPlaced',
    entity: 'order',
    entityId: row.id,
    branchId: row.branchId,
    data: { product_name: row.productName, price: row.price, student_id: actor.id, student_name: actor.name },
  });
  return myOrderOf(row, at);
}

/** POST /gamification/shop/orders/{id}/cancel: the student takes back his own pending order. */
export async function cancelMyOrder(tx: Tx, actor: Actor, at: Date, id: number): Promise<MyOrder> {
  // Only his own orders: anyone else's, or any for a caller who is no student, is absent (404).
  await assertGamificationOn(tx, actor.companyId);
  const mine = and(eq(shopOrders.companyId, actor.companyId), eq(shopOrders.studentId, actor.id));
  const row = await lockedOrder(tx, mine!, id);
  await cancelLockedOrder(tx, actor, row, at);
  return myOrderOf(await readOrder(tx, actor.companyId, id), at);
}
