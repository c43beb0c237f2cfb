import { randomUUID } from 'node:crypto';
import type {
  Checkout,
  OnlinePaymentPurpose,
  OnlinePaymentSource,
  OnlinePaymentStatus,
  OnlineProvider,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { onlinePayments } from '../../db/schema/index.js';

/**
 * A checkout (an online_payments row): what is to be paid, through which provider, for whom. Providers know it
 * by its number, `{company id}-{id}` (Payme's account.order_id, Click's merchant_trans_id, Midtrans's
 * order_id), which names the company too: a licence is paid to the platform's merchant, which serves every
 * company. Its payer and the success page know it by its token.
 */
export type CheckoutRow = typeof onlinePayments.$inferSelect;

export const checkoutNumberOf = (row: Pick<CheckoutRow, 'companyId' | 'id'>): string => `${row.companyId}-${row.id}`;

export function parseCheckoutNumber(number: unknown): { companyId: number; id: number } | null {
  const match = typeof number === 'string' ? /^(\d{1,15})-(\d{1,15})$/.exec(number.trim()) : null;
  if (!match) return null;
  return { companyId: Number(match[1]), id: Number(match[2]) };
}

export interface NewCheckout {
  companyId: number;
  purpose: OnlinePaymentPurpose;
  provider: OnlineProvider;
  amount: number;
  currency: string;
  source: OnlinePaymentSource;
  createdBy: number | null;
  branchId?: number | null;
  studentId?: number | null;
  groupId?: number | null;
  licenceOrderId?: number | null;
}

/** Opens a checkout in the caller's transaction (tenant or owner connection: the company is explicit). */
export async function openCheckout(tx: Tx, input: NewCheckout): Promise<CheckoutRow> {
  const [row] = await tx
    .insert(onlinePayments)
    .values({
      companyId: input.companyId,
      purpose: input.purpose,
      provider: input.provider,
      amount: input.amount,
      currency: input.currency,
      source: input.source,
      createdBy: input.createdBy,
      branchId: input.branchId ?? null,
      studentId: input.studentId ?? null,
      groupId: input.groupId ?? null,
      licenceOrderId: input.licenceOrderId ?? null,
      token: randomUUID(),
    })
    .returning();
  if (!row) throw new Error('online payment insert returned no row');
  return row;
}

/** A checkout by its number, locked (a provider's callbacks about one checkout are handled one at a time). */
export async function lockCheckout(tx: Tx, companyId: number, id: number): Promise<CheckoutRow | null> {
  const [row] = await tx
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.companyId, companyId), eq(onlinePayments.id, id)))
    .for('update');
  return row ?? null;
}

export async function checkoutByToken(tx: Tx, companyId: number, token: string): Promise<CheckoutRow | null> {
  const [row] = await tx
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.companyId, companyId), eq(onlinePayments.token, token)));
  return row ?? null;
}

export async function setCheckoutStatus(
  tx: Tx,
  row: CheckoutRow,
  status: OnlinePaymentStatus,
  change: { entryId?: number; paidAt?: Date } = {},
): Promise<void> {
  await tx
    .update(onlinePayments)
    .set({
      status,
      ...(change.entryId ? { entryId: change.entryId } : {}),
      ...(change.paidAt ? { paidAt: change.paidAt } : {}),
    })
    .where(and(eq(onlinePayments.companyId, row.companyId), eq(onlinePayments.id, row.id)));
}

/** The API's view; `redirectUrl` is the provider's page while the checkout is open. */
export const checkoutView = (row: CheckoutRow, redirectUrl: string | null): Checkout => ({
  token: row.token,
  purpose: row.purpose as OnlinePaymentPurpose,
  provider: row.provider as OnlineProvider,
  amount: row.amount,
  currency: row.currency,
  status: row.status as OnlinePaymentStatus,
  redirect_url: row.status === 'open' ? redirectUrl : null,
  paid_at: row.paidAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});
