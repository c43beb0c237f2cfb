import type { LicenceOrder, LicenceOrderInput, LicenceOrderStatus, LicencePayment, Tariff } from '@crm/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { licenceOrders, licencePayments } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

/** A licence order (billing/order): the band and period at the price of the list when ordered. */
export type LicenceOrderRow = typeof licenceOrders.$inferSelect;

/** The invoice's number: the company and the order, unique over the platform. */
export const orderNumberOf = (row: Pick<LicenceOrderRow, 'companyId' | 'id'>) => `${row.companyId}-${row.id}`;

export const licenceOrderView = (row: LicenceOrderRow): LicenceOrder => ({
  id: row.id,
  number: orderNumberOf(row),
  max_students: row.maxStudents,
  period_months: row.periodMonths,
  amount: row.amount,
  currency: row.currency,
  status: row.status as LicenceOrderStatus,
  licence_from: row.licenceFrom,
  licence_to: row.licenceTo,
  paid_at: row.paidAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/**
 * Orders a licence at the tariff's price. `createdBy` null: a visitor of /entry/order (the history shows the
 * system). Runs in the company's transaction or on the owner connection; the company is always explicit.
 */
export async function createLicenceOrder(
  tx: Tx,
  companyId: number,
  createdBy: number | null,
  input: LicenceOrderInput,
  tariff: Tariff | null,
): Promise<LicenceOrderRow> {
  if (!tariff) throw new AppError(422, 'tariff_not_offered', input);
  const [row] = await tx
    .insert(licenceOrders)
    .values({
      companyId,
      maxStudents: tariff.max_students,
      periodMonths: tariff.period_months,
      amount: tariff.price,
      currency: tariff.currency,
      createdBy,
    })
    .returning();
  if (!row) throw new Error('licence order insert returned no row');
  await recordHistory(
    tx,
    { id: createdBy, companyId },
    {
      event: 'licenceOrdered',
      entity: 'company',
      entityId: companyId,
      data: { order_id: row.id, max_students: row.maxStudents, period_months: row.periodMonths, amount: row.amount },
    },
  );
  return row;
}

export async function findLicenceOrder(tx: Tx, companyId: number, id: number): Promise<LicenceOrderRow> {
  const [row] = await tx
    .select()
    .from(licenceOrders)
    .where(and(eq(licenceOrders.companyId, companyId), eq(licenceOrders.id, id)));
  if (!row) throw notFound();
  return row;
}

/** A pending order may be paid; a paid or cancelled one is closed. */
export function assertPayable(order: LicenceOrderRow): void {
  if (order.status !== 'pending') throw new AppError(409, 'checkout_closed', { order_id: order.id });
}

export async function listLicenceOrders(tx: Tx, companyId: number): Promise<LicenceOrder[]> {
  const rows = await tx
    .select()
    .from(licenceOrders)
    .where(eq(licenceOrders.companyId, companyId))
    .orderBy(desc(licenceOrders.id))
    .limit(200);
  return rows.map(licenceOrderView);
}

/** GET /company/{id}/payments: the licence money, newest first. */
export async function listLicencePayments(tx: Tx, companyId: number): Promise<LicencePayment[]> {
  const rows = await tx
    .select()
    .from(licencePayments)
    .where(eq(licencePayments.companyId, companyId))
    .orderBy(desc(licencePayments.id))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    order_id: row.orderId,
    order_number: orderNumberOf({ companyId: row.companyId, id: row.orderId }),
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  }));
}
