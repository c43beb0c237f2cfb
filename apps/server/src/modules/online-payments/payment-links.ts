import { companyDatasSchema, formatAmount, type Language, type paymentLinkInputSchema } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { forbidden } from '../../platform/errors.js';
import { queueDelivery } from '../sms/auto-run.js';
import { sendSms } from '../sms/sending.js';
import { checkoutView } from './checkouts.js';
import { openFeeCheckout } from './fee-checkouts.js';

/** The SMS of a payment link, in the centre's language: the amount, the centre and the address. */
const LINK_TEXT: Record<Language, (amount: string, centre: string, url: string) => string> = {
  uz: (amount, centre, url) => `${centre}: ${amount} toʻlovni onlayn amalga oshiring: ${url}`,
  ru: (amount, centre, url) => `${centre}: оплатите ${amount} онлайн: ${url}`,
  en: (amount, centre, url) => `${centre}: pay ${amount} online: ${url}`,
  id: (amount, centre, url) => `${centre}: bayar ${amount} secara online: ${url}`,
};

/**
 * POST /online-payments/links: staff open a checkout for a student and send him (or his parent) its address by
 * SMS. The SMS is stored with the checkout in one transaction and delivered after the commit.
 */
export async function sendPaymentLink(
  app: FastifyInstance,
  tx: Tx,
  actor: Actor,
  input: z.infer<typeof paymentLinkInputSchema>,
  origin: string,
) {
  if (actor.id === input.student_id) throw forbidden();
  const { checkout } = await openFeeCheckout(tx, actor, input, 'link');
  const [company] = await tx
    .select({ name: companies.name, datas: companies.datas })
    .from(companies)
    .where(eq(companies.id, actor.companyId));
  const datas = companyDatasSchema.parse(company?.datas ?? {});
  const url = `${origin}/entry/pay/${checkout.token}`;
  const amount = `${formatAmount(checkout.amount, checkout.currency)} ${checkout.currency}`;
  const text = LINK_TEXT[datas.locale](amount, company?.name ?? '', url);
  const sent = await sendSms(
    app,
    tx,
    actor,
    { audience: { kind: 'students', student_ids: [input.student_id] }, to: input.to, text },
    app.clock(),
  );
  return {
    answer: { checkout: checkoutView(checkout, null), url, messages: sent.answer.messages },
    afterCommit: () => queueDelivery(app, actor.companyId, sent.ids),
  };
}
