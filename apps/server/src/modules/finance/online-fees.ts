import type { OnlineProvider } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import { recordHistory } from '../../platform/history.js';
import { bookEntry, entryView, findEntry, reverseEntry } from './ledger.js';

/**
 * A student's fee that an online provider took (issue 17): the finance module books it, being the only writer
 * of the ledger. The provider's callback has no user: the entry's author is the system, its method the
 * provider, and its natural key the provider's transaction, so no callback books it twice.
 */
export interface OnlineFee {
  companyId: number;
  checkoutId: number;
  provider: OnlineProvider;
  /** Unique per provider transaction: `online:{provider}:{merchant}:{external id}`. */
  naturalKey: string;
  amount: number;
  branchId: number;
  studentId: number;
  groupId: number | null;
  /** The company's day the money arrived. */
  date: string;
}

export async function bookOnlineFee(tx: Tx, fee: OnlineFee): Promise<number> {
  const system = { id: null, companyId: fee.companyId };
  const id = await bookEntry(tx, system, {
    kind: 'payment',
    amount: fee.amount,
    date: fee.date,
    branchId: fee.branchId,
    studentId: fee.studentId,
    groupId: fee.groupId,
    method: fee.provider,
    comment: null,
    cause: 'online_payment',
    causeId: fee.checkoutId,
    naturalKey: fee.naturalKey,
  });
  const view = await entryView(tx, fee.companyId, id);
  await recordHistory(tx, system, {
    event: 'balanceTopUp',
    entity: 'user',
    entityId: fee.studentId,
    branchId: fee.branchId,
    data: {
      entry_id: id,
      amount: fee.amount,
      method: fee.provider,
      student_name: view.student?.name ?? null,
      group_id: view.group?.id ?? null,
      group_title: view.group?.title ?? null,
    },
  });
  return id;
}

/** The provider took a paid fee back (Payme's cancel after perform, a Midtrans refund): a reversing entry. */
export async function reverseOnlineFee(
  tx: Tx,
  companyId: number,
  entryId: number,
  reason: string,
  date: string,
): Promise<number> {
  const system = { id: null, companyId };
  const entry = await findEntry(tx, companyId, entryId);
  const reversalId = await reverseEntry(tx, system, entry, reason, date);
  const view = await entryView(tx, companyId, reversalId);
  await recordHistory(tx, system, {
    event: 'paymentCancelled',
    entity: 'user',
    entityId: entry.studentId,
    branchId: entry.branchId,
    data: {
      entry_id: entry.id,
      reversal_id: reversalId,
      amount: entry.amount,
      reason,
      student_name: view.student?.name ?? null,
      group_id: view.group?.id ?? null,
      group_title: view.group?.title ?? null,
    },
  });
  return reversalId;
}
