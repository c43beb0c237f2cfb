import {
  type Checkout,
  canAccess,
  companyDatasSchema,
  countryRules,
  type FeeCheckoutInput,
  isOnlineProvider,
  ONLINE_PROVIDERS,
  type OnlinePaymentSource,
  type OnlineProvider,
  paymentMethodsOf,
  Role,
  type StudentCheckoutList,
} from '@crm/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { companies, onlinePayments, paymentProviderAccounts } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { type MoneyTarget, moneyTarget } from '../finance/money-target.js';
import { childReach } from '../parents/children.js';
import { providerRedirectUrl } from './checkout-redirect.js';
import { type CheckoutRow, checkoutView, openCheckout } from './checkouts.js';
import { companyMerchantOf, credentialsAreValid } from './merchants.js';
import { studentFeeSummary } from './student-fee-summary.js';

/*
 * A student's fee paid online (issue 17): from his own screen, or from a link the staff send by SMS. The money
 * goes to the centre's own merchant account; the provider's callback books it (settlement.ts).
 */

/** Staff who take money or look after students may open a payment for any student of their branches. */
const staffMayPayFor = (actor: Actor) => canAccess('students', actor.roles) || canAccess('finance', actor.roles);

/**
 * Who may pay for whom: a student for himself, a parent for his children (issue 24), staff for the students of
 * their branches. Answers whose reach finds the student: the caller, or for a parent his child's own view.
 */
export async function payingReach(tx: Tx, actor: Actor, studentId: number): Promise<Actor> {
  if (actor.id === studentId) {
    if (!actor.roles.includes(Role.student)) throw forbidden();
    return actor;
  }
  const asChild = await childReach(tx, actor, studentId);
  if (asChild) return asChild;
  if (!staffMayPayFor(actor)) throw forbidden();
  return actor;
}

async function companyCountry(tx: Tx, companyId: number) {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  return companyDatasSchema.parse(row?.datas ?? {}).country;
}

/** The providers a centre takes fees through: offered in its country (Midtrans: rupiah only), set up and on. */
export async function feeProvidersOf(tx: Tx, companyId: number): Promise<OnlineProvider[]> {
  const offered = paymentMethodsOf(await companyCountry(tx, companyId)).filter(isOnlineProvider);
  const accounts = await tx
    .select({ provider: paymentProviderAccounts.provider, credentials: paymentProviderAccounts.credentials })
    .from(paymentProviderAccounts)
    .where(and(eq(paymentProviderAccounts.companyId, companyId), eq(paymentProviderAccounts.enabled, true)));
  const usable = new Set(
    accounts
      .filter(({ provider, credentials }) => isOnlineProvider(provider) && credentialsAreValid(provider, credentials))
      .map(({ provider }) => provider),
  );
  return ONLINE_PROVIDERS.filter((provider) => offered.includes(provider) && usable.has(provider));
}

/** A fee checkout to open: the student, and the group or the branch (a cash desk) the money is booked in. */
export type FeeCheckoutRequest = FeeCheckoutInput & { branch_id?: number };

/**
 * Opens a fee checkout for a student (and group, or branch) the caller may pay for; history says who started
 * it. Answers the checkout and whom it is for (a provider's page may show his name and phone).
 */
export async function openFeeCheckout(
  tx: Tx,
  actor: Actor,
  input: FeeCheckoutRequest,
  source: OnlinePaymentSource,
): Promise<{ checkout: CheckoutRow; target: MoneyTarget }> {
  const reach = await payingReach(tx, actor, input.student_id);
  const target = await moneyTarget(tx, reach, input.student_id, input.group_id ?? null, input.branch_id ?? null);
  if (!(await feeProvidersOf(tx, actor.companyId)).includes(input.provider)) {
    throw new AppError(422, 'payment_provider_not_configured', { provider: input.provider });
  }
  const country = await companyCountry(tx, actor.companyId);
  const checkout = await openCheckout(tx, {
    companyId: actor.companyId,
    purpose: 'fee',
    provider: input.provider,
    amount: input.amount,
    currency: countryRules(country).currency,
    source,
    createdBy: actor.id,
    branchId: target.branchId,
    studentId: target.studentId,
    groupId: target.groupId,
  });
  await recordHistory(tx, actor, {
    event: 'onlineCheckoutOpened',
    entity: 'user',
    entityId: target.studentId,
    branchId: target.branchId,
    data: {
      amount: input.amount,
      provider: input.provider,
      checkout_id: checkout.id,
      student_name: target.studentName,
    },
  });
  return { checkout, target };
}

/** The provider's page for an open fee checkout; back from it, the link page shows how it went. */
export async function feeCheckoutAnswer(
  app: FastifyInstance,
  tx: Tx,
  checkout: CheckoutRow,
  origin: string,
): Promise<Checkout> {
  if (checkout.status !== 'open') return checkoutView(checkout, null);
  const provider = checkout.provider as OnlineProvider;
  const credentials = await companyMerchantOf(tx, checkout.companyId, provider);
  if (!credentials) throw new AppError(422, 'payment_provider_not_configured', { provider });
  const url = await providerRedirectUrl(app.payments, checkout, credentials, {
    returnUrl: `${origin}/entry/pay/${checkout.token}`,
    description: 'Tuition',
  });
  return checkoutView(checkout, url);
}

/** GET /online-payments/checkouts: a student's online payments, newest first, with what the caller may do. */
export async function studentCheckouts(
  tx: Tx,
  actor: Actor,
  studentId: number,
  now: Date,
): Promise<StudentCheckoutList> {
  const reach = await payingReach(tx, actor, studentId);
  if (reach.id !== studentId) await moneyTarget(tx, reach, studentId);
  const rows = await tx
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.companyId, actor.companyId), eq(onlinePayments.studentId, studentId)))
    .orderBy(desc(onlinePayments.id))
    .limit(50);
  const providers = await feeProvidersOf(tx, actor.companyId);
  return {
    data: rows.map((row) => ({
      ...checkoutView(row, null),
      source: row.source as OnlinePaymentSource,
      group_id: row.groupId,
    })),
    ...(await studentFeeSummary(tx, reach, studentId, now)),
    providers,
    policies: { can_pay: providers.length > 0, can_send_link: providers.length > 0 && staffMayPayFor(actor) },
  };
}
