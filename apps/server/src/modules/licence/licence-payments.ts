import { addDays, addMonths, companyDatasSchema, companyDay, daysBetween, type PaymentMethod } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, licenceOrders, licencePayments } from '../../db/schema/index.js';
import { recordHistory } from '../../platform/history.js';

/**
 * What a paid licence order does (the licence module is the only writer of licence_orders, licence_payments
 * and the company's licence columns): one payment row, the licence extended by the order's months and the
 * plan set to its band, in the caller's transaction. Provider callbacks run it on the owner connection with the
 * company named explicitly, so every statement here names the company.
 */
export interface LicencePaymentInput {
  companyId: number;
  orderId: number;
  amount: number;
  currency: string;
  method: PaymentMethod;
  onlinePaymentId: number | null;
  /** Unique per provider transaction (or per bank transfer): a repeat books nothing. */
  naturalKey: string;
  now: Date;
}

const lockCompany = async (tx: Tx, companyId: number) => {
  const [company] = await tx
    .select({ datas: companies.datas, licenceEndsOn: companies.licenceEndsOn })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!company) throw new Error(`company ${companyId} not found`);
  return company;
};

const lockOrder = async (tx: Tx, companyId: number, orderId: number) => {
  const [order] = await tx
    .select()
    .from(licenceOrders)
    .where(and(eq(licenceOrders.companyId, companyId), eq(licenceOrders.id, orderId)))
    .for('update');
  if (!order) throw new Error(`licence order ${companyId}-${orderId} not found`);
  return order;
};

/**
 * Books a licence payment once: a repeated natural key answers the first row's id and changes nothing. The
 * licence runs on from its last day while it runs, else from the centre's today.
 */
export async function applyLicencePayment(tx: Tx, input: LicencePaymentInput): Promise<number> {
  const company = await lockCompany(tx, input.companyId);
  const [already] = await tx
    .select({ id: licencePayments.id })
    .from(licencePayments)
    .where(and(eq(licencePayments.companyId, input.companyId), eq(licencePayments.naturalKey, input.naturalKey)));
  if (already) return already.id;
  const order = await lockOrder(tx, input.companyId, input.orderId);
  const datas = companyDatasSchema.parse(company.datas ?? {});
  const today = companyDay(datas, input.now);
  const from = company.licenceEndsOn && company.licenceEndsOn >= today ? addDays(company.licenceEndsOn, 1) : today;
  const to = addDays(addMonths(from, order.periodMonths), -1);
  const [payment] = await tx
    .insert(licencePayments)
    .values({
      companyId: input.companyId,
      orderId: order.id,
      amount: input.amount,
      currency: input.currency,
      method: input.method,
      onlinePaymentId: input.onlinePaymentId,
      naturalKey: input.naturalKey,
    })
    .returning({ id: licencePayments.id });
  if (!payment) throw new Error('licence payment insert returned no row');
  await tx
    .update(licenceOrders)
    .set({ status: 'paid', licenceFrom: from, licenceTo: to, paidAt: input.now })
    .where(and(eq(licenceOrders.companyId, input.companyId), eq(licenceOrders.id, order.id)));
  await tx
    .update(companies)
    .set({
      licenceEndsOn: to,
      datas: sql`${companies.datas} || ${JSON.stringify({ tariff_student_limit: order.maxStudents })}::jsonb`,
    })
    .where(eq(companies.id, input.companyId));
  await recordHistory(
    tx,
    { id: null, companyId: input.companyId },
    {
      event: 'licencePaid',
      entity: 'company',
      entityId: input.companyId,
      data: {
        order_id: order.id,
        max_students: order.maxStudents,
        period_months: order.periodMonths,
        amount: input.amount,
        provider: input.method,
        licence_to: to,
      },
    },
  );
  return payment.id;
}

/**
 * The provider took a licence payment back: a reversing row, the order cancelled, and the licence shortened by
 * the days that order added (never to before the day it started).
 */
export async function reverseLicencePayment(
  tx: Tx,
  input: { companyId: number; paymentId: number; reason: string; now: Date },
): Promise<number> {
  const company = await lockCompany(tx, input.companyId);
  const [payment] = await tx
    .select()
    .from(licencePayments)
    .where(and(eq(licencePayments.companyId, input.companyId), eq(licencePayments.id, input.paymentId)));
  if (!payment) throw new Error(`licence payment ${input.paymentId} not found`);
  const [reversed] = await tx
    .select({ id: licencePayments.id })
    .from(licencePayments)
    .where(and(eq(licencePayments.companyId, input.companyId), eq(licencePayments.reversesId, payment.id)));
  if (reversed) return reversed.id;
  const order = await lockOrder(tx, input.companyId, payment.orderId);
  const [row] = await tx
    .insert(licencePayments)
    .values({
      companyId: input.companyId,
      orderId: order.id,
      amount: -payment.amount,
      currency: payment.currency,
      method: payment.method,
      onlinePaymentId: payment.onlinePaymentId,
      naturalKey: `reversal:${payment.id}`,
      reversesId: payment.id,
      reason: input.reason,
    })
    .returning({ id: licencePayments.id });
  if (!row) throw new Error('licence reversal insert returned no row');
  const added = order.licenceFrom && order.licenceTo ? daysBetween(order.licenceFrom, order.licenceTo) + 1 : 0;
  const endsOn = company.licenceEndsOn ? addDays(company.licenceEndsOn, -added) : null;
  await tx
    .update(licenceOrders)
    .set({ status: 'cancelled' })
    .where(and(eq(licenceOrders.companyId, input.companyId), eq(licenceOrders.id, order.id)));
  await tx.update(companies).set({ licenceEndsOn: endsOn }).where(eq(companies.id, input.companyId));
  await recordHistory(
    tx,
    { id: null, companyId: input.companyId },
    {
      event: 'licencePaymentReversed',
      entity: 'company',
      entityId: input.companyId,
      data: { order_id: order.id, amount: payment.amount, provider: payment.method, licence_to: endsOn },
    },
  );
  return row.id;
}
