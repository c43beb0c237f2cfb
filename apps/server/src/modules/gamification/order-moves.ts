import { CODE_ATTEMPTS, CODE_LOCK_MINUTES, OrderStatus } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { shopOrders, shopProducts } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { appendCoins } from './coin-ledger.js';
import type { OrderRow } from './order-rows.js';

/**
 * What happens to a locked pending order (issue 21): the hand-over with the student's code, or the cancel that
 * returns its coins. Each is idempotent — the same request again answers the same order and books nothing —
 * and the row lock makes two staff members at once book it once.
 */

interface Mover {
  id: number;
  companyId: number;
}

const orderEvent = (row: OrderRow) => ({
  entity: 'order',
  entityId: row.id,
  branchId: row.branchId,
  data: { product_name: row.productName, price: row.price, student_id: row.studentId, student_name: row.studentName },
});

/** The reservation's cause: `order:{id}` move 0 reserves, move 1 releases. */
export const orderCause = (orderId: number) => `order:${orderId}`;

export type CodeCheck = { outcome: 'confirmed' } | { outcome: 'refused'; error: AppError };

/**
 * Checks the code of a locked order. A wrong one is counted and, at CODE_ATTEMPTS, locks the order for
 * CODE_LOCK_MINUTES: that count must be kept although the request fails, so a refusal is answered (to be
 * thrown once this transaction has committed) rather than thrown here.
 */
export async function confirmLockedOrder(tx: Tx, actor: Mover, row: OrderRow, code: string, at: Date) {
  if (row.status === OrderStatus.confirmed && row.code === code) return { outcome: 'confirmed' } as CodeCheck;
  if (row.status !== OrderStatus.pending) throw new AppError(422, 'order_not_pending');
  if (row.lockedUntil && row.lockedUntil > at) {
    throw new AppError(422, 'order_locked', { locked_until: row.lockedUntil.toISOString() });
  }
  const where = and(eq(shopOrders.companyId, actor.companyId), eq(shopOrders.id, row.id));
  if (row.code !== code) {
    const wrong = row.wrongCodes + 1;
    const locks = wrong >= CODE_ATTEMPTS;
    await tx
      .update(shopOrders)
      .set({
        wrongCodes: locks ? 0 : wrong,
        lockedUntil: locks ? new Date(at.getTime() + CODE_LOCK_MINUTES * 60_000) : row.lockedUntil,
      })
      .where(where);
    const error = locks
      ? new AppError(422, 'order_locked', { locked_until: new Date(at.getTime() + CODE_LOCK_MINUTES * 60_000) })
      : new AppError(422, 'wrong_confirmation_code', { attempts_left: CODE_ATTEMPTS - wrong });
    return { outcome: 'refused', error } as CodeCheck;
  }
  // The piece leaves the stock now (the product locked: two hand-overs of its last piece queue here).
  const productKey = and(eq(shopProducts.companyId, actor.companyId), eq(shopProducts.id, row.productId));
  const [product] = await tx.select({ stock: shopProducts.stock }).from(shopProducts).where(productKey).for('update');
  if (product && product.stock !== null) {
    if (product.stock <= 0) throw new AppError(422, 'product_out_of_stock');
    await tx
      .update(shopProducts)
      .set({ stock: sql`${shopProducts.stock} - 1` })
      .where(productKey);
  }
  await tx
    .update(shopOrders)
    .set({ status: OrderStatus.confirmed, responsibleId: actor.id, confirmedAt: at, wrongCodes: 0 })
    .where(where);
  await recordHistory(tx, actor, { event: 'orderConfirmed', ...orderEvent(row) });
  return { outcome: 'confirmed' } as CodeCheck;
}

/** Cancels a locked order: its reserved coins return (the reservation's second move, booked once). */
export async function cancelLockedOrder(tx: Tx, actor: Mover, row: OrderRow, at: Date): Promise<void> {
  if (row.status === OrderStatus.cancelled) return;
  if (row.status !== OrderStatus.pending) throw new AppError(422, 'order_not_pending');
  await tx
    .update(shopOrders)
    .set({ status: OrderStatus.cancelled, responsibleId: actor.id, cancelledAt: at })
    .where(and(eq(shopOrders.companyId, actor.companyId), eq(shopOrders.id, row.id)));
  await appendCoins(tx, actor.companyId, {
    studentId: row.studentId,
    amount: row.price,
    kind: 'order_release',
    cause: orderCause(row.id),
    causeSeq: 1,
    orderId: row.id,
    reason: row.productName,
    authorId: actor.id,
  });
  await recordHistory(tx, actor, { event: 'orderCancelled', ...orderEvent(row) });
}
