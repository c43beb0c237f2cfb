import { companyDatasSchema, companyDay, type OnlineProvider } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, type providerTransactions } from '../../db/schema/index.js';
import { bookOnlineFee, reverseOnlineFee } from '../finance/online-fees.js';
import { applyLicencePayment, reverseLicencePayment } from '../licence/licence-payments.js';
import { type CheckoutRow, setCheckoutStatus } from './checkouts.js';

type TransactionRow = typeof providerTransactions.$inferSelect;

/** What a performed transaction booked. */
export interface Settled {
  companyId: number;
  purpose: 'fee' | 'licence';
  /** ledger_entries.id (fee) or licence_payments.id (licence). */
  entryId: number;
  studentId: number | null;
  amount: number;
}

const naturalKeyOf = (row: TransactionRow) => `online:${row.provider}:${row.merchant}:${row.externalId}`;

async function companyToday(tx: Tx, companyId: number, now: Date): Promise<string> {
  const [company] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  return companyDay(companyDatasSchema.parse(company?.datas ?? {}), now);
}

/** Books the checkout's money through the module that owns it: the ledger (a fee) or the licence. */
export async function settleCheckout(tx: Tx, checkout: CheckoutRow, row: TransactionRow, now: Date): Promise<Settled> {
  const provider = checkout.provider as OnlineProvider;
  let entryId: number;
  if (checkout.purpose === 'fee') {
    if (!checkout.studentId || !checkout.branchId) throw new Error(`fee checkout ${checkout.id} has no student`);
    entryId = await bookOnlineFee(tx, {
      companyId: checkout.companyId,
      checkoutId: checkout.id,
      provider,
      naturalKey: naturalKeyOf(row),
      amount: checkout.amount,
      branchId: checkout.branchId,
      studentId: checkout.studentId,
      groupId: checkout.groupId,
      date: await companyToday(tx, checkout.companyId, now),
    });
  } else {
    if (!checkout.licenceOrderId) throw new Error(`licence checkout ${checkout.id} has no order`);
    entryId = await applyLicencePayment(tx, {
      companyId: checkout.companyId,
      orderId: checkout.licenceOrderId,
      amount: checkout.amount,
      currency: checkout.currency,
      method: provider,
      onlinePaymentId: checkout.id,
      naturalKey: naturalKeyOf(row),
      now,
    });
  }
  await setCheckoutStatus(tx, checkout, 'paid', { entryId, paidAt: now });
  return {
    companyId: checkout.companyId,
    purpose: checkout.purpose as Settled['purpose'],
    entryId,
    studentId: checkout.studentId,
    amount: checkout.amount,
  };
}

/** A cancelled transaction: before perform the checkout just closes; after it, the booking is reversed. */
export async function unsettleCheckout(
  tx: Tx,
  checkout: CheckoutRow,
  row: TransactionRow,
  performed: boolean,
  now: Date,
): Promise<void> {
  if (!performed) {
    if (checkout.status === 'open') await setCheckoutStatus(tx, checkout, 'cancelled');
    return;
  }
  const reason = `${checkout.provider}: cancelled after payment (${row.externalId})`;
  if (!checkout.entryId) throw new Error(`performed checkout ${checkout.id} has no entry`);
  if (checkout.purpose === 'fee') {
    const date = await companyToday(tx, checkout.companyId, now);
    await reverseOnlineFee(tx, checkout.companyId, checkout.entryId, reason, date);
  } else {
    await reverseLicencePayment(tx, { companyId: checkout.companyId, paymentId: checkout.entryId, reason, now });
  }
  await setCheckoutStatus(tx, checkout, 'refunded');
}
