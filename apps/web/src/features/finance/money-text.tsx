import { type LedgerEntry, type PaymentMethod, paymentMethodsOf } from '@crm/contracts';
import { Typography } from 'antd';
import { useSession } from '../../shared/session/use-session';
import { formatMoney, useCurrency } from '../courses/money';

export const useCompanyMethods = (current?: PaymentMethod | null) =>
  paymentMethodsOf(useSession().company?.datas.country, current);

/** Whether the entry no longer counts: it was cancelled or replaced by an edit. */
export const isCancelled = (entry: Pick<LedgerEntry, 'reversed_by_id'>) => entry.reversed_by_id !== null;

/** The cash-desk entries that can be corrected: a payment (edit, cancel) or a write-off (cancel), once. */
export const canCancel = (entry: LedgerEntry) =>
  (entry.kind === 'payment' || entry.kind === 'write_off') && entry.reverses_id === null && !isCancelled(entry);
export const canEdit = (entry: LedgerEntry) => entry.kind === 'payment' && canCancel(entry);

/**
 * A signed amount in the company currency, "+450 000 UZS" in green or "−100 000 UZS" in red; struck
 * through when the entry was cancelled.
 */
export function SignedAmount({ amount, cancelled = false }: { amount: number; cancelled?: boolean }) {
  const currency = useCurrency();
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return (
    <Typography.Text
      strong
      delete={cancelled}
      type={cancelled ? 'secondary' : amount < 0 ? 'danger' : amount > 0 ? 'success' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {sign}
      {formatMoney(Math.abs(amount), currency)}
    </Typography.Text>
  );
}

/** An amount without sign or colour, "450 000 UZS". */
export function Money({ amount }: { amount: number }) {
  const currency = useCurrency();
  return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(amount, currency)}</span>;
}
